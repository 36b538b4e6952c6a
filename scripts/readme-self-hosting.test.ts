import { startCaddy, tlsReady } from '../server/test/caddy.ts';
import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../server/config.ts';
import { startChildServer, type ChildServer } from '../server/test/child-server.ts';
import { webBundle } from '../server/test/web-bundle.ts';
import { freePort, toolMissing } from '../server/test/tools.ts';

/**
 * Keeps the README's "Self-hosting in five minutes" true: every command of the section that can
 * run without Docker runs here, as written. The container's flags are checked against the
 * Dockerfile and the configuration schema, the server is started with them, the Caddyfile is
 * served by a real Caddy in front of it, and the superuser command and the backup script run
 * against it.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const dockerfile = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');

const start = readme.indexOf('## Self-hosting in five minutes');
const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
const blocks = [...section.matchAll(/```(\w*)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1] ?? '', body: m[2] ?? '' }));

function block(lang: string, containing: string): string {
  const found = blocks.find((b) => b.lang === lang && b.body.includes(containing));
  if (!found) throw new Error(`no ${lang} block containing "${containing}" in the README section`);
  return found.body;
}

/** Shell words of one command line (continuations joined; single and double quotes). */
function shellWords(line: string): string[] {
  const words: string[] = [];
  const re = /'([^']*)'|"((?:[^"\\]|\\.)*)"|([^\s'"]+)/g;
  let current = '';
  let last = -1;
  for (const m of line.matchAll(re)) {
    const part = m[1] ?? m[2]?.replace(/\\(.)/g, '$1') ?? m[3] ?? '';
    // Adjacent quoted and unquoted parts form one word (e.g. SMTP_URL='smtp://…').
    if (m.index === last) current += part;
    else {
      if (last !== -1) words.push(current);
      current = part;
    }
    last = m.index + m[0].length;
  }
  if (last !== -1) words.push(current);
  return words;
}

const commands = (body: string) =>
  body
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));

interface DockerRun {
  publish: string;
  volume: string;
  env: Record<string, string>;
  image: string;
}

function parseFlags(words: string[]): DockerRun {
  const run: DockerRun = { publish: '', volume: '', env: {}, image: '' };
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? '';
    const next = () => words[++i] ?? '';
    if (w === '-p') run.publish = next();
    else if (w === '-v') run.volume = next();
    else if (w === '-e') {
      const [k = '', ...v] = next().split('=');
      run.env[k] = v.join('=');
    } else if (w === '--name' || w === '--restart') i++;
    else if (!w.startsWith('-')) run.image = w;
  }
  return run;
}

function dockerRun(body: string): DockerRun {
  const line = commands(body).find((l) => l.startsWith('docker run '));
  if (!line) throw new Error('no docker run command');
  return parseFlags(shellWords(line).slice(2));
}

/** The runtime stage's ENV of the Dockerfile (the last ENV line). */
function dockerfileEnv(): Record<string, string> {
  const line = [...dockerfile.matchAll(/^ENV (.+)$/gm)].pop()?.[1] ?? '';
  return Object.fromEntries(shellWords(line).map((w) => w.split('=') as [string, string]));
}

describe('README: the container', () => {
  const run = dockerRun(block('sh', 'docker build'));

  it('publishes the port and the volume the image declares, on loopback only', () => {
    const exposed = /^EXPOSE (\d+)$/m.exec(dockerfile)?.[1];
    const volume = /^VOLUME \["([^"]+)"\]$/m.exec(dockerfile)?.[1];
    expect(run.publish).toBe(`127.0.0.1:${exposed}:${exposed}`);
    expect(run.volume.split(':')[1]).toBe(volume);
    expect(run.image).toBe('qrmenu');
  });

  it('sets only valid variables, and a plain start is a self-hosted instance (billing off)', () => {
    const config = loadConfig({ ...dockerfileEnv(), ...run.env });
    expect(config.appUrl).toBe('https://menu.example.com');
    expect(config.billing).toBe('off');
    expect(config.smtpUrl).toBeUndefined();
  });

  it('adds SMTP with flags the configuration accepts', () => {
    const smtp = parseFlags(shellWords(commands(block('sh', 'SMTP_URL'))[0] ?? ''));
    const config = loadConfig({ ...dockerfileEnv(), ...run.env, ...smtp.env });
    expect(new URL(config.smtpUrl ?? '').username).toBe('menu%40example.com');
    expect(config.mailFrom).toBe('Our Menu <menu@example.com>');
  });

  it('upgrades with the same docker run as the first start', () => {
    const upgrade = block('sh', 'git pull');
    expect(dockerRun(upgrade)).toEqual(run);
    expect(commands(upgrade)).toContain('docker build -t qrmenu .');
  });
});

describe('README: the running app behind Caddy, the superuser and the backup script', () => {
  const run = dockerRun(block('sh', 'docker build'));
  const toolsMissing = toolMissing('caddy') ?? toolMissing('jq') ?? toolMissing('curl');
  if (toolsMissing) console.warn(`README self-hosting checks skipped: ${toolsMissing}`);
  let dir: string;
  let server: ChildServer;
  let appUrl: string;
  let caddy: ChildProcess | null = null;
  let httpsPort: number;

  beforeAll(async () => {
    if (toolsMissing) return;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-readme-'));
    // The container's environment, with its folders in a temp dir, any free port and the shared
    // test build of the web app (a fresh clone has no web/dist until something builds it).
    const env: Record<string, string> = {
      ...dockerfileEnv(),
      ...run.env,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: path.join(dir, 'db'),
      UPLOADS_DIR: path.join(dir, 'up'),
      WEB_DIST: await webBundle(),
    };
    delete env.NODE_ENV;
    server = startChildServer(env);
    appUrl = await server.listening;
    const upstream = new URL(appUrl).host;
    httpsPort = await freePort();
    const httpPort = await freePort();
    // The README's Caddyfile as written; only the upstream port differs (the app took a free one),
    // and global options keep Caddy local: its own CA instead of Let's Encrypt, test ports.
    const site = block('caddyfile', 'reverse_proxy').replace('127.0.0.1:8090', upstream);
    const globals = `{\n\tadmin off\n\tlocal_certs\n\tskip_install_trust\n\thttp_port ${httpPort}\n\thttps_port ${httpsPort}\n\tstorage file_system ${path.join(dir, 'caddy')}\n}\n`;
    // Caddy serves, then obtains the site's certificate from its local CA in the background; it logs
    // "certificate obtained successfully" just before HTTPS can answer: wait for that, then a handshake.
    caddy = await startCaddy({ dir, caddyfile: globals + site, readyLine: 'certificate obtained successfully' });
    await tlsReady(httpsPort, 'menu.example.com');
  });

  afterAll(async () => {
    caddy?.kill('SIGTERM');
    if (server) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A request to https://menu.example.com through Caddy (its local CA is not trusted here). */
  function get(pathname: string, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; headers: Record<string, unknown>; body: string; firstChunk: string }>((resolve, reject) => {
      const req = https.get(
        {
          host: '127.0.0.1',
          port: httpsPort,
          servername: 'menu.example.com',
          path: pathname,
          rejectUnauthorized: false,
          headers: { host: 'menu.example.com', ...headers },
        },
        (res) => {
          let body = '';
          let firstChunk = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => {
            if (!firstChunk) {
              firstChunk = d;
              // A stream (SSE) never ends: its first chunk is the answer.
              if (String(res.headers['content-type']).startsWith('text/event-stream')) {
                req.destroy();
                resolve({ status: res.statusCode ?? 0, headers: res.headers, body: d, firstChunk });
              }
            }
            body += d;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, firstChunk }));
        },
      );
      req.on('error', reject);
      req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
    });
  }

  it.skipIf(Boolean(toolsMissing))('starts as a self-hosted instance and says where emails go', () => {
    expect(server.output()).toMatch(/^ {2}Billing: +off /m);
    expect(server.output()).toMatch(/look for lines starting with ✉$/m);
  });

  it.skipIf(Boolean(toolsMissing))('serves the app over HTTPS through the Caddyfile, compressed, with HSTS', async () => {
    const health = await get('/api/health');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({ code: 200 });
    expect(health.headers['strict-transport-security']).toBe('max-age=31536000');
    const page = await get('/login', { 'accept-encoding': 'gzip' });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('gzip');
  });

  it.skipIf(Boolean(toolsMissing))('streams realtime events through the proxy without buffering', async () => {
    const stream = await get('/api/realtime');
    expect(stream.status).toBe(200);
    expect(stream.firstChunk).toContain('event:PB_CONNECT');
  });

  it.skipIf(Boolean(toolsMissing))('creates the first superuser with the README command and takes a backup with its script', () => {
    const [line = ''] = commands(block('sh', 'scripts/superuser.ts'));
    const words = shellWords(line);
    expect(words.slice(0, 2)).toEqual(['docker', 'exec']);
    const [node, ...args] = words.slice(3); // without `docker exec qrmenu`
    expect(node).toBe('node');
    const env = { ...process.env, DATA_DIR: path.join(dir, 'db'), UPLOADS_DIR: path.join(dir, 'up') };
    expect(execFileSync(process.execPath, args, { cwd: ROOT, env, encoding: 'utf8' })).toContain('Superuser admin@example.com');

    const work = fs.mkdtempSync(path.join(dir, 'offsite-'));
    fs.writeFileSync(path.join(work, 'offsite-backup.sh'), block('sh', 'offsite-backup.sh'));
    const out = execFileSync('sh', ['offsite-backup.sh'], {
      cwd: work,
      env: { ...process.env, QRMENU_URL: appUrl, QRMENU_EMAIL: words[words.length - 2], QRMENU_PASSWORD: words[words.length - 1] },
      encoding: 'utf8',
    });
    const name = out.trim().split('\n').pop() ?? '';
    expect(name).toMatch(/^offsite-\d{8}-\d{6}\.zip$/);
    const zip = fs.readFileSync(path.join(work, name));
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    expect(zip.includes(Buffer.from('data.db'))).toBe(true);
  });
});
