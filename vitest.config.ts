import { configDefaults, defineConfig } from 'vitest/config';
import { isCI } from './web/e2e/chromium.ts';

/**
 * Three projects: server/shared/scripts (node), web units (happy-dom), browser tests (node +
 * Chromium). The browser tests of a default run are one fast smoke per route
 * (web/e2e/smoke.test.ts); the full browser suite runs under CI (`CI=true`) and with
 * `npm run test:e2e` (`E2E=full`).
 */
const fullBrowserSuite = isCI() || process.env.E2E === 'full';

/**
 * `DB=pg` (`npm run test:pg`, part of `npm test`): the node project again, every test app on
 * PostgreSQL. Suites that never touch the database (the PDF/OCR extractor and its corpora, the
 * shared domain kernel, the artefact and deployment checks), and the few whose subject is not the
 * database (below), ran once on SQLite already: CI stays well within its 30 minutes.
 */
const onPostgres = process.env.DB === 'pg';
const databaseFree = [
  'shared/**',
  'test/menu-corpus/**',
  'server/modules/uploads/extract/**',
  'server/modules/uploads/ocr/**',
  'server/test/pdf-corpus/**',
  'server/ops/artefact.test.ts',
  'scripts/readme-self-hosting.test.ts',
  'scripts/reference-deployment.test.ts',
  // Starts its own PostgreSQL cluster, bucket and three instances: already on PostgreSQL.
  'scripts/fleet.test.ts',
  'scripts/i18n-messages.test.ts',
  'scripts/lint-zones.test.ts',
  // Child processes of the entry point that these tests start on SQLite either way: the same run twice.
  'server/index.test.ts',
  'server/ops/process.test.ts',
  'server/shutdown.test.ts',
  // Suites that start their own PostgreSQL cluster: the first run already ran them on PostgreSQL.
  'server/ops/logs-fleet.test.ts',
  'server/ops/fleet-pg.test.ts',
  'server/test/postgres.test.ts',
  'server/db/postgres-app.test.ts',
  'server/db/sql-statements.test.ts',
  'server/core/realtime/pg-bus.test.ts',
  // The bench's CPU accounting of processes: no database.
  'scripts/bench/proc-cpu.test.ts',
  // Hostile files refused by the upload checks and the PDF/OCR worker: the subject is the file
  // handling and the server's health (92 s of the PostgreSQL run for the same checks again).
  'server/modules/uploads/hostile-uploads.test.ts',
  // Photos read by OCR through the upload route: the subject is the OCR job (40 s of OCR again);
  // the upload records' life on PostgreSQL is uploads.test.ts's.
  'server/modules/uploads/ocr-uploads.test.ts',
];

export default defineConfig({
  test: {
    pool: 'forks',
    // Test files wait on sockets, child processes and the browser much of the time: two files at a
    // time keep both cores busy (vitest's default on a 2-core machine is one). TEST_WORKERS overrides.
    maxWorkers: Number(process.env.TEST_WORKERS ?? 2),
    // CI also writes a machine-readable report that .ci/run sums into one line.
    reporters: process.env.CI
      ? ['default', ['json', { outputFile: onPostgres ? 'test-results/vitest-pg.json' : 'test-results/vitest.json' }]]
      : ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'scripts/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...(onPostgres ? databaseFree : [])],
          environment: 'node',
          // The server's test files import the same app modules: a worker keeps them loaded between
          // files instead of importing them afresh for each (measured: 481 -> 345 s for this project,
          // import time 186 -> 17 s). Every test builds its own app, database and folders.
          isolate: false,
          // DB=pg: one PostgreSQL cluster for the run (does nothing otherwise).
          globalSetup: ['server/test/pg-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: { name: 'web', include: ['web/src/**/*.test.{ts,tsx}'], environment: 'happy-dom', testTimeout: 15_000 },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: fullBrowserSuite ? ['web/e2e/**/*.test.ts'] : ['web/e2e/smoke.test.ts', 'web/e2e/chromium.test.ts'],
          environment: 'node',
          // Every browser test file imports the same app modules and builds its own app, browser and
          // folders: a worker keeps the modules loaded between files instead of importing them afresh.
          isolate: false,
          globalSetup: ['web/e2e/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
