import type { CollectionDef } from './collections.ts';

/** Collections the engine itself needs, whatever product runs on it. */
const timestamps = [
  { name: 'created', type: 'autodate', system: true, onCreate: true, onUpdate: false },
  { name: 'updated', type: 'autodate', system: true, onCreate: true, onUpdate: true },
] as const;

const ownerRule = 'recordRef = @request.auth.id && collectionRef = @request.auth.collectionId';

export const superusersCollection: CollectionDef = {
  name: '_superusers',
  type: 'auth',
  system: true,
  fields: [...timestamps],
  listRule: null,
  viewRule: null,
  createRule: null,
  updateRule: null,
  deleteRule: null,
  auth: { authTokenDuration: 86400 },
};

/** Links between auth records and OAuth2 provider accounts; owners may list and unlink them. */
export const externalAuthsCollection: CollectionDef = {
  name: '_externalAuths',
  system: true,
  fields: [
    { name: 'collectionRef', type: 'text', system: true, required: true },
    { name: 'recordRef', type: 'text', system: true, required: true },
    { name: 'provider', type: 'text', system: true, required: true },
    { name: 'providerId', type: 'text', system: true, required: true },
    ...timestamps,
  ],
  listRule: ownerRule,
  viewRule: ownerRule,
  createRule: null,
  updateRule: null,
  deleteRule: ownerRule,
  indexes: [{ columns: ['collectionRef', 'provider', 'providerId'], unique: true }, { columns: ['collectionRef', 'recordRef'] }],
};

/** One-time passwords sent by email; the code is stored only as a keyed hash. */
export const otpsCollection: CollectionDef = {
  name: '_otps',
  system: true,
  fields: [
    { name: 'collectionRef', type: 'text', system: true, required: true },
    { name: 'recordRef', type: 'text', system: true, required: true },
    { name: 'codeHash', type: 'text', system: true, hidden: true },
    { name: 'sentTo', type: 'text', system: true, hidden: true },
    ...timestamps,
  ],
  listRule: ownerRule,
  viewRule: ownerRule,
  createRule: null,
  updateRule: null,
  deleteRule: null,
  indexes: [{ columns: ['collectionRef', 'recordRef'] }],
};

export const systemCollections: CollectionDef[] = [superusersCollection, externalAuthsCollection, otpsCollection];
