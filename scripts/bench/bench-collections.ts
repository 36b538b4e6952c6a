import type { CollectionDef } from '../../server/core/collections.ts';

/** The ten values of `items.category`: c0 … c9. */
export const CATEGORIES = Array.from({ length: 10 }, (_, i) => `c${i}`);

const autodates = [
  { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
  { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
] as const;

/** Collections of the benchmark: public items with an owner relation, plus an auth-ruled pair. */
export const benchCollections: CollectionDef[] = [
  {
    name: 'owners',
    fields: [{ name: 'name', type: 'text', max: 100 }, ...autodates],
    listRule: '',
    viewRule: '',
  },
  {
    name: 'items',
    fields: [
      { name: 'name', type: 'text', max: 200 },
      { name: 'category', type: 'select', values: CATEGORIES },
      { name: 'price', type: 'number' },
      { name: 'available', type: 'bool' },
      { name: 'owner', type: 'relation', collection: 'owners' },
      ...autodates,
    ],
    indexes: [{ columns: ['category', 'price'] }],
    listRule: '',
    viewRule: '',
    createRule: '',
  },
  // The auth-ruled variant: notes are visible to their owning member only.
  {
    name: 'members',
    type: 'auth',
    fields: [...autodates],
    listRule: 'id = @request.auth.id',
    viewRule: 'id = @request.auth.id',
  },
  {
    name: 'notes',
    fields: [
      { name: 'title', type: 'text', max: 200 },
      { name: 'owner', type: 'relation', collection: 'members' },
      ...autodates,
    ],
    indexes: [{ columns: ['owner'] }],
    listRule: 'owner = @request.auth.id',
    viewRule: 'owner = @request.auth.id',
  },
];
