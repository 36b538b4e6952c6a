import { webBundle } from '../../server/test/web-bundle.ts';
import { chromiumMissing } from './chromium.ts';

/**
 * Before any browser test: fail the run under CI when Chromium is missing, or say loudly (once)
 * that the browser tests are skipped here and why; then make sure the shared built web app exists,
 * so a cold build never counts against one test file's hook timeout.
 */
export default async function setup(): Promise<void> {
  const missing = chromiumMissing();
  if (missing) {
    console.warn(`\n[e2e] BROWSER TESTS SKIPPED: ${missing}\n[e2e] Under CI (CI=true) this fails the run instead.\n`);
    return;
  }
  await webBundle();
}
