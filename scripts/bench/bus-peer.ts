/**
 * The second instance of the bus bench (BENCH_ONLY=bus): the app over the bench server's SQLite
 * file (BENCH_DATA_DIR, tables and seed already there) on the same realtime bus (REALTIME_BUS_URL).
 * It only writes: `POST /__bench/update-item` updates a bench record, which the bus carries to the
 * bench server's SSE clients. Driven by scripts/bench/realtime-bench.ts over IPC; never run by hand.
 * The scale bench (BENCH_ONLY=scale) starts it without a bus, or with DATABASE_URL on the bench
 * server's PostgreSQL database, and reads from it (guest page, view by id, cold too; `GET /__bench/cpu`).
 */
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../server/app.ts';
import { appCollections } from '../../server/app-collections.ts';
import { loadConfig } from '../../server/config.ts';
import { superuserRequest, TEST_SECRET } from '../../server/test/test-app.ts';
import { BENCH, benchCollections } from './bench-collections.ts';
import { registerColdRoutes } from './cold-routes.ts';

const dir = process.env.BENCH_DATA_DIR;
if (!dir) throw new Error('BENCH_DATA_DIR is required');
const config = loadConfig({
  ...process.env,
  DATA_DIR: dir,
  UPLOADS_DIR: path.join(dir, '..', 'uploads'),
  LOG_LEVEL: 'silent',
  APP_SECRET: TEST_SECRET,
});
const { app, ctx } = await buildApp(config, { collections: [...appCollections, ...benchCollections], logger: false });
const targets: Record<string, { field: string }> = { [BENCH.items]: { field: 'name' }, [BENCH.feed]: { field: 'title' } };
app.get('/__bench/cpu', async () => process.cpuUsage());
registerColdRoutes(app, ctx);
let ticks = 0;
app.post('/__bench/update-item', async (request, reply) => {
  const name = (request.query as { collection?: string }).collection ?? BENCH.items;
  const target = targets[name];
  if (!target) return reply.status(400).send({ message: `collection must be one of ${Object.keys(targets).join(', ')}` });
  // The bench server's own update target: the first record it seeded.
  const id = String(ctx.stmts.get(`SELECT id FROM "${name}" ORDER BY rowid LIMIT 1`)?.id);
  const data = { [target.field]: `peer tick ${++ticks}` };
  await ctx.engine.update(ctx.engine.collection(name), id, { data, files: {}, fromForm: false }, superuserRequest(ctx));
  return { tick: ticks };
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ type: 'ready', port: (app.server.address() as AddressInfo).port });
const stop = () => void app.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('disconnect', stop);
