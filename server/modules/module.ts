import type { CollectionDef } from '../core/collections.ts';
import type { RecordEngine } from '../core/records/engine.ts';

/** One product area: its collections and the hooks it registers on the engine. */
export interface ProductModule {
  name: string;
  collections: CollectionDef[];
  register?(engine: RecordEngine): void;
}
