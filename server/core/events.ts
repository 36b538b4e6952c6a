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

  emit(event: RecordEvent): void {
    for (const handler of this.handlers) {
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
