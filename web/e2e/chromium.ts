import fs from 'node:fs';
import { isCI } from '../../server/test/tools.ts';

export { isCI };

/** The Chromium the browser tests drive: Debian's by default, any other with CHROMIUM_PATH. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/**
 * Why the browser tests cannot run (null when they can). Under CI a missing browser is an error
 * (thrown), never a silent skip: a green run must have run them.
 */
export function chromiumMissing(): string | null {
  const file = chromiumPath();
  if (fs.existsSync(file)) return null;
  const why = `Chromium not found at ${file}. Install it (apt-get install chromium) or point CHROMIUM_PATH at a Chromium or Chrome binary.`;
  if (isCI()) throw new Error(`${why} Under CI the browser tests must run (.ci/run installs Chromium).`);
  return why;
}
