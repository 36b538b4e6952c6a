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

/** Typed after-commit record events that modules and the realtime hub listen to. */
export class RecordEvents {
  private readonly handlers = new Set<RecordEventHandler>();

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
        queueMicrotask(() => { throw err; });
      }
    }
  }
}
