/**
 * Superuser management from the command line:
 *   npm run superuser -- upsert EMAIL PASSWORD
 *   npm run superuser -- delete EMAIL
 */
import { loadConfig } from '../server/config.ts';
import { runCommand, withContext } from './cli.ts';
import { loadDotEnv } from '../server/env-file.ts';
import { createContext } from '../server/context.ts';
import { appCollections } from '../server/app-collections.ts';
import { deleteSuperuser, upsertSuperuser } from '../server/core/auth/superusers.ts';

const [command, email, password] = process.argv.slice(2);
const usage = 'Usage: npm run superuser -- upsert EMAIL PASSWORD | delete EMAIL';

async function main(): Promise<number> {
  if (command !== 'upsert' && command !== 'delete') {
    console.error(usage);
    return 2;
  }
  if (!email || (command === 'upsert' && !password)) {
    console.error(usage);
    return 2;
  }
  loadDotEnv();
  const config = loadConfig();
  const ctx = createContext(config, appCollections, { log: { info: () => undefined, error: (obj, msg) => console.error(msg, obj) } });
  return withContext(ctx, async () => {
    const system = ctx.auth.systemRequest('default');
    if (command === 'upsert') {
      const result = await upsertSuperuser(ctx.engine, system, email, password as string);
      console.log(`Superuser ${email} ${result}.`);
    } else {
      const deleted = await deleteSuperuser(ctx.engine, system, email);
      console.log(deleted ? `Superuser ${email} deleted.` : `No superuser ${email}.`);
      if (!deleted) return 1;
    }
    return 0;
  });
}

runCommand(main);
