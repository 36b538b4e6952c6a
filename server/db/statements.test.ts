import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqlite, type SqliteDb } from './open.ts';
import { Statements } from './statements.ts';

/** The statement layer reads rows as raw arrays and builds the row objects itself. */
let sqlite: SqliteDb;
let stmts: Statements;

beforeEach(() => {
  sqlite = openSqlite(':memory:');
  sqlite.exec(`CREATE TABLE t (id TEXT PRIMARY KEY, name TEXT, n REAL, flag INTEGER, data BLOB);
    INSERT INTO t VALUES ('a', 'Alpha', 1.5, 1, x'0102'), ('b', NULL, 2, 0, NULL);`);
  stmts = new Statements(sqlite);
});
afterEach(() => sqlite.close());

describe('Statements reads', () => {
  it('returns the same rows better-sqlite3 returns in object mode', () => {
    const sql = 'SELECT * FROM t ORDER BY id';
    expect(stmts.all(sql)).toEqual(sqlite.prepare(sql).all());
    expect(stmts.get('SELECT * FROM t WHERE id = ?', ['b'])).toEqual({ id: 'b', name: null, n: 2, flag: 0, data: null });
    expect(Object.keys(stmts.get(sql) ?? {})).toEqual(['id', 'name', 'n', 'flag', 'data']);
    expect(stmts.get('SELECT * FROM t WHERE id = ?', ['zzz'])).toBeUndefined();
    expect(stmts.all('SELECT * FROM t WHERE id = ?', ['zzz'])).toEqual([]);
  });

  it('keeps the last of duplicate column names and odd names as plain properties', () => {
    expect(stmts.get(`SELECT 1 AS x, 2 AS x, 3 AS "a""b", 4 AS "c d"`)).toEqual({ x: 2, 'a"b': 3, 'c d': 4 });
    const row = stmts.get('SELECT 1 AS "__proto__", 2 AS "constructor"');
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.keys(row ?? {})).toEqual(['__proto__', 'constructor']);
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBe(1);
  });

  it('treats column names as data, never as code', () => {
    const name = '"]}; globalThis.pwned = 1; ({"';
    const row = stmts.get(`SELECT 1 AS "${name.replace(/"/g, '""')}"`);
    expect(row).toEqual({ [name]: 1 });
    expect((globalThis as { pwned?: number }).pwned).toBeUndefined();
  });

  it('follows a schema change of a cached SELECT *', () => {
    const sql = 'SELECT * FROM t WHERE id = ?';
    expect(Object.keys(stmts.get(sql, ['a']) ?? {})).toHaveLength(5);
    sqlite.exec(`ALTER TABLE t ADD COLUMN extra TEXT DEFAULT 'x'`);
    expect(stmts.get(sql, ['a'])).toMatchObject({ id: 'a', extra: 'x' });
    expect(stmts.all(sql, ['a'])[0]).toMatchObject({ id: 'a', extra: 'x' });
  });

  it('reads a single column without building rows', () => {
    expect(stmts.column('SELECT id FROM t ORDER BY id')).toEqual(['a', 'b']);
    expect(stmts.column('SELECT n, id FROM t WHERE id = ?', ['b'])).toEqual([2]);
    expect(() => stmts.column(`DELETE FROM t`)).toThrow(/does not return data/);
    expect(stmts.column('SELECT count(*) FROM t')).toEqual([2]);
  });

  it('refuses writes through the read methods and counts writes made with run()', () => {
    expect(() => stmts.get(`UPDATE t SET n = 3 WHERE id = 'a'`)).toThrow(/does not return data/);
    const before = stmts.generation;
    stmts.run(`UPDATE t SET n = 3 WHERE id = 'a'`);
    expect(stmts.generation).toBeGreaterThan(before);
  });
});
