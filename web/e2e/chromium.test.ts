import { afterEach, describe, expect, it, vi } from 'vitest';
import { chromiumMissing, isCI } from './chromium.ts';

describe('chromium', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('reads CI the way CI services set it', () => {
    for (const [value, ci] of [
      ['true', true],
      ['1', true],
      ['false', false],
      ['0', false],
      ['', false],
    ] as const) {
      vi.stubEnv('CI', value);
      expect(isCI(), `CI=${value}`).toBe(ci);
    }
  });

  it('skips outside CI and fails under CI when the browser is missing', () => {
    vi.stubEnv('CHROMIUM_PATH', '/nonexistent/chromium');
    vi.stubEnv('CI', '');
    expect(chromiumMissing()).toContain('Chromium not found at /nonexistent/chromium');
    vi.stubEnv('CI', 'true');
    expect(() => chromiumMissing()).toThrow('Under CI the browser tests must run');
  });
});
