import type { Row, SqlStatements } from '../../db/sql.ts';

/** The venues module's SQL: `venues`. */

export function venueSlugTaken(stmts: SqlStatements, slug: string, exceptId: string): boolean {
  return Boolean(stmts.get('SELECT 1 FROM venues WHERE slug = ? AND id != ?', [slug, exceptId]));
}

/** The whole stored row of the venue at a guest URL slug. */
export function venueBySlug(stmts: SqlStatements, slug: string): Row | undefined {
  return stmts.get('SELECT * FROM venues WHERE slug = ?', [slug]);
}

/** The guest URL slugs of an organization's venues. */
export function venueSlugsOf(stmts: SqlStatements, organizationId: string): string[] {
  return stmts.all('SELECT slug FROM venues WHERE organization = ?', [organizationId]).map((r) => String(r.slug));
}

export function venueInOrganization(stmts: SqlStatements, venueId: string, organizationId: string): boolean {
  return Boolean(stmts.get('SELECT 1 FROM venues WHERE id = ? AND organization = ?', [venueId, organizationId]));
}

/** A venue's time zone ('' when unset or unknown). */
export function venueTimezone(stmts: SqlStatements, venueId: string): string {
  return String(stmts.get('SELECT timezone FROM venues WHERE id = ?', [venueId])?.timezone ?? '');
}

/** The distinct time zones of an organization's venues ('' for unset). */
export function venueTimezonesOf(stmts: SqlStatements, organizationId: string): string[] {
  return stmts.all('SELECT DISTINCT timezone FROM venues WHERE organization = ?', [organizationId]).map((r) => String(r.timezone ?? ''));
}

/** Venue names by id (ids of deleted venues are missing). */
export function venueNames(stmts: SqlStatements, ids: string[]): Map<string, string> {
  if (!ids.length) return new Map();
  const rows = stmts.all(`SELECT id, name FROM venues WHERE id IN (SELECT value FROM ${stmts.dialect.jsonEach('?')})`, [
    JSON.stringify(ids),
  ]);
  return new Map(rows.map((r) => [String(r.id), String(r.name ?? '')]));
}

/** The organization's venues that list a menu. */
export function venueIdsListingMenu(stmts: SqlStatements, organizationId: string, menuId: string): string[] {
  return stmts
    .all(
      `SELECT v.id AS id FROM venues v WHERE v.organization = ? AND EXISTS (SELECT 1 FROM ${stmts.dialect.jsonEach('v.menus')} je WHERE je.value = ?)`,
      [organizationId, menuId],
    )
    .map((r) => String(r.id));
}

/** The upload a venue shows as its original menu, with the venue's organization. */
export function venueOriginalMenu(stmts: SqlStatements, venueId: string): { originalMenu: string; organization: string } | undefined {
  const row = stmts.get('SELECT originalMenu, organization FROM venues WHERE id = ?', [venueId]);
  return row ? { originalMenu: String(row.originalMenu ?? ''), organization: String(row.organization) } : undefined;
}

/** Venues of an organization created at or after `since` ('' for all): the plan limit. */
export function countVenues(stmts: SqlStatements, organizationId: string, since: string): number {
  return Number(stmts.get('SELECT COUNT(*) AS c FROM venues WHERE organization = ? AND created >= ?', [organizationId, since])?.c ?? 0);
}

/** A venue's stored row by id, or undefined. */
export function venueById(stmts: SqlStatements, id: string): Row | undefined {
  return stmts.get('SELECT * FROM venues WHERE id = ?', [id]);
}

/** The ids of an organization's venues, oldest first. */
export function venueIdsOf(stmts: SqlStatements, organizationId: string): string[] {
  return stmts.all('SELECT id FROM venues WHERE organization = ? ORDER BY created', [organizationId]).map((r) => String(r.id));
}
