import type { Row, SqlStatements } from '../../db/sql.ts';

/** The venue-options module's SQL: `venue_options`. */

/** Every sold-out mark of a venue's options (the guest page merges them into its options). */
export function optionMarksOfVenue(stmts: SqlStatements, venueId: string): Row[] {
  return stmts.all('SELECT * FROM venue_options WHERE venue = ?', [venueId]);
}

/** The mark of one option at one venue, or undefined. */
export function optionMarkOf(stmts: SqlStatements, venueId: string, optionId: string): Row | undefined {
  return stmts.get('SELECT * FROM venue_options WHERE venue = ? AND option = ?', [venueId, optionId]);
}

/** Marks sold out until a time at or before `now` (a formatted date-time). */
export function soldOutOptionMarkIdsDue(stmts: SqlStatements, now: string): string[] {
  return stmts
    .all("SELECT id FROM venue_options WHERE available = 0 AND soldOutUntil != '' AND soldOutUntil <= ?", [now])
    .map((r) => String(r.id));
}
