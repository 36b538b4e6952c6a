/**
 * The benchmark's server process: a real app over a temp SQLite file, seeded through the record
 * engine, listening on a random port. Driven by scripts/bench/run.ts over IPC; never run by hand.
 */
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { buildTestApp, seed, superuserRequest, tokenFor, type TestApp } from '../../server/test/test-app.ts';
import type { PreparedWrite } from '../../server/core/records/write.ts';
import type { AppContext } from '../../server/context.ts';
import { benchCollections, CATEGORIES } from './bench-collections.ts';
import type { ReadyInfo, SeedStats, ServerMessage } from './protocol.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
const OWNERS = 100;
const CHUNK = Number(process.env.BENCH_CHUNK ?? 5_000);

function send(message: ServerMessage): void {
  if (!process.send) console.log(JSON.stringify(message));
  else if (process.connected) process.send(message);
}

let testApp: TestApp | null = null;
let closing: Promise<void> | null = null;

/** Closes the app and removes its temp dir (once), then exits. */
function shutdown(code: number): void {
  closing ??= (async () => {
    try {
      await testApp?.close();
    } catch {
      // The parent removes the temp dir as a fallback.
    }
    process.exit(code);
  })();
}

process.on('SIGINT', () => shutdown(130));
process.on('SIGTERM', () => shutdown(143));
// The runner went away (crash, Ctrl-C): do not outlive it.
process.on('disconnect', () => shutdown(0));

/** Inserts `count` rows built by `make`, `chunk` prepared creates per transaction. */
async function bulkInsert(ctx: AppContext, collectionName: string, count: number, chunk: number, make: (i: number) => Record<string, unknown>): Promise<{ ids: string[]; stats: SeedStats }> {
  const collection = ctx.engine.collection(collectionName);
  const req = superuserRequest(ctx);
  const ids: string[] = [];
  let prepareMs = 0;
  let executeMs = 0;
  const start = performance.now();
  for (let done = 0; done < count; done += chunk) {
    const t0 = performance.now();
    const ops: PreparedWrite[] = [];
    for (let i = done; i < Math.min(count, done + chunk); i++) {
      ops.push(await ctx.engine.prepareCreate(collection, { data: make(i), files: {}, fromForm: false }, req));
    }
    const t1 = performance.now();
    const applied = await ctx.engine.execute(ops);
    const t2 = performance.now();
    prepareMs += t1 - t0;
    executeMs += t2 - t1;
    for (const a of applied) ids.push(String(a.row.id));
  }
  const totalMs = performance.now() - start;
  return { ids, stats: { rows: count, chunkSize: chunk, totalMs, prepareMs, executeMs, rowsPerSec: count / (totalMs / 1000) } };
}

async function main(): Promise<void> {
  testApp = await buildTestApp({ collections: benchCollections, env: { LOG_LEVEL: 'silent' } });
  const { app, ctx } = testApp;

  const owners = await bulkInsert(ctx, 'owners', OWNERS, OWNERS, (i) => ({ name: `owner ${i}` }));
  send({ type: 'progress', text: `seeding ${ITEMS} items in transactions of ${CHUNK}…` });
  const items = await bulkInsert(ctx, 'items', ITEMS, CHUNK, (i) => ({
    name: `item ${i}`,
    category: CATEGORIES[i % CATEGORIES.length],
    // Deterministic spread over 0…999.99, uncorrelated with the category.
    price: ((i * 7919) % 100_000) / 100,
    available: i % 3 !== 0,
    owner: owners.ids[i % owners.ids.length],
  }));

  const member = await seed(ctx, 'members', { email: 'member@example.com', password: 'password123', passwordConfirm: 'password123' });
  const memberId = String(member.id);
  const notes = await bulkInsert(ctx, 'notes', 1_000, 1_000, (i) => ({ title: `note ${i}`, owner: memberId }));

  // Start the measurements from a collected heap, not with the seed's garbage.
  (globalThis as { gc?: () => void }).gc?.();

  app.get('/__bench/empty', async () => ({}));
  app.get('/__bench/cpu', async () => process.cpuUsage());
  await app.listen({ port: 0, host: '127.0.0.1' });

  const info: ReadyInfo = {
    port: (app.server.address() as AddressInfo).port,
    seed: items.stats,
    itemId: items.ids[Math.floor(items.ids.length / 2)] as string,
    noteId: notes.ids[0] as string,
    memberToken: await tokenFor(ctx, 'members', memberId),
  };
  send({ type: 'ready', info });
}

main().catch((err: unknown) => {
  if (closing) return; // shutting down: the app was closed under the seed.
  send({ type: 'error', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  shutdown(1);
});
