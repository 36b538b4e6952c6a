import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * The system tables that let several instances share one database (outside the collection
 * registry, like `_params`; drizzle-kit reads them through drizzle.config.ts).
 */

/** One row per cron job and schedule slot (epoch minute): the instance whose insert wins runs it. */
export const cronClaims = sqliteTable(
  '_cronClaims',
  {
    job: text('job').notNull(),
    slot: integer('slot').notNull(),
    instance: text('instance').notNull(),
  },
  (t) => [primaryKey({ columns: [t.job, t.slot] })],
);

/** Fixed-window rate-limit counters shared by every instance (`RATE_LIMIT_STORE=database`). */
export const rateLimits = sqliteTable(
  '_rateLimits',
  {
    key: text('key').notNull(),
    windowStart: integer('windowStart').notNull(),
    hits: integer('hits').notNull(),
    expiresAt: integer('expiresAt').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
