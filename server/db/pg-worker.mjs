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
      return null;
    }
    if (op === 'guarded') {
      // A write inside a transaction (or any statement under a held transaction): a failure undoes only this statement and leaves the
      // transaction usable, as SQLite does (PostgreSQL would abort the whole transaction).
      await client.query('SAVEPOINT qm_stmt');
      let res;
      try {
        res = await client.query({ text: sql, values: params, rowMode: 'array' });
      } catch (err) {
        await client.query('ROLLBACK TO SAVEPOINT qm_stmt; RELEASE SAVEPOINT qm_stmt');
        throw err;
      }
      await client.query('RELEASE SAVEPOINT qm_stmt');
      return { fields: res.fields ? res.fields.map((f) => f.name) : [], rows: res.rows ?? [], count: res.rowCount ?? 0 };
    }
    const res = await client.query({ text: sql, values: params, rowMode: 'array' });
    return { fields: res.fields ? res.fields.map((f) => f.name) : [], rows: res.rows ?? [], count: res.rowCount ?? 0 };
  } catch (err) {
    throw plain(err);
  }
});
