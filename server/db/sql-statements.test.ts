import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresMissing, startPostgres, type PostgresServer } from '../test/postgres.ts';
import { dbErrorKind, isDuplicatePrimaryKey } from './db-errors.ts';
import { openSqlite } from './open.ts';
import { PgReadPool } from './pg-read-pool.ts';
import { PgStatements } from './pg-statements.ts';
import type { SqlStatements } from './sql.ts';
import { Statements } from './statements.ts';

/**
 * The query layer's contract, the same on both engines: what the record engine relies on when it
 * runs a request's statements and hooks in `transaction(fn)`.
 */
const missing = postgresMissing();
let pg: PostgresServer | null = null;

beforeAll(async () => {
  if (!missing) {
    pg = await startPostgres();
    await pg.psql('CREATE DATABASE contract');
  }
});
afterAll(async () => {
  await pg?.stop();
});

const SCHEMA = ["CREATE TABLE t (id text PRIMARY KEY, n double precision NOT NULL DEFAULT 0, name text NOT NULL DEFAULT '')"];

const engines: { name: string; open: () => { stmts: SqlStatements; exec: (sql: string) => void; close: () => void } }[] = [
  {
    name: 'SQLite',
    open: () => {
      const sqlite = openSqlite(':memory:');
      return { stmts: new Statements(sqlite), exec: (sql) => sqlite.exec(sql), close: () => sqlite.close() };
    },
  },
  {
    name: 'PostgreSQL',
    open: () => {
      if (!pg) throw new Error('no cluster');
      const stmts = new PgStatements(pg.urlOf('contract'));
      stmts.exec('DROP TABLE IF EXISTS t');
      return { stmts, exec: (sql) => stmts.exec(sql), close: () => stmts.close() };
    },
  },
];

describe.each(engines)('$name query layer', ({ name, open }) => {
  const skip = name === 'PostgreSQL' && Boolean(missing);

  it.skipIf(skip)('commits, rolls back on a throw, and nests with savepoints', () => {
    const db = open();
    try {
      for (const sql of SCHEMA) db.exec(sql);
      const { stmts } = db;
      const before = stmts.commits;
      stmts.transaction(() => {
        stmts.run('INSERT INTO t (id, n) VALUES (?, ?)', ['a', 1]);
        // A failed inner transaction undoes only its own writes.
        expect(() =>
          stmts.transaction(() => {
            stmts.run('INSERT INTO t (id, n) VALUES (?, ?)', ['b', 2]);
            throw new Error('inner');
          }),
        ).toThrow('inner');
        stmts.run('INSERT INTO t (id, n) VALUES (?, ?)', ['c', 3]);
      });
      expect(stmts.column('SELECT id FROM t ORDER BY id')).toEqual(['a', 'c']);
      expect(stmts.commits).toBeGreaterThan(before);
      expect(() =>
        stmts.transaction(() => {
          stmts.run('INSERT INTO t (id) VALUES (?)', ['d']);
          throw new Error('outer');
        }),
      ).toThrow('outer');
      expect(stmts.get('SELECT COUNT(*) AS c FROM t')).toEqual({ c: 2 });
    } finally {
      db.close();
    }
  });

  it.skipIf(skip)('a failing statement inside a transaction fails alone; the transaction goes on', () => {
    const db = open();
    try {
      for (const sql of SCHEMA) db.exec(sql);
      const { stmts } = db;
      stmts.run('INSERT INTO t (id) VALUES (?)', ['a']);
      const generation = stmts.generation;
      stmts.transaction(() => {
        let err: unknown = null;
        try {
          stmts.run('INSERT INTO t (id) VALUES (?)', ['a']);
        } catch (e) {
          err = e;
        }
        expect(isDuplicatePrimaryKey(err)).toBe(true);
        expect(dbErrorKind(err)).toBe('input');
        stmts.run('UPDATE t SET name = ? WHERE id = ?', ['kept', 'a']);
      });
      expect(stmts.get('SELECT name, n FROM t WHERE id = ?', ['a'])).toEqual({ name: 'kept', n: 0 });
      expect(stmts.generation).toBeGreaterThan(generation);
      expect(stmts.run('DELETE FROM t WHERE id = ?', ['a']).changes).toBe(1);
      expect(stmts.run('DELETE FROM t WHERE id = ?', ['a']).changes).toBe(0);
    } finally {
      db.close();
    }
  });

  it.skipIf(skip)('runs a statement used many times (prepared on PostgreSQL) the same after its table changes', async () => {
    const db = open();
    try {
      for (const sql of SCHEMA) db.exec(sql);
      const { stmts } = db;
      stmts.run('INSERT INTO t (id, n, name) VALUES (?, ?, ?)', ['a', 1, 'one']);
      const byId = 'SELECT id, n FROM t WHERE id = ?';
      const star = 'SELECT * FROM t WHERE id = ?';
      for (let i = 0; i < 8; i++) {
        expect(stmts.get(byId, ['a'])).toEqual({ id: 'a', n: 1 });
        expect(stmts.get(star, ['a'])).toEqual({ id: 'a', n: 1, name: 'one' });
      }
      // A collection gains a field: the star follows the table, inside a transaction too.
      db.exec("ALTER TABLE t ADD COLUMN extra text NOT NULL DEFAULT 'x'");
      expect(stmts.get(star, ['a'])).toEqual({ id: 'a', n: 1, name: 'one', extra: 'x' });
      stmts.transaction(() => {
        stmts.run('UPDATE t SET n = ? WHERE id = ?', [2, 'a']);
        expect(stmts.get(star, ['a'])).toEqual({ id: 'a', n: 2, name: 'one', extra: 'x' });
      });
      expect(stmts.get(byId, ['a'])).toEqual({ id: 'a', n: 2 });
      // A selected column changes type (PostgreSQL only; SQLite has no such ALTER): the prepared
      // statement is planned afresh, not refused.
      if (name === 'PostgreSQL') {
        db.exec('ALTER TABLE t ALTER COLUMN n TYPE integer');
        expect(stmts.get(byId, ['a'])).toEqual({ id: 'a', n: 2 });
        // Changed by another instance (psql here): this connection's prepared statements are stale.
        expect(stmts.get(star, ['a'])).toEqual({ id: 'a', n: 2, name: 'one', extra: 'x' });
        await pg?.psql("ALTER TABLE t ADD COLUMN remote text NOT NULL DEFAULT 'r'", 'contract');
        expect(stmts.get(star, ['a'])).toEqual({ id: 'a', n: 2, name: 'one', extra: 'x', remote: 'r' });
      }
    } finally {
      db.close();
    }
  });

  it.skipIf(skip)('undoes a failing write alone, first or later, in nested transactions', () => {
    const db = open();
    try {
      for (const sql of SCHEMA) db.exec(sql);
      const { stmts } = db;
      stmts.run('INSERT INTO t (id) VALUES (?)', ['taken']);
      const duplicate = () => {
        try {
          stmts.run('INSERT INTO t (id) VALUES (?)', ['taken']);
        } catch (err) {
          return isDuplicatePrimaryKey(err);
        }
        return false;
      };
      stmts.transaction(() => {
        stmts.get('SELECT COUNT(*) AS c FROM t');
        stmts.transaction(() => {
          // The transaction's first write fails: nothing is lost, the savepoint around us still works.
          expect(duplicate()).toBe(true);
          stmts.run('INSERT INTO t (id) VALUES (?)', ['a']);
          // A later failing write undoes only itself.
          expect(duplicate()).toBe(true);
          stmts.run('INSERT INTO t (id) VALUES (?)', ['b']);
        });
        expect(() =>
          stmts.transaction(() => {
            stmts.run('INSERT INTO t (id) VALUES (?)', ['gone']);
            throw new Error('inner');
          }),
        ).toThrow('inner');
        stmts.run('INSERT INTO t (id) VALUES (?)', ['c']);
      });
      expect(stmts.column('SELECT id FROM t ORDER BY id')).toEqual(['a', 'b', 'c', 'taken']);
      // A transaction whose only statement fails rolls back and leaves the connection usable.
      expect(() => stmts.transaction(() => stmts.run('INSERT INTO t (id) VALUES (?)', ['taken']))).toThrow();
      expect(() => stmts.transaction(() => undefined)).not.toThrow();
      stmts.transaction(() => stmts.run('INSERT INTO t (id) VALUES (?)', ['d']));
      expect(stmts.column('SELECT id FROM t ORDER BY id')).toEqual(['a', 'b', 'c', 'd', 'taken']);
    } finally {
      db.close();
    }
  });

  it.skipIf(skip)('reads without blocking (allAsync): committed writes, its own transaction, a changed table', async () => {
    const db = open();
    try {
      for (const sql of SCHEMA) db.exec(sql);
      const { stmts } = db;
      const star = 'SELECT * FROM t WHERE id = ?';
      stmts.run('INSERT INTO t (id, n) VALUES (?, ?)', ['a', 1]);
      expect(await stmts.allAsync(star, ['a'])).toEqual([{ id: 'a', n: 1, name: '' }]);
      // Inside a transaction a read sees the transaction's own, uncommitted writes.
      let inside: unknown = null;
      stmts.transaction(() => {
        stmts.run('UPDATE t SET n = ? WHERE id = ?', [2, 'a']);
        void stmts.allAsync(star, ['a']).then((rows) => (inside = rows));
      });
      await new Promise((r) => setImmediate(r));
      expect(inside).toEqual([{ id: 'a', n: 2, name: '' }]);
      for (let i = 0; i < 3; i++) expect(await stmts.allAsync(star, ['a'])).toEqual([{ id: 'a', n: 2, name: '' }]);
      // The table gains a column (a collection changed): the next read has it.
      db.exec("ALTER TABLE t ADD COLUMN extra text NOT NULL DEFAULT 'x'");
      expect(await stmts.allAsync(star, ['a'])).toEqual([{ id: 'a', n: 2, name: '', extra: 'x' }]);
      await expect(stmts.allAsync('SELECT * FROM missing_table')).rejects.toThrow();
      expect(await stmts.allAsync('SELECT COUNT(*) AS c FROM t')).toEqual([{ c: 1 }]);
    } finally {
      db.close();
    }
  });

  it.skipIf(skip)('transactionAsync: committed when it settles, ordered before later statements, rolled back on a throw', async () => {
    const db = open();
    try {
      for (const sql of SCHEMA) db.exec(sql);
      const { stmts } = db;
      const commits = stmts.commits;
      const committing = stmts.transactionAsync(() => {
        stmts.run('INSERT INTO t (id, n) VALUES (?, ?)', ['a', 1]);
        return 'done';
      });
      const generation = stmts.generation;
      // Made while the COMMIT may still be on its way: runs after it, on the same connection.
      expect(stmts.get('SELECT n FROM t WHERE id = ?', ['a'])).toEqual({ n: 1 });
      expect(await committing).toBe('done');
      expect(stmts.commits).toBeGreaterThan(commits);
      expect(stmts.generation).toBeGreaterThanOrEqual(generation);
      expect(await stmts.allAsync('SELECT id FROM t')).toEqual([{ id: 'a' }]);
      await expect(
        stmts.transactionAsync(() => {
          stmts.run('INSERT INTO t (id) VALUES (?)', ['b']);
          throw new Error('undo');
        }),
      ).rejects.toThrow('undo');
      // Nested in a transaction it is a savepoint of it.
      stmts.transaction(() => {
        void stmts.transactionAsync(() => stmts.run('INSERT INTO t (id) VALUES (?)', ['c']));
        stmts.run('INSERT INTO t (id) VALUES (?)', ['d']);
      });
      expect(stmts.column('SELECT id FROM t ORDER BY id')).toEqual(['a', 'c', 'd']);
    } finally {
      db.close();
    }
  });

  it.skipIf(skip)('reads JSON arrays and compares case-insensitively through the dialect', () => {
    const db = open();
    try {
      for (const sql of SCHEMA) db.exec(sql);
      const { stmts } = db;
      const d = stmts.dialect;
      stmts.run("INSERT INTO t (id, name) VALUES ('x', 'Chef@Example.com'), ('y', 'other')");
      expect(stmts.column(`SELECT id FROM t WHERE id IN (SELECT value FROM ${d.jsonEach('?')}) ORDER BY id`, ['["y","x","z"]'])).toEqual([
        'x',
        'y',
      ]);
      expect(stmts.column(`SELECT id FROM t WHERE ${d.nocase('name')} = ${d.nocase('?')}`, ['chef@EXAMPLE.com'])).toEqual(['x']);
      expect(stmts.column(`SELECT id FROM t WHERE name ${d.like} ? ESCAPE '\\'`, ['CHEF%'])).toEqual(['x']);
    } finally {
      db.close();
    }
  });
});

describe('PostgreSQL held transaction (tests that undo a scenario)', () => {
  it.skipIf(Boolean(missing))('survives a failing read, nests transactions as savepoints, and rolls everything back', async () => {
    const { stmts, exec, close } = engines[1]!.open();
    try {
      for (const sql of SCHEMA) exec(sql);
      stmts.run('INSERT INTO t (id, n) VALUES (?, ?)', ['seed', 1]);
      const rollback = (stmts as PgStatements).holdForRollback();
      stmts.run('INSERT INTO t (id, n) VALUES (?, ?)', ['a', 2]);
      await new Promise((r) => setImmediate(r));
      // A failing read (a text where a number is needed) does not abort the held transaction.
      expect(() => stmts.get('SELECT * FROM t WHERE n = CAST(? AS double precision)', ['x'])).toThrow();
      stmts.transaction(() => stmts.run('INSERT INTO t (id, n) VALUES (?, ?)', ['b', 3]));
      expect(stmts.column('SELECT id FROM t ORDER BY id')).toEqual(['a', 'b', 'seed']);
      rollback();
      expect(stmts.column('SELECT id FROM t ORDER BY id')).toEqual(['seed']);
      // Back at depth 0: a transaction commits again.
      stmts.transaction(() => stmts.run('INSERT INTO t (id, n) VALUES (?, ?)', ['c', 4]));
      expect(stmts.column('SELECT id FROM t ORDER BY id')).toEqual(['c', 'seed']);
    } finally {
      close();
    }
  });
});

describe('PostgreSQL statement layer specifics', () => {
  it.skipIf(Boolean(missing))('a read on the pool leaves the event loop free while PostgreSQL works', async () => {
    const { stmts, close } = engines[1]!.open();
    const holder = new PgStatements(pg!.urlOf('contract'));
    try {
      // The read waits for a lock that only the event loop can release: a read that blocked the
      // event loop would never finish (the test would time out).
      holder.get('SELECT pg_advisory_lock(5151) IS NULL AS x');
      const read = stmts.allAsync('SELECT pg_advisory_xact_lock(5151) IS NULL AS waited');
      await new Promise((r) => setImmediate(r));
      holder.get('SELECT pg_advisory_unlock(5151) AS released');
      expect(await read).toEqual([{ waited: false }]);
    } finally {
      holder.close();
      close();
    }
  });

  it.skipIf(Boolean(missing))('cancels a read on the pool that outlasts its statement timeout, and reads on', async () => {
    const reads = new PgReadPool(pg!.urlOf('contract'), { size: 1, timeoutMs: 100 });
    const holder = new PgStatements(pg!.urlOf('contract'));
    try {
      // A read that cannot finish while another connection holds the lock: only the timeout ends it.
      holder.get('SELECT pg_advisory_lock(5152) IS NULL AS x');
      const err = await reads.query('SELECT pg_advisory_xact_lock(5152)', []).catch((e: unknown) => e);
      expect((err as { code?: string }).code).toBe('57014');
      expect(dbErrorKind(err)).toBe('storage');
      expect((await reads.query('SELECT 1 AS one', [])).rows).toEqual([[1]]);
    } finally {
      holder.close();
      await reads.close();
    }
  });

  it.skipIf(Boolean(missing))('transactionAsync rejects when the COMMIT fails, and nothing of it stays', async () => {
    const { stmts, exec, close } = engines[1]!.open();
    try {
      for (const sql of SCHEMA) exec(sql);
      exec('DROP TABLE IF EXISTS child');
      // A deferred foreign key is checked at COMMIT: the one failure a COMMIT reports here.
      exec('CREATE TABLE child (id text PRIMARY KEY, parent text REFERENCES t (id) DEFERRABLE INITIALLY DEFERRED)');
      const err = await stmts
        .transactionAsync(() => {
          stmts.run('INSERT INTO t (id) VALUES (?)', ['kept-out']);
          stmts.run('INSERT INTO child (id, parent) VALUES (?, ?)', ['c', 'missing']);
        })
        .catch((e: unknown) => e);
      expect(dbErrorKind(err)).toBe('input');
      expect((err as { code?: string }).code).toBe('23503');
      expect(stmts.column('SELECT id FROM t')).toEqual([]);
      await stmts.transactionAsync(() => stmts.run('INSERT INTO t (id) VALUES (?)', ['next']));
      expect(stmts.column('SELECT id FROM t')).toEqual(['next']);
      exec('DROP TABLE child');
    } finally {
      close();
    }
  });

  it.skipIf(Boolean(missing))('keeps a lock taken in a transaction when a later write fails', () => {
    const { stmts, exec, close } = engines[1]!.open();
    const observer = new PgStatements(pg!.urlOf('contract'));
    try {
      for (const sql of SCHEMA) exec(sql);
      stmts.run('INSERT INTO t (id) VALUES (?)', ['taken']);
      const held = () => observer.get("SELECT COUNT(*) AS c FROM pg_locks WHERE locktype = 'advisory' AND objid = 4242")?.c;
      stmts.transaction(() => {
        stmts.get('SELECT pg_advisory_xact_lock(4242) IS NULL AS x');
        expect(held()).toBe(1);
        // Not the "nothing done yet" first write: restarting the transaction would drop the lock.
        expect(() => stmts.run('INSERT INTO t (id) VALUES (?)', ['taken'])).toThrow();
        expect(held()).toBe(1);
        stmts.run('INSERT INTO t (id) VALUES (?)', ['after']);
      });
      expect(held()).toBe(0);
      expect(stmts.column('SELECT id FROM t ORDER BY id')).toEqual(['after', 'taken']);
    } finally {
      observer.close();
      close();
    }
  });
});
