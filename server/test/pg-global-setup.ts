import { migratePostgres } from '../db/migrate-pg.ts';
import { PgStatements } from '../db/pg-statements.ts';
import { startPostgres } from './postgres.ts';

/**
 * vitest globalSetup: with DB=pg, ONE throwaway cluster for the whole run, started before the test
 * workers and stopped after them, with the template database `tpl` migrated once. Workers find it
 * in QRMENU_TEST_PG_URL (server/test/test-db.ts). Without DB=pg it does nothing.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.DB !== 'pg') return undefined;
  const pg = await startPostgres();
  // A run cut short (Ctrl-C) must not leave the cluster running.
  const stopNow = () => pg.stopSync();
  process.once('exit', stopNow);
  await pg.psql('CREATE DATABASE tpl');
  const stmts = new PgStatements(pg.urlOf('tpl'));
  try {
    migratePostgres(stmts);
  } finally {
    stmts.close();
  }
  process.env.QRMENU_TEST_PG_URL = pg.url;
  return async () => {
    process.off('exit', stopNow);
    await pg.stop();
  };
}
