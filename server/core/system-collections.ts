import type { CollectionDef } from './collections.ts';

/** Collections the engine itself needs, whatever product runs on it. */
export const superusersCollection: CollectionDef = {
  name: '_superusers',
  type: 'auth',
  system: true,
  fields: [
    { name: 'created', type: 'autodate', system: true, onCreate: true, onUpdate: false },
    { name: 'updated', type: 'autodate', system: true, onCreate: true, onUpdate: true },
  ],
  listRule: null,
  viewRule: null,
  createRule: null,
  updateRule: null,
  deleteRule: null,
  auth: { authTokenDuration: 86400 },
};

export const systemCollections: CollectionDef[] = [superusersCollection];
