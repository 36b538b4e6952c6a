import fs from 'node:fs';
import { isCI } from '../../server/test/tools.ts';

export { isCI };

/** Debian's Chromium builds: the headless shell (package chromium-headless-shell) and the full browser. */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const FULL_CHROMIUM = '/usr/bin/chromium';

/**
 * The Chromium the browser tests drive: any with CHROMIUM_PATH; else Debian's headless shell, the
 * same Blink without the desktop browser around it (measured: a page in a new context costs its
 * browser process 0.2 s of CPU instead of 1 s; a whole test file a quarter less CPU), which CI
 * installs; else Debian's full Chromium.
 */
export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return fs.existsSync(HEADLESS_SHELL) || isCI() ? HEADLESS_SHELL : FULL_CHROMIUM;
}

/**
 * Why the browser tests cannot run (null when they can). Under CI a missing browser is an error
 * (thrown), never a silent skip: a green run must have run them.
 */
export function chromiumMissing(): string | null {
  const file = chromiumPath();
  if (fs.existsSync(file)) return null;
  const why = `Chromium not found at ${file}. Install it (apt-get install chromium-headless-shell) or point CHROMIUM_PATH at a Chromium or Chrome binary.`;
  if (isCI()) throw new Error(`${why} Under CI the browser tests must run (.ci/run installs Chromium).`);
  return why;
}
