import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The PostgreSQL twin of fleet-schema.ts (drizzle-pg.config.ts): the same tables and columns.
 * Rate-limit windows are epoch milliseconds, beyond PostgreSQL's 32-bit integer: bigint, read as
 * numbers (SQLite's integer is 64-bit already).
 * Plus two tables only PostgreSQL has: the request logs every instance shares (on SQLite they stay
 * in each instance's auxiliary.db, server/ops/logs.ts) and the realtime bus's outbox.
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

/**
 * Request logs of every instance (server/ops/logs.ts): the columns of auxiliary.db's `_logs`
 * (`created` is the API's datetime text, `data` JSON text, as the filter compiler expects).
 */
export const logs = pgTable(
  '_logs',
  {
    id: text('id').primaryKey().notNull(),
    level: integer('level').notNull().default(0),
    message: text('message').notNull().default(''),
    data: text('data').notNull().default('{}'),
    created: text('created').notNull().default(''),
  },
  (t) => [index('idx_logs_created').on(t.created), index('idx_logs_level').on(t.level)],
);

/**
 * The realtime bus's outbox (server/core/realtime/pg-bus.ts): what PgBus made itself before, column
 * for column, so a database where it did is already in this shape (the migration creates it only
 * when missing).
 */
export const busOutbox = pgTable(
  '_bus_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    payload: jsonb('payload').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('_bus_outbox_created').on(t.created)],
);
