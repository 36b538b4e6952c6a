import { pgTable, text } from 'drizzle-orm/pg-core';
import { appCollections } from '../app-collections.ts';
import { normalizeCollection } from '../core/collections.ts';
import { collectionTablePg } from './collection-table-pg.ts';

/** PostgreSQL twin of schema.ts (drizzle-pg.config.ts). Key/value store for app-level state (generated secrets, settings). */
export const params = pgTable('_params', {
  key: text('key').primaryKey().notNull(),
  value: text('value').notNull(),
});

/** One Drizzle table per collection, keyed by collection name (drizzle-kit reads these exports). */
export const collectionTables = Object.fromEntries(
  appCollections.map((def) => {
    const c = normalizeCollection(def);
    return [c.name, collectionTablePg(c)];
  }),
);

// drizzle-kit reads top-level exports only: list every table (npm test fails when one is missing).
export const {
  _superusers,
  _externalAuths,
  _otps,
  users,
  plans,
  organizations,
  memberships,
  tags,
  option_groups,
  options,
  menus,
  sections,
  items,
  menu_uploads,
  venues,
  venue_items,
  venue_options,
  set_courses,
  help_requests,
  guest_stats,
  invitations,
  billing_events,
  billing_notices,
} = collectionTables;
