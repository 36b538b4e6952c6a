import type { CollectionDef } from './core/collections.ts';
import { systemCollections } from './core/system-collections.ts';
import { usersCollection } from './modules/users/collection.ts';
import { productModules } from './modules/index.ts';

/**
 * Every collection of the product, in one list: the engine's system collections, then each
 * module's. drizzle-kit derives the committed migrations from this list (server/db/schema.ts).
 */
export const appCollections: CollectionDef[] = [...systemCollections, usersCollection, ...productModules.flatMap((m) => m.collections)];
