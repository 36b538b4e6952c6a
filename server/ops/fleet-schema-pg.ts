import { bigint, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The PostgreSQL twin of fleet-schema.ts (drizzle-pg.config.ts): the same tables and columns.
 * Rate-limit windows are epoch milliseconds, beyond PostgreSQL's 32-bit integer: bigint, read as
 * numbers (SQLite's integer is 64-bit already).
 */

/** One row per cron job and schedule slot (epoch minute): the instance whose insert wins runs it. */
export const cronClaims = pgTable(
  '_cronClaims',
  {
    job: text('job').notNull(),
    slot: integer('slot').notNull(),
    instance: text('instance').notNull(),
  },
  (t) => [primaryKey({ columns: [t.job, t.slot] })],
);

/** Fixed-window rate-limit counters shared by every instance (`RATE_LIMIT_STORE=database`). */
export const rateLimits = pgTable(
  '_rateLimits',
  {
    key: text('key').notNull(),
    windowStart: bigint('windowStart', { mode: 'number' }).notNull(),
    hits: integer('hits').notNull(),
    expiresAt: bigint('expiresAt', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
