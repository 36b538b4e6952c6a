import { startTemplateCluster } from './test-db.ts';

/**
 * vitest globalSetup: with DB=pg, ONE throwaway cluster for the whole run, started before the test
 * workers and stopped after them, with the template database `tpl` migrated once. Workers find it
 * in QRMENU_TEST_PG_URL (server/test/test-db.ts). Without DB=pg it does nothing.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.DB !== 'pg') return undefined;
  const pg = await startTemplateCluster();
  // A run cut short (Ctrl-C) must not leave the cluster running.
  const stopNow = () => pg.stopSync();
  process.once('exit', stopNow);
  process.env.QRMENU_TEST_PG_URL = pg.url;
  return async () => {
    process.off('exit', stopNow);
    await pg.stop();
  };
}
