import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** tsx by absolute path: `--import tsx` resolves from the working folder, which some tests move. */
const TSX = pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;

export interface ChildServer {
  child: ChildProcess;
  /** The URL once the server printed its startup block (rejects if it exits first). */
  listening: Promise<string>;
  exited: Promise<number | null>;
  output(): string;
}

/** The real entry point (`server/index.ts`) in a child process, as production runs it. */
export function startChildServer(env: Record<string, string>, options: { cwd?: string } = {}): ChildServer {
  const child = spawn(process.execPath, ['--import', TSX, path.join(ROOT, 'server/index.ts')], {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      // The startup block's URL line, printed at every log level but silent.
      const m = /^ {2}URL: +(http:\/\/127\.0\.0\.1:\d+)$/m.exec(out);
      if (m?.[1]) {
        clearInterval(timer);
        resolve(m[1]);
      }
    }, 25);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`exited early: ${out}`));
    });
  });
  listening.catch(() => undefined);
  return { child, listening, exited, output: () => out };
}

/** Signs in a superuser through the API; returns its token. */
export async function superuserToken(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/collections/_superusers/auth-with-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identity: email, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return String(((await res.json()) as { token: string }).token);
}
