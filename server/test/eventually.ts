/**
 * Polls `fn` every 50 ms until `ok` accepts its value or `timeoutMs` passed, and returns the last
 * value either way, so the test's own assertion on it shows what was there instead.
 */
export async function eventually<T>(fn: () => T | Promise<T>, ok: (v: T) => boolean, timeoutMs = 5000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}
