import type { SqlStatements } from '../../db/sql.ts';
import type { StoredRow } from './codec.ts';

/**
 * Stored rows by collection and id, valid until the next write: every write bumps the statement
 * layer's generation (on PostgreSQL also every write another instance announces on the bus), which
 * empties the cache on the next read.
 *
 * Why: expanding a relation reads the same few related records (owners, sections, menus) on every
 * list of a read-mostly app, and integrators view the same public records by id again and again;
 * from here each costs a Map lookup instead of an index lookup and a row decode (in PostgreSQL, a
 * round trip). Only rows read without a rule condition belong here (the caller checks), and rows
 * are shared between requests, so they must never be mutated.
 */
export class RowCache {
  private generation = -1;
  private readonly byCollection = new Map<string, Map<string, StoredRow>>();
  private size = 0;

  constructor(
    private readonly stmts: SqlStatements,
    private readonly maxRows = 20_000,
  ) {}

  /** The rows of a collection for the current generation. */
  private rowsOf(collectionId: string): Map<string, StoredRow> {
    if (this.stmts.generation !== this.generation || this.size >= this.maxRows) {
      this.byCollection.clear();
      this.size = 0;
      this.generation = this.stmts.generation;
    }
    let rows = this.byCollection.get(collectionId);
    if (!rows) {
      rows = new Map();
      this.byCollection.set(collectionId, rows);
    }
    return rows;
  }

  /**
   * Rows of these ids: cached ones directly, the others through `load` (one query for all of
   * them), which are then cached. Ids without a row are simply absent from the result.
   */
  byIds(collectionId: string, ids: Iterable<string>, load: (missing: string[]) => StoredRow[]): StoredRow[] {
    const rows = this.rowsOf(collectionId);
    const found: StoredRow[] = [];
    const missing: string[] = [];
    for (const id of ids) {
      const row = rows.get(id);
      if (row) found.push(row);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    // Loading happens before caching: a write inside `load` (never expected) would still win.
    const loaded = load(missing);
    const target = this.rowsOf(collectionId);
    for (const row of loaded) {
      found.push(row);
      if (target.has(String(row.id))) continue;
      target.set(String(row.id), row);
      this.size++;
    }
    return found;
  }

  /**
   * One row by id: cached, or read by `load` without blocking (a view). The read may overlap a
   * write (this instance's, or another's arriving on the bus): its row is cached only when no
   * write happened meanwhile, since it may predate that write.
   */
  async byIdAsync(collectionId: string, id: string, load: () => Promise<StoredRow | undefined>): Promise<StoredRow | undefined> {
    const cached = this.rowsOf(collectionId).get(id);
    if (cached) return cached;
    const generation = this.stmts.generation;
    const row = await load();
    if (!row || this.stmts.generation !== generation) return row;
    const target = this.rowsOf(collectionId);
    if (!target.has(id)) {
      target.set(id, row);
      this.size++;
    }
    return row;
  }
}
