import type { Collection } from '../collections.ts';
import type { RequestInfo } from '../request-info.ts';
import type { StoredRow } from './codec.ts';

/** Synchronous writes available to hooks, inside the same transaction as the write that ran them. */
export interface TxOps {
  create(collection: string, data: Record<string, unknown>): StoredRow;
  update(collection: string, id: string, data: Record<string, unknown>): StoredRow;
}

export interface HookContext {
  action: 'create' | 'update' | 'delete';
  collection: Collection;
  /** The row being written (create/update) or deleted. */
  row: StoredRow;
  /** Update: the row before the change. */
  before?: StoredRow;
  req: RequestInfo;
  tx: TxOps;
}

export type WriteHook = (ctx: HookContext) => void;

/**
 * Product rules that need more than API rules: `before` hooks run after validation and may refuse
 * the write (throw an ApiError); `after` hooks run right after it. Both are inside the transaction,
 * so everything they write commits or rolls back with the request.
 */
export class WriteHooks {
  private readonly beforeHooks = new Map<string, WriteHook[]>();
  private readonly afterHooks = new Map<string, WriteHook[]>();

  before(collection: string, action: HookContext['action'], hook: WriteHook): void {
    this.add(this.beforeHooks, `${collection}:${action}`, hook);
  }

  after(collection: string, action: HookContext['action'], hook: WriteHook): void {
    this.add(this.afterHooks, `${collection}:${action}`, hook);
  }

  runBefore(ctx: HookContext): void {
    for (const hook of this.beforeHooks.get(`${ctx.collection.name}:${ctx.action}`) ?? []) hook(ctx);
  }

  runAfter(ctx: HookContext): void {
    for (const hook of this.afterHooks.get(`${ctx.collection.name}:${ctx.action}`) ?? []) hook(ctx);
  }

  private add(map: Map<string, WriteHook[]>, key: string, hook: WriteHook): void {
    const list = map.get(key) ?? [];
    list.push(hook);
    map.set(key, list);
  }
}
