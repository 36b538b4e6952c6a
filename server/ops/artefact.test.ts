import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The production artefact: exactly what the Dockerfile's runtime stage copies (read from the
 * Dockerfile itself), with production dependencies only, started with the image's CMD and ENV
 * from a clean temp dir. Catches runtime imports of dev dependencies or of files the image lacks.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

interface RuntimeStage {
  copies: { from: string | null; sources: string[]; dest: string }[];
  env: Record<string, string>;
  cmd: string[];
}

function readRuntimeStage(): RuntimeStage {
  const text = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  const stages = text.split(/^FROM /m);
  const runtime = stages[stages.length - 1] ?? '';
  const stage: RuntimeStage = { copies: [], env: {}, cmd: [] };
  for (const line of runtime.split('\n').map((l) => l.trim())) {
    const copy = /^COPY\s+(?:--from=(\S+)\s+)?(.+)$/.exec(line);
    if (copy) {
      const parts = (copy[2] ?? '').split(/\s+/);
      stage.copies.push({ from: copy[1] ?? null, sources: parts.slice(0, -1), dest: parts[parts.length - 1] ?? '' });
    }
    const env = /^ENV\s+(.+)$/.exec(line);
    if (env) for (const m of (env[1] ?? '').matchAll(/(\w+)=(\S+)/g)) stage.env[m[1] as string] = m[2] as string;
    const cmd = /^CMD\s+(\[.+\])$/.exec(line);
    if (cmd) stage.cmd = JSON.parse(cmd[1] ?? '[]') as string[];
  }
  return stage;
}

/** node_modules with the production packages only (package-lock's non-dev entries), as `npm ci --omit=dev` installs. */
function productionModules(target: string): number {
  const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> };
  fs.mkdirSync(target, { recursive: true });
  let count = 0;
  for (const [key, info] of Object.entries(lock.packages)) {
    if (!key.startsWith('node_modules/') || key.indexOf('/node_modules/') !== -1 || info.dev) continue;
    const name = key.slice('node_modules/'.length);
    const source = path.join(ROOT, 'node_modules', name);
    if (!fs.existsSync(source)) continue; // optional packages of other platforms
    fs.mkdirSync(path.dirname(path.join(target, name)), { recursive: true });
    fs.symlinkSync(source, path.join(target, name), 'dir');
    count++;
  }
  return count;
}

describe('production artefact', () => {
  let dir = '';
  let stage: RuntimeStage;

  beforeAll(() => {
    // The web app is built by the e2e setup (and `npm start`); build it here only when missing.
    if (!fs.existsSync(path.join(ROOT, 'web', 'dist', 'index.html'))) {
      execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-web.ts'], { cwd: ROOT, stdio: 'ignore' });
    }
    stage = readRuntimeStage();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-artefact-'));
    for (const c of stage.copies) {
      const dest = path.join(dir, c.dest);
      if (c.from === 'deps' && c.sources[0] === '/app/node_modules') {
        expect(productionModules(dest)).toBeGreaterThan(20);
      } else if (c.from === 'web' && c.sources[0] === '/app/web/dist') {
        fs.cpSync(path.join(ROOT, 'web', 'dist'), dest, { recursive: true });
      } else if (c.from === null) {
        for (const s of c.sources) {
          const target = c.dest.endsWith('/') ? path.join(dest, path.basename(s)) : dest;
          fs.cpSync(path.join(ROOT, s), target, { recursive: true, filter: (f) => !f.endsWith('.test.ts') });
        }
      } else {
        throw new Error(`The test does not know how to reproduce COPY --from=${c.from} ${c.sources.join(' ')}`);
      }
    }
  });

  afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('copies only runtime files and starts with the image CMD', async () => {
    expect(stage.cmd).toEqual(['node', '--import', 'tsx', 'server/index.ts']);
    expect(stage.env).toMatchObject({ HOST: '0.0.0.0', PORT: '8090', DATA_DIR: '/data/db', UPLOADS_DIR: '/data/uploads' });
    expect(fs.existsSync(path.join(dir, 'web', 'src'))).toBe(false);
    expect(fs.readdirSync(path.join(dir, 'scripts'))).toEqual(['cli.ts', 'superuser.ts']);
    // Paths of the image, mapped into the temp dir; listen on a free loopback port.
    const imageEnv = Object.fromEntries(
      Object.entries(stage.env).map(([k, v]) => [k, v.replace(/^\/app(?=\/|$)/, dir).replace(/^\/data(?=\/|$)/, path.join(dir, 'data'))]),
    );
    const env = { PATH: process.env.PATH ?? '', HOME: dir, ...imageEnv, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info' };
    // The first superuser, as the README tells self-hosters to create it in the container.
    const created = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/superuser.ts', 'upsert', 'admin@example.com', 'admin-password-1'],
      { cwd: dir, env, encoding: 'utf8' },
    );
    expect(created).toContain('Superuser admin@example.com created.');
    const child = spawn(process.execPath, stage.cmd.slice(1), { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      out += d.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setInterval(() => {
          const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (m?.[1]) {
            clearInterval(timer);
            resolve(m[1]);
          }
        }, 25);
        void exited.then(() => {
          clearInterval(timer);
          reject(new Error(`the artefact did not start:\n${out}`));
        });
      });
      const health = await fetch(`${url}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ message: 'API is healthy.', code: 200, data: {} });
      const page = await fetch(`${url}/`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self' 'sha256-");
      const html = await page.text();
      expect(html).toContain('<div id="root"></div>');
      // Every module script the page loads is served as JavaScript; together they are the app (the
      // bundler may put its runtime first, web/vite.config.ts), so one of them imports the rest.
      const assets = [...html.matchAll(/<script type="module"[^>]*src="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
      expect(assets.length).toBeGreaterThan(0);
      const bodies: string[] = [];
      for (const asset of assets) {
        const js = await fetch(`${url}${asset}`);
        expect(js.status).toBe(200);
        expect(js.headers.get('content-type')).toMatch(/javascript/);
        bodies.push(await js.text());
      }
      expect(bodies.some((b) => /\bimport\b/.test(b))).toBe(true);
      expect(bodies.join('').length).toBeGreaterThan(1000);
      // Migrations ran at start, in the data volume's path.
      expect(fs.existsSync(path.join(dir, 'data', 'db', 'data.db'))).toBe(true);
      const signIn = await fetch(`${url}/api/collections/_superusers/auth-with-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identity: 'admin@example.com', password: 'admin-password-1' }),
      });
      expect(signIn.status).toBe(200);
      await signIn.arrayBuffer();
      const plans = await fetch(`${url}/api/collections/plans/records`);
      expect(plans.status).toBe(200);
      expect((await plans.json()).items.length).toBeGreaterThan(0);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});
