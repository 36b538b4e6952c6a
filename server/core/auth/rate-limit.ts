import type { SqlStatements } from '../../db/sql.ts';

/**
 * A fixed-window rate limiter keyed by e.g. `login:<ip>`. Two stores: `FixedWindowLimiter` in
 * memory (one instance, the default) and `DatabaseLimiter` (counters in `_rateLimits`, shared by
 * every instance on the database).
 */
export interface RateLimiter {
  /** True while the key is over its limit (without counting). */
  blocked(key: string): boolean;
  /** Counts one event; returns false when this event is over the limit. */
  hit(key: string): boolean;
  /** Gives back one event counted by `hit` in the current window. */
  release(key: string): void;
}

/** Makes the limiter of one rule (`scope`: its counters' namespace) in the configured store. */
export type LimiterFactory = (scope: string, max: number, windowMs: number) => RateLimiter;

/** Where the auth and email rate-limit counters live (`RATE_LIMIT_STORE`). */
export type RateLimitStore = 'memory' | 'database';

/**
 * Fixed-window counters in memory: small and fast, but each instance counts only its own
 * requests (a fleet uses `DatabaseLimiter`).
 */
export class FixedWindowLimiter implements RateLimiter {
  private readonly buckets = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** True while the key is over its limit (without counting). */
  blocked(key: string): boolean {
    const b = this.buckets.get(key);
    return Boolean(b && b.resetAt > this.now() && b.count >= this.max);
  }

  /** Counts one event; returns false when this event is over the limit. */
  hit(key: string): boolean {
    const now = this.now();
    this.sweep(now);
    let b = this.buckets.get(key);
    if (!b || b.resetAt <= now) {
      b = { count: 0, resetAt: now + this.windowMs };
      this.buckets.set(key, b);
    }
    b.count++;
    return b.count <= this.max;
  }

  /**
   * Gives back one event counted by `hit` (e.g. a sign-in attempt that turned out to succeed), so
   * callers can count BEFORE slow async work and still limit only failures.
   */
  release(key: string): void {
    const b = this.buckets.get(key);
    if (b && b.resetAt > this.now() && b.count > 0) b.count--;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [k, b] of this.buckets) if (b.resetAt <= now) this.buckets.delete(k);
  }
}

/** How often (at most) one instance deletes the `_rateLimits` rows of windows that ended. */
const PRUNE_EVERY_MS = 60_000;

/** The database store's statements: portable SQL (SQLite and PostgreSQL), `?` placeholders. */
export const RATE_LIMIT_SQL = {
  read: 'SELECT "hits" FROM "_rateLimits" WHERE "key" = ? AND "windowStart" = ?',
  count:
    'INSERT INTO "_rateLimits" ("key", "windowStart", "hits", "expiresAt") VALUES (?, ?, 1, ?) ' +
    'ON CONFLICT ("key", "windowStart") DO UPDATE SET "hits" = "_rateLimits"."hits" + 1 RETURNING "hits"',
  release: 'UPDATE "_rateLimits" SET "hits" = "hits" - 1 WHERE "key" = ? AND "windowStart" = ? AND "hits" > 0',
  prune: 'DELETE FROM "_rateLimits" WHERE "expiresAt" <= ?',
} as const;

/**
 * Fixed-window counters in the database, shared by every instance: windows aligned on multiples
 * of the window length, one upsert per counted event that returns the count (portable SQL:
 * `INSERT … ON CONFLICT … DO UPDATE … RETURNING`, the same on SQLite and PostgreSQL). Keys are
 * namespaced by the limiter's `scope`, so limiters with different windows never share a row.
 */
export class DatabaseLimiter implements RateLimiter {
  private lastPrune = 0;

  constructor(
    private readonly stmts: SqlStatements,
    private readonly scope: string,
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private window(now: number): number {
    return now - (now % this.windowMs);
  }

  blocked(key: string): boolean {
    const row = this.stmts.get(RATE_LIMIT_SQL.read, [`${this.scope}:${key}`, this.window(this.now())]);
    return Boolean(row && Number(row.hits) >= this.max);
  }

  hit(key: string): boolean {
    const now = this.now();
    const start = this.window(now);
    this.prune(now);
    const row = this.stmts.get(RATE_LIMIT_SQL.count, [`${this.scope}:${key}`, start, start + this.windowMs]);
    return Number(row?.hits) <= this.max;
  }

  release(key: string): void {
    this.stmts.run(RATE_LIMIT_SQL.release, [`${this.scope}:${key}`, this.window(this.now())]);
  }

  /** Windows that ended are deleted by whichever instance counts first after a minute. */
  private prune(now: number): void {
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    this.stmts.run(RATE_LIMIT_SQL.prune, [now]);
  }
}
