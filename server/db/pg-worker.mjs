// The PostgreSQL side of PgStatements (server/db/pg-statements.ts): a worker thread that owns one
// pg.Client per open connection and answers the event loop's calls (server/db/pg-channel.ts):
// synchronous ones on the reply port with the shared signal raised, asynchronous ones as messages.
// Plain JavaScript so it loads the same under tsx, vitest and node.
import process from 'node:process';
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { forgetPrepared, forgetStalePlan, plainError, queryConfig, queryWithReplan, resultOf, sqliteLikeTypes } from './pg-prepared.mjs';

/** @type {Map<number, pg.Client>} */
const clients = new Map();
let nextId = 1;

/** DDL: a collection created, changed or dropped (or a migration). */
const SCHEMA_CHANGE = /^\s*(CREATE|ALTER|DROP)\b/im;

/**
 * After a schema change on this instance: every connection's prepared statements go (their result
 * columns may have changed). One made by another instance is caught per statement (forgetStalePlan).
 */
async function forgetAllPrepared() {
  for (const client of clients.values()) await forgetPrepared(client);
}

/**
 * A transaction's first write: nothing written yet, so no savepoint; a failure is undone by
 * `restart` (ROLLBACK, BEGIN and the open savepoints), and a stale plan is retried once after it.
 */
async function firstWrite(client, sql, params, restart) {
  const undo = async () => {
    try {
      await client.query(restart);
    } catch {
      // The connection is gone: the caller's ROLLBACK fails too, and the server has rolled back.
    }
  };
  try {
    return await client.query(queryConfig(client, sql, params));
  } catch (err) {
    await undo();
    if (!forgetStalePlan(client, sql, err)) throw err;
  }
  try {
    return await client.query(queryConfig(client, sql, params));
  } catch (again) {
    await undo();
    throw again;
  }
}

async function handle(op, id, sql, params, options) {
  try {
    if (op === 'open') {
      const client = new pg.Client({ connectionString: sql, types: sqliteLikeTypes });
      // A dropped connection must not crash the worker: the next query fails and says why.
      client.on('error', () => undefined);
      await client.connect();
      const cid = nextId++;
      clients.set(cid, client);
      return cid;
    }
    const client = clients.get(id);
    if (!client) throw new Error('PostgreSQL connection is closed');
    if (op === 'close') {
      clients.delete(id);
      await client.end();
      return null;
    }
    // The transaction's BEGIN, deferred by PgStatements to travel with its first statement.
    if (options?.begin) await client.query('BEGIN');
    if (op === 'first') return resultOf(await firstWrite(client, sql, params, options.restart));
    if (op === 'exec') {
      await client.query(sql);
      if (SCHEMA_CHANGE.test(sql)) await forgetAllPrepared();
      return null;
    }
    if (op === 'guarded') {
      // A write inside a transaction (or any statement under a held transaction): a failure undoes only this statement and leaves the
      // transaction usable, as SQLite does (PostgreSQL would abort the whole transaction).
      await client.query('SAVEPOINT qm_stmt');
      let res;
      try {
        res = await client.query(queryConfig(client, sql, params));
      } catch (err) {
        await client.query('ROLLBACK TO SAVEPOINT qm_stmt');
        if (!forgetStalePlan(client, sql, err)) {
          await client.query('RELEASE SAVEPOINT qm_stmt');
          throw err;
        }
        // The savepoint undid the stale statement: run it again, prepared afresh.
        try {
          res = await client.query(queryConfig(client, sql, params));
        } catch (again) {
          await client.query('ROLLBACK TO SAVEPOINT qm_stmt; RELEASE SAVEPOINT qm_stmt');
          throw again;
        }
      }
      await client.query('RELEASE SAVEPOINT qm_stmt');
      return resultOf(res);
    }
    const res = await queryWithReplan(client, sql, params);
    return resultOf(res);
  } catch (err) {
    throw plainError(err);
  }
}

const signal = new Int32Array(workerData.signal);
/** @type {import('node:worker_threads').MessagePort} */
const replies = workerData.replies;
// Indexes of server/db/pg-channel.ts's SIGNAL.
const ANSWERS = 0;
const CRASHED = 1;

/** An error as it survives the structured clone: its message and own properties (SQLSTATE `code`, `pg`…). */
function errorReply(id, err) {
  const props = {};
  for (const [k, v] of Object.entries(err ?? {})) if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) props[k] = v;
  return { id, error: { message: err?.message ?? String(err), props } };
}

parentPort.on('message', async ({ id, sync, op, args }) => {
  let reply;
  try {
    reply = { id, result: await handle(op, ...args) };
  } catch (err) {
    reply = errorReply(id, err);
  }
  if (!sync) return parentPort.postMessage(reply);
  replies.postMessage(reply);
  Atomics.add(signal, ANSWERS, 1);
  Atomics.notify(signal, ANSWERS);
});

// A bug here must not leave the event loop waiting forever for an answer.
process.on('uncaughtException', (err) => {
  process.stderr.write(`PostgreSQL worker: ${err?.stack ?? err}\n`);
  Atomics.store(signal, CRASHED, 1);
  Atomics.add(signal, ANSWERS, 1);
  Atomics.notify(signal, ANSWERS);
});
