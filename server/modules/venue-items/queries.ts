import type { Row, SqlStatements } from '../../db/sql.ts';

/** The venue-items module's SQL: `venue_items`. */

/** Every override of a venue (the guest page merges them into its items). */
export function overridesOfVenue(stmts: SqlStatements, venueId: string): Row[] {
  return stmts.all('SELECT * FROM venue_items WHERE venue = ?', [venueId]);
}

/** The override of one item at one venue, or undefined. */
export function overrideOf(stmts: SqlStatements, venueId: string, itemId: string): Row | undefined {
  return stmts.get('SELECT * FROM venue_items WHERE venue = ? AND item = ?', [venueId, itemId]);
}

/** Overrides sold out until a time at or before `now` (a formatted date-time). */
export function soldOutOverrideIdsDue(stmts: SqlStatements, now: string): string[] {
  return stmts
    .all("SELECT id FROM venue_items WHERE available = 0 AND soldOutUntil != '' AND soldOutUntil <= ?", [now])
    .map((r) => String(r.id));
}
