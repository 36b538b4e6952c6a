/**
 * An app clock that starts one second into a fixed window of `windowMs` and then runs at real
 * speed. The shared (`database`) rate-limit store, used on PostgreSQL, aligns its windows on
 * multiples of the window length, so a test counting to a limit on the wall clock would start a
 * fresh count whenever it happened to cross a boundary. The clock moves forward (by less than one
 * window), never back, so tokens from outside issuers (OAuth2 `iat`) are never in its future.
 */
export function clockInOneWindow(windowMs: number): () => Date {
  const start = Date.now();
  const ahead = windowMs - (start % windowMs) + 1000;
  return () => new Date(Date.now() + ahead);
}
