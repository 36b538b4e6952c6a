import { plainHttpGlobals, startCaddy } from '../server/test/caddy.ts';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import yaml from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../server/config.ts';
import { startChildServer, type ChildServer } from '../server/test/child-server.ts';
import { freePort, toolMissing } from '../server/test/tools.ts';

/**
 * Keeps the README's reference deployment (deploy/compose.yaml and deploy/Caddyfile) true: the
 * compose file is checked against the app's configuration schema and the Dockerfile, and the
 * Caddyfile, as written, runs in a real Caddy in front of three real instances.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const compose = yaml.load(fs.readFileSync(path.join(ROOT, 'deploy/compose.yaml'), 'utf8')) as ComposeFile;
const caddyfile = fs.readFileSync(path.join(ROOT, 'deploy/Caddyfile'), 'utf8');
const dockerfile = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');

interface ComposeService {
  image?: string;
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  stop_grace_period?: string;
  depends_on?: Record<string, { condition: string }> | string[];
  volumes?: string[];
}
interface ComposeFile {
  services: Record<string, ComposeService>;
}

/** `${VAR:?message}` and `${VAR}` as compose substitutes them, from the given values. */
function substitute(value: string, vars: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::\?[^}]*)?\}/g, (_m, name: string) => {
    const v = vars[name];
    if (v === undefined) throw new Error(`compose variable ${name} has no test value`);
    return v;
  });
}

const appServices = Object.entries(compose.services).filter(([, s]) => s.image === 'qrmenu');

describe('reference deployment: compose.yaml', () => {
  const vars = { DOMAIN: 'menu.example.com', POSTGRES_PASSWORD: 'pg-secret', S3_SECRET: 's3-secret-value' };

  it('runs three identical app replicas from the image', () => {
    expect(appServices.map(([name]) => name)).toEqual(['app1', 'app2', 'app3']);
    const [first, ...rest] = appServices.map(([, s]) => JSON.stringify(s));
    for (const s of rest) expect(s).toBe(first);
  });

  it('gives the replicas settings the configuration accepts: the shared database, the bucket, a drain delay', () => {
    const env = Object.fromEntries(Object.entries(appServices[0]?.[1].environment ?? {}).map(([k, v]) => [k, substitute(String(v), vars)]));
    const config = loadConfig(env);
    expect(config.appUrl).toBe('https://menu.example.com');
    expect(config.s3Storage).toMatchObject({ endpoint: 'http://minio:9000', bucket: 'qrmenu', forcePathStyle: true });
    expect(env.DATABASE_URL).toBe('postgres://qrmenu:pg-secret@postgres:5432/qrmenu');
    // The store's credentials are the ones the bucket service creates the bucket with.
    expect(substitute(compose.services.minio?.environment?.MINIO_ROOT_PASSWORD ?? '', vars)).toBe(env.STORAGE_S3_SECRET);
    // docker stop waits long enough for the readiness delay and the drain.
    const grace = Number(/^(\d+)s$/.exec(appServices[0]?.[1].stop_grace_period ?? '')?.[1]) * 1000;
    expect(grace).toBeGreaterThan(config.shutdown.delayMs + config.shutdown.timeoutMs);
  });

  it('checks replicas on the readiness route, on the port the image exposes', () => {
    const exposed = /^EXPOSE (\d+)$/m.exec(dockerfile)?.[1];
    const check = appServices[0]?.[1].healthcheck?.test.join(' ') ?? '';
    expect(check).toContain(`http://127.0.0.1:${exposed}/api/ready`);
    const upstreams = compose.services.caddy?.environment?.UPSTREAMS?.split(' ');
    expect(upstreams).toEqual(appServices.map(([name]) => `${name}:${exposed}`));
  });

  it('creates the bucket with versioning before the replicas start, and keeps data in volumes', () => {
    const bucket = JSON.stringify(compose.services.bucket);
    expect(bucket).toContain('mc mb --ignore-existing store/qrmenu');
    expect(bucket).toContain('mc version enable store/qrmenu');
    expect(appServices[0]?.[1].depends_on).toMatchObject({
      postgres: { condition: 'service_healthy' },
      bucket: { condition: 'service_completed_successfully' },
    });
    expect(compose.services.postgres?.volumes?.[0]).toMatch(/^pgdata:/);
    expect(compose.services.minio?.volumes?.[0]).toMatch(/^files:/);
  });
});

interface Answer {
  status: number;
  servedBy: string;
  body: string;
}

describe('reference deployment: the Caddyfile in front of three instances', () => {
  const missing = toolMissing('caddy');
  let dir: string;
  const servers: ChildServer[] = [];
  const upstreams: string[] = [];
  let caddy: ChildProcess | null = null;
  let proxyPort = 0;

  beforeAll(async () => {
    if (missing) return;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-fleet-'));
    // Three instances of the real entry point on one data folder (SQLite allows several
    // processes; the PostgreSQL fleet test covers the compose file's database).
    for (let i = 0; i < 3; i++) {
      const server = startChildServer({
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dir, 'db'),
        UPLOADS_DIR: path.join(dir, 'up'),
        APP_URL: 'http://menu.test',
        SHUTDOWN_DELAY_MS: '3000',
      });
      servers.push(server);
      upstreams.push(new URL(await server.listening).host);
    }
    proxyPort = await freePort();
    // The Caddyfile as written. The global block keeps Caddy local (no admin port, no ACME), and one
    // line is added for the test: which replica answered, as a response header.
    const site = caddyfile.replace(
      '\t\tflush_interval -1\n',
      '\t\tflush_interval -1\n\t\theader_down X-Served-By {http.reverse_proxy.upstream.hostport}\n',
    );
    expect(site).not.toBe(caddyfile);
    caddy = await startCaddy({
      dir,
      caddyfile: plainHttpGlobals(dir) + site,
      env: { SITE_ADDRESS: `http://127.0.0.1:${proxyPort}`, UPSTREAMS: upstreams.join(' ') },
    });
  }, 60_000);

  afterAll(async () => {
    caddy?.kill('SIGTERM');
    for (const s of servers) {
      s.child.kill('SIGKILL');
      await s.exited;
    }
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  function get(pathname: string, options: { stream?: boolean } = {}): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port: proxyPort, path: pathname }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        const answer = () => ({ status: res.statusCode ?? 0, servedBy: String(res.headers['x-served-by'] ?? ''), body });
        res.on('data', (d: string) => {
          body += d;
          // A stream never ends: its first chunk is the answer.
          if (options.stream) {
            req.destroy();
            resolve(answer());
          }
        });
        res.on('end', () => resolve(answer()));
      });
      req.on('error', reject);
      req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
    });
  }

  it.skipIf(Boolean(missing))('spreads requests over every replica, round robin, without sticky sessions', async () => {
    const answers: Answer[] = [];
    for (let i = 0; i < 9; i++) answers.push(await get('/api/health'));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.servedBy))).toEqual(new Set(upstreams));
  });

  it.skipIf(Boolean(missing))('streams realtime events through the proxy at once', async () => {
    const first = await get('/api/realtime', { stream: true });
    expect(first.status).toBe(200);
    expect(first.body).toMatch(/^id:\S+\nevent:PB_CONNECT\n/);
  });

  it.skipIf(Boolean(missing))(
    'moves traffic off a draining replica, and every request meanwhile succeeds',
    async () => {
      const [draining] = upstreams;
      const server = servers[0] as ChildServer;
      server.child.kill('SIGTERM');
      // The replica answers 503 on /api/ready for SHUTDOWN_DELAY_MS (3 s) and keeps serving; Caddy's
      // health check (every 2 s) takes it out. Requests until then may still reach it and succeed.
      const seen: Answer[] = [];
      let lastFromDraining = -1;
      const giveUp = Date.now() + 15_000;
      while (Date.now() < giveUp && seen.length - lastFromDraining <= 12) {
        const a = await get('/api/health');
        seen.push(a);
        if (a.servedBy === draining) lastFromDraining = seen.length - 1;
      }
      expect(seen.filter((a) => a.status !== 200)).toEqual([]);
      // The last twelve answers in a row came from the two other replicas.
      expect(seen.length - lastFromDraining).toBeGreaterThanOrEqual(12);
      expect(await server.exited).toBe(0);
    },
    30_000,
  );

  it.skipIf(Boolean(missing))(
    'retries a killed replica on another one: no request issued after the kill fails',
    async () => {
      const server = servers[1] as ChildServer;
      server.child.kill('SIGKILL');
      await server.exited;
      const answers: Answer[] = [];
      for (let i = 0; i < 12; i++) answers.push(await get('/api/health'));
      expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
      // The first request that picked the dead replica was retried (Caddy still names the replica it
      // tried first); after it, the dead replica sits out (fail_duration) and the last one serves all.
      expect(new Set(answers.slice(2).map((a) => a.servedBy))).toEqual(new Set([upstreams[2]]));
    },
    30_000,
  );
});
