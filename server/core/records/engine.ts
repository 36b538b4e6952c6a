import type { Collection, CollectionRegistry } from '../collections.ts';
import { ApiError } from '../errors.ts';
import type { RecordEvents } from '../events.ts';
import type { FileStorage } from '../files/storage.ts';
import type { RequestInfo } from '../request-info.ts';
import type { SqlStatements } from '../../db/sql.ts';
import { Access } from './access.ts';
import type { RecordJson } from './codec.ts';
import { PreparedDelete } from './delete.ts';
import { listRecords, serializeMany, viewRecord, type ListParams, type ListResult } from './read.ts';
import { WriteHooks, type TxOps } from './hooks.ts';
import {
  internalCreate,
  internalUpdate,
  PreparedCreate,
  PreparedUpdate,
  PreparedUpsert,
  removeStaleFiles,
  type StorageCleanupReport,
  type AppliedWrite,
  type PreparedWrite,
  type WriteDeps,
  type WriteInput,
} from './write.ts';

/**
 * The record service: list/view/create/update/delete over the registry's collections, with rules,
 * validation, files and after-commit events. Knows collections, not restaurants.
 */
export class RecordEngine {
  readonly access: Access;
  readonly hooks = new WriteHooks();
  private readonly writeDeps: WriteDeps;

  /**
   * Told about files of committed writes that storage failed to remove (an S3 store that did not
   * answer): the app logs them, so an operator can remove what is left behind.
   */
  onStorageCleanupError: StorageCleanupReport = () => undefined;

  constructor(
    readonly registry: CollectionRegistry,
    readonly stmts: SqlStatements,
    readonly storage: FileStorage,
    readonly events: RecordEvents,
    readonly now: () => Date,
  ) {
    this.access = new Access(registry, stmts, now);
    const deps: WriteDeps = {
      access: this.access,
      storage,
      now,
      hooks: this.hooks,
      txOps: (followUps) => this.txOps(deps, followUps),
      deleting: (collection, row) => events.deleting({ action: 'delete', collection, row }),
    };
    this.writeDeps = deps;
  }

  /** Writes hooks make inside the running transaction, with system rights, recorded for events. */
  private txOps(deps: WriteDeps, followUps: NonNullable<AppliedWrite['followUps']>): TxOps {
    const system = this.systemRequest();
    return {
      create: (name, data) => {
        const collection = this.collection(name);
        const applied = internalCreate(deps, collection, system, data);
        followUps.push({ action: 'create', collection, row: applied.row }, ...(applied.followUps ?? []));
        return applied.row;
      },
      update: (name, id, data) => {
        const collection = this.collection(name);
        const applied = internalUpdate(deps, collection, id, system, data);
        followUps.push({ action: 'update', collection, row: applied.row }, ...(applied.followUps ?? []));
        return applied.row;
      },
    };
  }

  /** A request context with superuser rights for internal writes. */
  systemRequest(context = 'default'): RequestInfo {
    const superusers = this.registry.get('_superusers');
    if (!superusers) throw new Error('_superusers collection missing');
    return { auth: { collection: superusers, row: { id: 'system' } }, method: 'POST', context, query: {}, headers: {}, body: {} };
  }

  /** The collection of a records route; 404 with the contract's message when unknown. */
  collection(idOrName: string, missingMessage = 'Missing collection context.'): Collection {
    const c = this.registry.get(idOrName);
    if (!c) throw new ApiError(404, missingMessage);
    return c;
  }

  list(collection: Collection, params: ListParams, req: RequestInfo): Promise<ListResult> {
    return listRecords(this.access, collection, params, req);
  }

  view(collection: Collection, id: string, expand: string, req: RequestInfo): Promise<RecordJson> {
    return viewRecord(this.access, collection, id, expand, req);
  }

  private get deps(): WriteDeps {
    return this.writeDeps;
  }

  prepareCreate(collection: Collection, input: WriteInput, req: RequestInfo): Promise<PreparedWrite> {
    return PreparedCreate.prepare(this.deps, collection, req, input);
  }

  prepareUpdate(collection: Collection, id: string, input: WriteInput, req: RequestInfo): Promise<PreparedWrite> {
    return PreparedUpdate.prepare(this.deps, collection, id, req, input);
  }

  /** Batch `PUT`: update if the submitted id exists when applied, else create. */
  prepareUpsert(collection: Collection, input: WriteInput, req: RequestInfo): Promise<PreparedWrite> {
    return PreparedUpsert.prepare(this.deps, collection, req, input);
  }

  prepareDelete(collection: Collection, id: string, req: RequestInfo): PreparedWrite {
    return PreparedDelete.prepare(this.deps, collection, id, req);
  }

  /**
   * Applies prepared writes in one transaction (all or nothing). Only after commit are replaced
   * files removed and events fired; on failure every uploaded file is discarded.
   * `onError` maps a failing write's error (batch reports the failing index).
   */
  async execute<R = undefined>(
    ops: PreparedWrite[],
    onError?: (err: unknown, index: number) => unknown,
    respond?: (applied: AppliedWrite, index: number) => R,
  ): Promise<Array<AppliedWrite & { response?: R }>> {
    let results: Array<AppliedWrite & { response?: R }>;
    try {
      results = await this.stmts.transactionAsync(() =>
        ops.map((op, i) => {
          try {
            const applied: AppliedWrite & { response?: R } = op.apply();
            // Responses see the state at their point of the transaction, as in PocketBase's batch.
            if (respond) applied.response = respond(applied, i);
            return applied;
          } catch (err) {
            throw onError ? onError(err, i) : err;
          }
        }),
      );
    } catch (err) {
      await Promise.all(ops.map((op) => op.discard()));
      throw err;
    }
    await Promise.all(
      results.map((r) =>
        Promise.all([
          removeStaleFiles(this.storage, r.staleFiles, this.onStorageCleanupError),
          ...r.removedPrefixes.map((p) => this.storage.deletePrefix(p).catch((err: unknown) => this.onStorageCleanupError(`${p}/`, err))),
        ]),
      ),
    );
    results.forEach((r, i) => {
      const op = ops[i] as PreparedWrite;
      for (const s of r.sideEffects) this.events.emit(s);
      this.events.emit({ action: op.action, collection: op.collection, row: r.row });
      for (const f of r.followUps ?? []) this.events.emit(f);
    });
    return results;
  }

  /** The response body of a write: the stored record, enriched with expand for the requester. */
  present(collection: Collection, applied: AppliedWrite, expand: string, req: RequestInfo): RecordJson {
    return serializeMany(this.access, collection, [applied.row], expand, req)[0] as RecordJson;
  }

  async create(collection: Collection, input: WriteInput, req: RequestInfo, expand = ''): Promise<RecordJson> {
    const [applied] = await this.execute([await this.prepareCreate(collection, input, req)]);
    return this.present(collection, applied as AppliedWrite, expand, req);
  }

  async update(collection: Collection, id: string, input: WriteInput, req: RequestInfo, expand = ''): Promise<RecordJson> {
    const [applied] = await this.execute([await this.prepareUpdate(collection, id, input, req)]);
    return this.present(collection, applied as AppliedWrite, expand, req);
  }

  async delete(collection: Collection, id: string, req: RequestInfo): Promise<void> {
    await this.execute([this.prepareDelete(collection, id, req)]);
  }
}
