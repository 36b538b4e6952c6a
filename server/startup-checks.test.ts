import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { UPLOAD_TEMP_PREFIX } from './http/body.ts';

/** buildApp refuses unusable storage folders with a message, before anything else starts. */
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-startup-'));
  dirs.push(dir);
  return dir;
}

const build = (env: Record<string, string>) =>
  buildApp(loadConfig({ LOG_LEVEL: 'silent', APP_SECRET: 'x'.repeat(40), ...env }), { logger: false });

describe('startup checks of the storage folders', () => {
  it('refuses an UPLOADS_DIR below a regular file, naming the variable, the path and the cause', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'not-a-dir'), 'x');
    const uploads = path.join(dir, 'not-a-dir', 'uploads');
    const err = await build({ DATA_DIR: path.join(dir, 'data'), UPLOADS_DIR: uploads }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toContain(`UPLOADS_DIR: ${uploads} (the uploaded files folder) cannot be created (ENOTDIR`);
    expect((err as Error).message).toMatch(/make it writable for the user running the server/);
    // Nothing was started: no database file either.
    expect(fs.existsSync(path.join(dir, 'data', 'data.db'))).toBe(false);
  });

  it('ends with an error where mkdir used to loop forever (a path under /proc)', async () => {
    const dir = tempDir();
    const err = await build({ DATA_DIR: path.join(dir, 'data'), UPLOADS_DIR: `/proc/qrmenu-${process.pid}` }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toMatch(/UPLOADS_DIR: \/proc\/qrmenu-\d+ \(the uploaded files folder\) cannot be created \(ENOENT/);
  }, 10_000);

  it('creates missing folders and sweeps parts of uploads cut short by a crash', async () => {
    const dir = tempDir();
    const tmp = path.join(dir, 'data', 'tmp', 'uploads');
    fs.mkdirSync(tmp, { recursive: true });
    fs.writeFileSync(path.join(tmp, `${UPLOAD_TEMP_PREFIX}left-over`), 'x');
    const { app } = await build({ DATA_DIR: path.join(dir, 'data'), UPLOADS_DIR: path.join(dir, 'deep', 'uploads') });
    await app.close();
    expect(fs.statSync(path.join(dir, 'deep', 'uploads')).isDirectory()).toBe(true);
    expect(fs.readdirSync(tmp)).toEqual([]);
  });
});
