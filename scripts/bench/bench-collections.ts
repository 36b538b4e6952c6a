import type { CollectionDef } from '../../server/core/collections.ts';

/** The ten values of `bench_items.category`: c0 … c9. */
export const CATEGORIES = Array.from({ length: 10 }, (_, i) => `c${i}`);

/**
 * Collection names of the benchmark. Prefixed so they never collide with the product's own
 * collections (the product has an `items` collection of its own, for instance).
 */
export const BENCH = {
  owners: 'bench_owners',
  items: 'bench_items',
  members: 'bench_members',
  notes: 'bench_notes',
  /** The realtime collection whose list rule depends on the requester (per-client rule checks). */
  feed: 'bench_feed',
} as const;

const autodates = [
  { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
  { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
] as const;

/** Collections of the benchmark: public items with an owner relation, plus auth-ruled ones. */
export const benchCollections: CollectionDef[] = [
  {
    name: BENCH.owners,
    fields: [{ name: 'name', type: 'text', max: 100 }, ...autodates],
    listRule: '',
    viewRule: '',
  },
  {
    name: BENCH.items,
    fields: [
      { name: 'name', type: 'text', max: 200 },
      { name: 'category', type: 'select', values: CATEGORIES },
      { name: 'price', type: 'number' },
      { name: 'available', type: 'bool' },
      { name: 'owner', type: 'relation', collection: BENCH.owners },
      ...autodates,
    ],
    indexes: [{ columns: ['category', 'price'] }],
    listRule: '',
    viewRule: '',
    createRule: '',
    // The mixed load (`BENCH_ONLY=load`) updates and deletes records as a guest.
    updateRule: '',
    deleteRule: '',
  },
  // The auth-ruled variant: notes are visible to their owning member only.
  {
    name: BENCH.members,
    type: 'auth',
    fields: [...autodates],
    listRule: 'id = @request.auth.id',
    viewRule: 'id = @request.auth.id',
  },
  {
    name: BENCH.notes,
    fields: [{ name: 'title', type: 'text', max: 200 }, { name: 'owner', type: 'relation', collection: BENCH.members }, ...autodates],
    indexes: [{ columns: ['owner'] }],
    listRule: 'owner = @request.auth.id',
    viewRule: 'owner = @request.auth.id',
  },
  // Realtime with per-client rule checks: every subscriber is a distinct `users` record, so the
  // hub cannot share one rule verdict between them.
  {
    name: BENCH.feed,
    fields: [
      { name: 'title', type: 'text', max: 200 },
      { name: 'owner', type: 'relation', collection: 'users' },
      { name: 'public', type: 'bool' },
      ...autodates,
    ],
    listRule: 'owner = @request.auth.id || public = true',
    viewRule: 'owner = @request.auth.id || public = true',
  },
];
