/**
 * Requests a page will make, started by the entry as the app starts (app/routes.tsx), before the
 * page's own code has arrived: on a slow network that saves the round trip of fetching the code
 * first. The page's data hook takes each one over once, by key; one left untaken goes stale.
 */
const started = new Map<string, { key: readonly unknown[]; promise: Promise<unknown>; at: number; answer?: { data: unknown } }>();

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
  const entry: { key: readonly unknown[]; promise: Promise<unknown>; at: number; answer?: { data: unknown } } = {
    key,
    promise,
    at: Date.now(),
  };
  // Failures are the page's to show, if it takes the request over.
  promise.then(
    (data) => {
      entry.answer = { data };
    },
    () => undefined,
  );
  started.set(JSON.stringify(key), entry);
  return promise;
}

/**
 * The early requests answered by now and not yet taken, as [key, data]: the page's first render
 * can show them at once (its hooks still take the requests over, and get the same data).
 */
export function earlyAnswers(): [readonly unknown[], unknown][] {
  return [...started.values()].filter((e) => e.answer && Date.now() - e.at <= FRESH_MS).map((e) => [e.key, e.answer?.data]);
}

/** Resolves once every early request started so far has answered or failed. */
export async function earlyRequestsSettled(): Promise<void> {
  await Promise.allSettled([...started.values()].map((e) => e.promise));
}
