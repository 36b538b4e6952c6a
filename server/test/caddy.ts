import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import tls from 'node:tls';

/**
 * Runs Debian's Caddy on a Caddyfile written into `dir` (its data, config and certificates stay
 * there too), and resolves once Caddy's log shows `readyLine`: "serving initial configuration" for
 * plain HTTP, "certificate obtained successfully" once a local-CA site can answer HTTPS.
 */
export async function startCaddy(opts: {
  dir: string;
  /** The whole Caddyfile: global options block and site. */
  caddyfile: string;
  env?: Record<string, string>;
  readyLine?: string;
}): Promise<ChildProcess> {
  const config = path.join(opts.dir, 'Caddyfile');
  fs.writeFileSync(config, opts.caddyfile);
  const proc = spawn('caddy', ['run', '--config', config, '--adapter', 'caddyfile'], {
    env: { ...process.env, HOME: opts.dir, XDG_DATA_HOME: opts.dir, XDG_CONFIG_HOME: opts.dir, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const readyLine = opts.readyLine ?? 'serving initial configuration';
  await new Promise<void>((resolve, reject) => {
    let log = '';
    const fail = (why: string) => reject(new Error(`Caddy did not start (${why}):\n${log}`));
    const timer = setTimeout(() => fail('no start within 20 s'), 20_000);
    proc.stderr?.on('data', (d: Buffer) => {
      log += d.toString();
      if (log.includes(readyLine)) {
        clearTimeout(timer);
        resolve();
      }
    });
    proc.on('exit', (code) => {
      clearTimeout(timer);
      fail(`exited with ${code}`);
    });
  }).catch((err: unknown) => {
    proc.kill('SIGKILL');
    throw err;
  });
  return proc;
}

/** The global options of a test's plain-HTTP Caddy: no admin API, no HTTPS, state under `dir`. */
export function plainHttpGlobals(dir: string): string {
  return `{\n\tadmin off\n\tauto_https off\n\tstorage file_system ${path.join(dir, 'caddy')}\n}\n`;
}

/**
 * Resolves once Caddy completes a TLS handshake for `servername` on `port`. Caddy logs
 * "certificate obtained successfully" a moment before the certificate is in its cache; a handshake
 * in that moment is refused with an "internal error" alert, so the handshake itself is the event.
 */
export async function tlsReady(port: number, servername: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = tls.connect({ host: '127.0.0.1', port, servername, rejectUnauthorized: false }, () => {
        socket.end();
        resolve(true);
      });
      socket.setTimeout(2_000, () => socket.destroy(new Error('handshake timeout')));
      socket.on('error', (err) => {
        lastError = err.message;
        resolve(false);
      });
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no TLS handshake for ${servername} on :${port} within ${timeoutMs} ms (${lastError})`);
}
