import { isMultiValue, type Collection } from '../collections.ts';
import { ApiError } from '../errors.ts';
import { isSuperuser, type RequestInfo } from '../request-info.ts';
import type { StoredRow } from './codec.ts';
import type { AppliedWrite, PreparedWrite, WriteDeps } from './write.ts';

const MAX_CASCADE = 10000;

/**
 * Delete: the rule is checked with the by-id lookup, then references are processed as PocketBase
 * does: the id is removed from every relation pointing at the record; a relation left empty
 * cascades when `cascadeDelete` is set, fails the delete when required, and is saved otherwise.
 */
export class PreparedDelete implements PreparedWrite {
  readonly action = 'delete' as const;

  private constructor(
    private readonly deps: WriteDeps,
    readonly collection: Collection,
    readonly req: RequestInfo,
    private readonly recordId: string,
  ) {}

  static prepare(deps: WriteDeps, collection: Collection, id: string, req: RequestInfo): PreparedDelete {
    if (!isSuperuser(req) && collection.deleteRule === null) throw new ApiError(403, 'Only superusers can perform this action.');
    return new PreparedDelete(deps, collection, req, id);
  }

  apply(): AppliedWrite {
    const row = this.deps.access.findWithRule(this.collection, this.recordId, this.collection.deleteRule, this.req);
    if (!row) throw new ApiError(404);
    if (
      this.collection.name === '_superusers' &&
      Number(this.deps.access.stmts.get('SELECT COUNT(*) AS c FROM "_superusers"')?.c ?? 0) <= 1
    ) {
      throw new ApiError(400, "You can't delete the only existing superuser.");
    }
    const result: AppliedWrite = { row, sideEffects: [], staleFiles: [], removedPrefixes: [], followUps: [] };
    const hookCtx = {
      action: 'delete' as const,
      collection: this.collection,
      row,
      req: this.req,
      tx: this.deps.txOps(result.followUps ?? []),
    };
    this.deps.hooks.runBefore(hookCtx);
    const removed: Array<{ collection: Collection; row: StoredRow }> = [];
    this.deleteRecursive(this.collection, row, result, new Set(), removed);
    // The rows go only once every record to remove is known, so each one's parents still exist
    // when `deleting` listeners look at it (PocketBase checks delete events against the data as
    // it was before the delete, for the same reason). Children first, as collected.
    for (const r of removed) this.deps.deleting?.(r.collection, r.row);
    const stmts = this.deps.access.stmts;
    for (const r of removed) stmts.run(`DELETE FROM "${r.collection.name}" WHERE "id" = ?`, [String(r.row.id)]);
    this.deps.hooks.runAfter(hookCtx);
    return result;
  }

  /** Removes references to the record and collects it and its cascade into `removed` (not yet deleted). */
  private deleteRecursive(
    collection: Collection,
    row: StoredRow,
    result: AppliedWrite,
    visited: Set<string>,
    removed: Array<{ collection: Collection; row: StoredRow }>,
  ): void {
    const key = `${collection.id}/${String(row.id)}`;
    if (visited.has(key)) return;
    visited.add(key);
    if (visited.size > MAX_CASCADE) throw new ApiError(400, 'Failed to delete record. Too many cascading references.');
    const stmts = this.deps.access.stmts;
    const id = String(row.id);
    for (const ref of this.deps.access.registry.references(collection)) {
      const multi = isMultiValue(ref.field);
      const col = `"${ref.field.name}"`;
      const referencing = multi
        ? stmts.all(`SELECT * FROM "${ref.collection.name}" WHERE EXISTS (SELECT 1 FROM ${stmts.dialect.jsonEach(col)} WHERE value = ?)`, [
            id,
          ])
        : stmts.all(`SELECT * FROM "${ref.collection.name}" WHERE ${col} = ?`, [id]);
      for (const other of referencing) {
        if (visited.has(`${ref.collection.id}/${String(other.id)}`)) continue;
        const remaining = multi ? (JSON.parse(String(other[ref.field.name] ?? '[]')) as string[]).filter((x) => x !== id) : [];
        if (remaining.length === 0 && ref.field.cascadeDelete) {
          this.deleteRecursive(ref.collection, other, result, visited, removed);
          continue;
        }
        if (remaining.length === 0 && ref.field.required) {
          throw new ApiError(400, 'Failed to delete record. Make sure that the record is not part of a required relation reference.');
        }
        const value = multi ? JSON.stringify(remaining) : '';
        stmts.run(`UPDATE "${ref.collection.name}" SET ${col} = ? WHERE "id" = ?`, [value, String(other.id)]);
        result.sideEffects.push({ action: 'update', collection: ref.collection, row: { ...other, [ref.field.name]: value } });
      }
    }
    removed.push({ collection, row });
    if (collection.fileFields.length) result.removedPrefixes.push(`${collection.id}/${id}`);
    if (row !== result.row) result.sideEffects.push({ action: 'delete', collection, row });
  }

  async discard(): Promise<void> {}
}
