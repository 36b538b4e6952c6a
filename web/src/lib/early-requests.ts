/**
 * Requests a page will make, started by the entry as the app starts (app/routes.tsx), before the
 * page's own code has arrived: on a slow network that saves the round trip of fetching the code
 * first. The page's data hook takes each one over once, by key; one left untaken goes stale.
 */
const started = new Map<string, { promise: Promise<unknown>; at: number }>();

/** How long a started request may wait for its page (after that the page asks afresh). */
const FRESH_MS = 15_000;

/** The request started under `key`, once; undefined when none is waiting (or it went stale). */
export function takeEarly<T>(key: string): Promise<T> | undefined {
  const entry = started.get(key);
  started.delete(key);
  if (!entry || Date.now() - entry.at > FRESH_MS) return undefined;
  return entry.promise as Promise<T>;
}

/** A fetcher that takes over the early request of `key`, or makes its own. */
export function earlyOr<T>(key: readonly unknown[], load: () => Promise<T>): Promise<T> {
  return takeEarly<T>(JSON.stringify(key)) ?? load();
}

/** Starts `load` early under the key its data hook will use. */
export function startEarlyFor<T>(key: readonly unknown[], load: () => Promise<T>): Promise<T> {
  const promise = load();
  // Failures are the page's to show, if it takes the request over.
  promise.catch(() => undefined);
  started.set(JSON.stringify(key), { promise, at: Date.now() });
  return promise;
}
