/**
 * `npm run test:pg` (the last step of `npm test`): the node suites again with every test app on
 * PostgreSQL (`DB=pg`, vitest.config.ts), on a throwaway cluster of the machine's PostgreSQL
 * server. Without PostgreSQL installed, a developer's run says so and passes; under CI
 * (`CI=true`) it fails instead, as every suite must run there (.ci/run installs postgresql).
 */
import { spawnSync } from 'node:child_process';
import { postgresMissing } from '../server/test/postgres.ts';

const missing = postgresMissing();
if (missing) {
  console.warn(`\nPostgreSQL suites skipped: ${missing}.\n`);
  process.exit(0);
}
const run = spawnSync('npx', ['vitest', 'run', '--project', 'node', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, DB: 'pg' },
});
process.exit(run.status ?? 1);
