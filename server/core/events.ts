import type { Collection } from './collections.ts';
import type { StoredRow } from './records/codec.ts';

/** A committed change to one record. Fired only after the transaction commits. */
export interface RecordEvent {
  action: 'create' | 'update' | 'delete';
  collection: Collection;
  /** The stored row after the change (before it, for deletes). */
  row: StoredRow;
}

export type RecordEventHandler = (event: RecordEvent) => void;

/**
 * Typed after-commit record events that modules and the realtime hub listen to, plus one
 * in-transaction signal: `deleting`, fired for every record a delete removes (cascades included)
 * while all of them and their parents still exist, so listeners can work out what depends on
 * them (who may see the delete) before the rows are gone.
 */
export class RecordEvents {
  private readonly handlers = new Set<RecordEventHandler>();
  private readonly deletingHandlers = new Set<RecordEventHandler>();
  private readonly changeHandlers = new Set<RecordEventHandler>();

  onDeleting(handler: RecordEventHandler): () => void {
    this.deletingHandlers.add(handler);
    return () => this.deletingHandlers.delete(handler);
  }

  /** Inside the delete's transaction; a failing listener never fails the delete. */
  deleting(event: RecordEvent): void {
    for (const handler of this.deletingHandlers) {
      try {
        handler(event);
      } catch (err) {
        queueMicrotask(() => {
          throw err;
        });
      }
    }
  }

  on(handler: RecordEventHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /**
   * Every committed change this instance must reflect: its own writes (after the `on` handlers)
   * and those of other instances sharing the realtime bus (`emitRemote`). For per-instance state
   * only (caches, this instance's own streams): work that must happen once per write (mail,
   * counters, other writes) belongs in `on`, which hears this instance's writes alone.
   */
  onChange(handler: RecordEventHandler): () => void {
    this.changeHandlers.add(handler);
    return () => this.changeHandlers.delete(handler);
  }

  /** A change another instance committed (from the realtime bus): `onChange` handlers only. */
  emitRemote(event: RecordEvent): void {
    this.run(this.changeHandlers, event);
  }

  emit(event: RecordEvent): void {
    this.run(this.handlers, event);
    if (this.changeHandlers.size > 0) this.run(this.changeHandlers, event);
  }

  private run(handlers: Set<RecordEventHandler>, event: RecordEvent): void {
    for (const handler of handlers) {
      try {
        handler(event);
      } catch (err) {
        // A failing listener must never undo or fail a committed write.
        queueMicrotask(() => {
          throw err;
        });
      }
    }
  }
}
