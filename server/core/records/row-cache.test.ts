import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqlite, type SqliteDb } from '../../db/open.ts';
import { Statements } from '../../db/statements.ts';
import type { StoredRow } from './codec.ts';
import { RowCache } from './row-cache.ts';

let sqlite: SqliteDb;
let stmts: Statements;
let queries: string[][];

beforeEach(() => {
  sqlite = openSqlite(':memory:');
  sqlite.exec(`CREATE TABLE o (id TEXT PRIMARY KEY, name TEXT); INSERT INTO o VALUES ('a', 'A'), ('b', 'B'), ('c', 'C');`);
  stmts = new Statements(sqlite);
  queries = [];
});
afterEach(() => sqlite.close());

const load = (missing: string[]): StoredRow[] => {
  queries.push(missing);
  return stmts.all('SELECT * FROM o WHERE id IN (SELECT value FROM json_each(?))', [JSON.stringify(missing)]);
};
const names = (rows: StoredRow[]) => rows.map((r) => r.name).sort();

describe('RowCache', () => {
  it('loads only the ids it does not hold, in one call', () => {
    const cache = new RowCache(stmts);
    expect(names(cache.byIds('o', ['a', 'b'], load))).toEqual(['A', 'B']);
    expect(names(cache.byIds('o', ['a', 'b', 'c', 'zz'], load))).toEqual(['A', 'B', 'C']);
    expect(names(cache.byIds('o', ['c', 'a'], load))).toEqual(['A', 'C']);
    expect(queries).toEqual([
      ['a', 'b'],
      ['c', 'zz'],
    ]);
  });

  it('forgets everything after any write', () => {
    const cache = new RowCache(stmts);
    cache.byIds('o', ['a'], load);
    stmts.run(`UPDATE o SET name = 'A2' WHERE id = 'a'`);
    expect(names(cache.byIds('o', ['a'], load))).toEqual(['A2']);
    stmts.transaction(() => stmts.run(`DELETE FROM o WHERE id = 'b'`));
    expect(cache.byIds('o', ['a', 'b'], load).map((r) => r.id)).toEqual(['a']);
    expect(queries).toEqual([['a'], ['a'], ['a', 'b']]);
  });

  it('keeps collections apart and stays within its size', () => {
    const cache = new RowCache(stmts, 2);
    cache.byIds('o', ['a', 'b'], load);
    expect(cache.byIds('other', ['a'], () => [])).toEqual([]);
    // Full: the next lookup starts over.
    cache.byIds('o', ['a'], load);
    expect(queries).toEqual([['a', 'b'], ['a']]);
  });

  it('views one row by id: read once, then from the cache until a write', async () => {
    const cache = new RowCache(stmts);
    let reads = 0;
    const one = (id: string) => async () => {
      reads++;
      return stmts.get('SELECT * FROM o WHERE id = ?', [id]);
    };
    expect((await cache.byIdAsync('o', 'a', one('a')))?.name).toBe('A');
    expect((await cache.byIdAsync('o', 'a', one('a')))?.name).toBe('A');
    expect(reads).toBe(1);
    // A missing row is not remembered: it may be created next.
    expect(await cache.byIdAsync('o', 'zz', one('zz'))).toBeUndefined();
    stmts.run(`INSERT INTO o VALUES ('zz', 'Z')`);
    expect((await cache.byIdAsync('o', 'zz', one('zz')))?.name).toBe('Z');
    stmts.run(`UPDATE o SET name = 'A3' WHERE id = 'a'`);
    expect((await cache.byIdAsync('o', 'a', one('a')))?.name).toBe('A3');
    expect(reads).toBe(4);
  });

  it('does not keep a row whose read overlapped a write: it may predate the write', async () => {
    const cache = new RowCache(stmts);
    const stale = await cache.byIdAsync('o', 'a', async () => {
      const row = stmts.get('SELECT * FROM o WHERE id = ?', ['a']);
      // Another request (or instance, through the bus) writes while this read is in flight.
      stmts.run(`UPDATE o SET name = 'A4' WHERE id = 'a'`);
      return row;
    });
    expect(stale?.name).toBe('A');
    expect((await cache.byIdAsync('o', 'a', async () => stmts.get('SELECT * FROM o WHERE id = ?', ['a'])))?.name).toBe('A4');
  });
});
