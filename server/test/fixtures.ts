import { appCollections } from '../app-collections.ts';
import type { CollectionDef } from '../core/collections.ts';

/**
 * Collections used by the engine's tests: a blog-like schema that exercises every field type.
 * Accounts are the product's own `users` collection (rules: each user sees only themself).
 */
const timestamps = [
  { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
  { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
] as const;

export const testCollections: CollectionDef[] = [
  {
    name: 'topics',
    fields: [{ name: 'name', type: 'text', required: true }, { name: 'color', type: 'text' }, ...timestamps],
    listRule: '',
    viewRule: '',
    createRule: '@request.auth.id != ""',
    updateRule: '@request.auth.id != ""',
    deleteRule: '@request.auth.id != ""',
    indexes: [{ columns: ['name'], unique: true }],
  },
  {
    name: 'posts',
    fields: [
      { name: 'title', type: 'text', required: true, max: 200 },
      { name: 'body', type: 'editor' },
      { name: 'views', type: 'number', min: 0 },
      { name: 'rating', type: 'number', onlyInt: true, max: 5 },
      { name: 'published', type: 'bool' },
      { name: 'status', type: 'select', values: ['draft', 'review', 'live'] },
      { name: 'labels', type: 'select', values: ['a', 'b', 'c'], maxSelect: 3 },
      { name: 'author', type: 'relation', collection: 'users' },
      { name: 'tags', type: 'relation', collection: 'topics', maxSelect: 10 },
      { name: 'cover', type: 'file', maxSize: 1024 * 1024, mimeTypes: ['image/png', 'image/jpeg'], thumbs: ['50x50'] },
      { name: 'docs', type: 'file', maxSelect: 3 },
      { name: 'meta', type: 'json' },
      { name: 'site', type: 'url' },
      { name: 'contact', type: 'email' },
      { name: 'publishAt', type: 'date' },
      { name: 'secret', type: 'text', hidden: true },
      ...timestamps,
    ],
    listRule: 'published = true || author = @request.auth.id',
    viewRule: 'published = true || author = @request.auth.id',
    createRule: '@request.auth.id != "" && author = @request.auth.id',
    updateRule: 'author = @request.auth.id && (@request.body.author:isset = false || @request.body.author = @request.auth.id)',
    deleteRule: 'author = @request.auth.id',
    indexes: [{ columns: ['published', 'created'] }],
  },
  {
    name: 'comments',
    fields: [
      { name: 'post', type: 'relation', collection: 'posts', required: true, cascadeDelete: true },
      { name: 'message', type: 'text', required: true },
      { name: 'author', type: 'relation', collection: 'users' },
      ...timestamps,
    ],
    listRule: 'post.published = true || post.author = @request.auth.id',
    viewRule: 'post.published = true || post.author = @request.auth.id',
    createRule: '@request.auth.id != ""',
    updateRule: null,
    deleteRule: null,
  },
  {
    name: 'teams',
    fields: [{ name: 'name', type: 'text', required: true }],
    listRule: '@collection.team_members.user ?= @request.auth.id && @collection.team_members.team ?= id',
    viewRule: '@collection.team_members.user ?= @request.auth.id && @collection.team_members.team ?= id',
    createRule: null,
    updateRule: null,
    deleteRule: null,
  },
  {
    name: 'team_members',
    fields: [
      { name: 'user', type: 'relation', collection: 'users', required: true, cascadeDelete: true },
      { name: 'team', type: 'relation', collection: 'teams', required: true, cascadeDelete: true },
    ],
    listRule: 'user = @request.auth.id',
    viewRule: 'user = @request.auth.id',
    createRule: null,
    updateRule: null,
    deleteRule: null,
    indexes: [{ columns: ['user', 'team'], unique: true }],
  },
  {
    name: 'vault',
    fields: [
      { name: 'owner', type: 'relation', collection: 'users', required: true },
      { name: 'file', type: 'file', protected: true },
    ],
    listRule: 'owner = @request.auth.id',
    viewRule: 'owner = @request.auth.id',
    createRule: 'owner = @request.auth.id',
    updateRule: 'owner = @request.auth.id',
    deleteRule: 'owner = @request.auth.id',
  },
  {
    name: 'locked',
    fields: [{ name: 'name', type: 'text' }],
  },
];

/** The product's collections plus the test ones, for code that builds its own registry. */
export const testCollectionsWithUsers: CollectionDef[] = [...appCollections, ...testCollections];
