/** Adds to a bounded cache, dropping the oldest entry when full (the statement caches of both engines). */
export function remember<V>(cache: Map<string, V>, key: string, value: V, max: number): V {
  if (cache.size >= max) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(key, value);
  return value;
}
