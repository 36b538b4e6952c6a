// What both PostgreSQL paths share: the worker thread's synchronous connection
// (server/db/pg-worker.mjs) and the event loop's read pool (server/db/pg-read-pool.ts).
// Plain JavaScript so the worker loads it the same under tsx, vitest and node.
import pg from 'pg';

/** COUNT(*) and other int8/numeric results as JS numbers, as SQLite gives them; per connection, so no global parser changes. */
const INT8 = 20;
const NUMERIC = 1700;
export const sqliteLikeTypes = {
  getTypeParser(oid, format) {
    if (oid === INT8 || oid === NUMERIC) return (v) => (v === null ? null : Number(v));
    return pg.types.getTypeParser(oid, format);
  },
};

/**
 * Named (server-side prepared) statements per connection: PostgreSQL parses and plans an unnamed
 * statement on every call, which cost more than running it for the record engine's short queries
 * (0.56 ms to plan a 30-row list that runs in 0.22 ms). The first MAX_PREPARED distinct statements
 * a connection sees are prepared once and then only bound and executed; later ones run unnamed, so
 * a stream of one-off filters cannot grow the server's memory without bound.
 */
const MAX_PREPARED = 500;
/** @type {WeakMap<pg.ClientBase, Map<string, string>>} */
const prepared = new WeakMap();
let nextName = 1;

/** The query config of `sql` on `client`: named when it is (or may become) a prepared statement. */
export function queryConfig(client, sql, params) {
  let names = prepared.get(client);
  if (!names) prepared.set(client, (names = new Map()));
  let name = names.get(sql);
  if (name === undefined && names.size < MAX_PREPARED) {
    name = `qm${nextName++}`;
    names.set(sql, name);
  }
  return name === undefined ? { text: sql, values: params, rowMode: 'array' } : { name, text: sql, values: params, rowMode: 'array' };
}

/** Forgets every prepared statement of `client` (after a schema change made on it). */
export async function forgetPrepared(client) {
  const names = prepared.get(client);
  if (!names?.size) return;
  names.clear();
  // An aborted transaction refuses even DEALLOCATE: its statements are then kept on the server, unused.
  if (client.getTransactionStatus?.() !== 'E') await client.query('DEALLOCATE ALL');
  client.connection.parsedStatements = {};
}

/**
 * A prepared `SELECT *` (the record engine reads `_r.*`) whose table gained or lost a column fails
 * with "cached plan must not change result type". The statement is forgotten, so the next call
 * prepares it afresh under a new name. True when `err` was that.
 */
export function forgetStalePlan(client, sql, err) {
  if (err?.code !== '0A000' || !/cached plan must not change result type/.test(err?.message ?? '')) return false;
  prepared.get(client)?.delete(sql);
  return true;
}

/**
 * Runs one statement, prepared afresh once if its cached plan went stale (a schema change made by
 * another instance, or on another connection). Only outside a transaction: a failure inside one
 * has aborted it.
 */
export async function queryWithReplan(client, sql, params) {
  try {
    return await client.query(queryConfig(client, sql, params));
  } catch (err) {
    if (!forgetStalePlan(client, sql, err) || client.getTransactionStatus() !== 'I') throw err;
    return client.query(queryConfig(client, sql, params));
  }
}

/** A result as the engine's statement layer reads it. */
export function resultOf(res) {
  return { fields: res.fields ? res.fields.map((f) => f.name) : [], rows: res.rows ?? [], count: res.rowCount ?? 0 };
}

/** pg's error as a plain object that survives the structured clone (code = SQLSTATE). */
export function plainError(err) {
  const e = new Error(err?.message ?? String(err));
  for (const k of ['code', 'detail', 'constraint', 'table', 'column', 'severity']) if (err?.[k] !== undefined) e[k] = err[k];
  e.pg = true;
  return e;
}
