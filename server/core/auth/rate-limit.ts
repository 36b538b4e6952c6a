/**
 * Fixed-window counters in memory, keyed by e.g. `login:<ip>`. Small and fast; a multi-instance
 * deployment would move this behind the same interface to a shared store.
 */
export class FixedWindowLimiter {
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
