import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { freePort, isCI } from './tools.ts';

const run = promisify(execFile);

/** The newest installed PostgreSQL's server binaries (Debian: /usr/lib/postgresql/<major>/bin), or null. */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const majors = fs
    .readdirSync(root)
    .filter((d) => /^\d+$/.test(d) && fs.existsSync(path.join(root, d, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] ? path.join(root, majors[0], 'bin') : null;
}

/**
 * Why the PostgreSQL tests cannot run here (null when they can). Under CI a missing server is an
 * error, never a silent skip: `.ci/run` installs Debian's `postgresql`.
 */
export function postgresMissing(): string | null {
  const why = postgresBinDir() ? null : 'PostgreSQL server binaries not found (apt-get install postgresql)';
  if (why && isCI()) throw new Error(`${why}. Under CI the PostgreSQL tests must run (.ci/run installs postgresql).`);
  return why;
}

export interface PostgresServer {
  /** Superuser connection URL to the `postgres` database, over TCP on 127.0.0.1. */
  url: string;
  /** The URL of another database on the same server (the name replaces the path). */
  urlOf(database: string): string;
  /** Runs SQL through psql as the superuser (CREATE DATABASE and the like). */
  psql(sql: string, database?: string): Promise<string>;
  stop(): Promise<void>;
  /** The same, synchronously: for a process 'exit' handler (a vitest worker's cluster). */
  stopSync(): void;
}

/**
 * Starts a throwaway PostgreSQL cluster in a temp dir (initdb, then pg_ctl): Debian's real server,
 * with durability off (fsync, synchronous commit) because the cluster dies with the test run.
 * PostgreSQL refuses to run as root, so as root the cluster belongs to the `postgres` user.
 */
export async function startPostgres(): Promise<PostgresServer> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL server binaries not found (apt-get install postgresql)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await run('chown', ['postgres:postgres', dir]);
  fs.chmodSync(dir, 0o700);
  const exec = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);
  await exec('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=300',
  ].join(' ');
  await exec('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  let stopped = false;
  return {
    url: urlOf('postgres'),
    urlOf,
    async psql(sql, database = 'postgres') {
      const { stdout } = await exec('psql', [
        '-h',
        '127.0.0.1',
        '-p',
        String(port),
        '-U',
        'postgres',
        '-d',
        database,
        '-v',
        'ON_ERROR_STOP=1',
        '-qAt',
        '-c',
        sql,
      ]);
      return stdout;
    },
    stopSync() {
      if (stopped) return;
      stopped = true;
      const args = ['-D', data, '-m', 'immediate', '-w', 'stop'];
      try {
        if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, 'pg_ctl'), ...args], { stdio: 'ignore' });
        else execFileSync(path.join(bin, 'pg_ctl'), args, { stdio: 'ignore' });
      } catch {
        // Already stopped.
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await exec('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
