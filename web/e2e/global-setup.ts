import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** Browser tests run against the production build of the web app: build it once (if stale). */
export default function setup(): void {
  const root = path.resolve(import.meta.dirname, '../..');
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-web.ts'], { cwd: root, stdio: 'inherit' });
}
