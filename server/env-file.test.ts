import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { loadDotEnv } from './env-file.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const EXAMPLE = path.join(ROOT, '.env.example');

/** `docker run --env-file` semantics: KEY=VALUE taken verbatim (no quotes removed), `#` lines skipped. */
function readAsDockerEnvFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    const eq = line.indexOf('=');
    out[eq < 0 ? line : line.slice(0, eq)] = eq < 0 ? '' : line.slice(eq + 1);
  }
  return out;
}

/** What a POSIX shell makes of the file (`set -a; . ./.env.example`), for the same keys. */
function readAsShell(file: string, keys: string[]): Record<string, string> {
  const script = `set -a; . "${file}"; for k in ${keys.join(' ')}; do printf '%s=%s\\0' "$k" "\${!k}"; done`;
  const raw = execFileSync('bash', ['-c', script], { env: {}, encoding: 'utf8' });
  return Object.fromEntries(
    raw
      .split('\0')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
}

describe('.env.example', () => {
  const text = fs.readFileSync(EXAMPLE, 'utf8');
  const docker = readAsDockerEnvFile(text);

  it('means the same to a shell and to docker --env-file', () => {
    expect(Object.keys(docker).length).toBeGreaterThan(10);
    expect(readAsShell(EXAMPLE, Object.keys(docker))).toEqual(docker);
  });

  it('sets nothing that would break the Docker image (local paths, a loopback-only HOST)', () => {
    for (const [key, value] of Object.entries(docker)) {
      expect(value, key).not.toMatch(/^\.{1,2}\//);
      expect(value, key).not.toMatch(/["' ]/);
    }
    for (const key of ['HOST', 'DATA_DIR', 'UPLOADS_DIR', 'WEB_DIST']) expect(docker).not.toHaveProperty(key);
  });

  it('is a valid configuration as it stands', () => {
    expect(() => loadConfig(docker)).not.toThrow();
  });
});

describe('loadDotEnv', () => {
  const keys = ['QRMENU_DOTENV_TEST_A', 'QRMENU_DOTENV_TEST_B'];
  afterEach(() => {
    for (const k of keys) delete process.env[k];
  });

  it('reads .env from the folder, without overriding what the environment already sets', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-dotenv-'));
    fs.writeFileSync(path.join(dir, '.env'), 'QRMENU_DOTENV_TEST_A=from-file\nQRMENU_DOTENV_TEST_B=from-file\n');
    process.env.QRMENU_DOTENV_TEST_A = 'from-env';
    expect(loadDotEnv(dir)).toBe(path.join(dir, '.env'));
    expect(process.env.QRMENU_DOTENV_TEST_A).toBe('from-env');
    expect(process.env.QRMENU_DOTENV_TEST_B).toBe('from-file');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('does nothing without a .env', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-dotenv-'));
    expect(loadDotEnv(dir)).toBeNull();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
