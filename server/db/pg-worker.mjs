// The PostgreSQL side of PgStatements (server/db/pg-statements.ts): a worker thread that owns one
// pg.Client per open connection and answers synckit's synchronous calls. Plain JavaScript so it
// loads the same under tsx, vitest and node.
import pg from 'pg';
import { runAsWorker } from 'synckit';

// COUNT(*) and other int8/numeric results as JS numbers, as SQLite gives them.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/** @type {Map<number, pg.Client>} */
const clients = new Map();
let nextId = 1;

/**
 * Named (server-side prepared) statements per connection: PostgreSQL parses and plans an unnamed
 * statement on every call, which cost more than running it for the record engine's short queries
 * (0.56 ms to plan a 30-row list that runs in 0.22 ms). The first MAX_PREPARED distinct statements
 * a connection sees are prepared once and then only bound and executed; later ones run unnamed, so
 * a stream of one-off filters cannot grow the server's memory without bound.
 */
const MAX_PREPARED = 500;
/** @type {WeakMap<pg.Client, Map<string, string>>} */
const prepared = new WeakMap();

let nextName = 1;

/** DDL: a collection created, changed or dropped (or a migration). */
const SCHEMA_CHANGE = /^\s*(CREATE|ALTER|DROP)\b/im;

/** After a schema change on this instance: every connection's prepared statements go (their result columns may have changed). */
async function forgetAllPrepared() {
  for (const client of clients.values()) {
    const names = prepared.get(client);
    if (!names?.size) continue;
    names.clear();
    // An aborted transaction refuses even DEALLOCATE: its statements are then kept on the server, unused.
    if (client.getTransactionStatus() !== 'E') await client.query('DEALLOCATE ALL');
    client.connection.parsedStatements = {};
  }
}

/** The query config of `sql` on `client`: named when it is (or may become) a prepared statement. */
function config(client, sql, params) {
  let names = prepared.get(client);
  if (!names) prepared.set(client, (names = new Map()));
  let name = names.get(sql);
  if (name === undefined && names.size < MAX_PREPARED) {
    name = `qm${nextName++}`;
    names.set(sql, name);
  }
  return name === undefined ? { text: sql, values: params, rowMode: 'array' } : { name, text: sql, values: params, rowMode: 'array' };
}

/**
 * A prepared `SELECT *` (the record engine reads `_r.*`) whose table gained or lost a column fails
 * with "cached plan must not change result type". A change made here forgets every prepared
 * statement first (below); one made by another instance is caught here: the statement is
 * forgotten, so the next call prepares it afresh under a new name. True when `err` was that.
 */
function forgetStalePlan(client, sql, err) {
  if (err?.code !== '0A000' || !/cached plan must not change result type/.test(err?.message ?? '')) return false;
  prepared.get(client)?.delete(sql);
  return true;
}

/** Runs one statement, prepared afresh once if its cached plan went stale (outside a transaction only: a failure inside one has aborted it). */
async function run(client, sql, params) {
  try {
    return await client.query(config(client, sql, params));
  } catch (err) {
    if (!forgetStalePlan(client, sql, err) || client.getTransactionStatus() !== 'I') throw err;
    return client.query(config(client, sql, params));
  }
}

/** pg's error as a plain object that survives the structured clone (code = SQLSTATE). */
function plain(err) {
  const e = new Error(err?.message ?? String(err));
  for (const k of ['code', 'detail', 'constraint', 'table', 'column', 'severity']) if (err?.[k] !== undefined) e[k] = err[k];
  e.pg = true;
  return e;
}

runAsWorker(async (op, id, sql, params) => {
  try {
    if (op === 'open') {
      const client = new pg.Client({ connectionString: sql });
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
        res = await client.query(config(client, sql, params));
      } catch (err) {
        await client.query('ROLLBACK TO SAVEPOINT qm_stmt');
        if (!forgetStalePlan(client, sql, err)) {
          await client.query('RELEASE SAVEPOINT qm_stmt');
          throw err;
        }
        // The savepoint undid the stale statement: run it again, prepared afresh.
        try {
          res = await client.query(config(client, sql, params));
        } catch (again) {
          await client.query('ROLLBACK TO SAVEPOINT qm_stmt; RELEASE SAVEPOINT qm_stmt');
          throw again;
        }
      }
      await client.query('RELEASE SAVEPOINT qm_stmt');
      return { fields: res.fields ? res.fields.map((f) => f.name) : [], rows: res.rows ?? [], count: res.rowCount ?? 0 };
    }
    const res = await run(client, sql, params);
    return { fields: res.fields ? res.fields.map((f) => f.name) : [], rows: res.rows ?? [], count: res.rowCount ?? 0 };
  } catch (err) {
    throw plain(err);
  }
});
