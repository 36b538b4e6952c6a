import type { Row, SqlStatements } from '../../db/sql.ts';

/** The tags module's SQL: `tags`. */

/** How many of `ids` are tags of the organization. */
export function countTagsOfOrganization(stmts: SqlStatements, organizationId: string, ids: string[]): number {
  return Number(
    stmts.get(`SELECT COUNT(*) AS c FROM tags WHERE organization = ? AND id IN (SELECT value FROM ${stmts.dialect.jsonEach('?')})`, [
      organizationId,
      JSON.stringify(ids),
    ])?.c ?? 0,
  );
}

/** Name, colour and stored translations (JSON text or null) of each tag by id (an unset colour is black). */
export function tagsByIds(stmts: SqlStatements, ids: string[]): Map<string, { name: string; color: string; translations: unknown }> {
  if (!ids.length) return new Map();
  const rows = stmts.all(`SELECT id, name, color, translations FROM tags WHERE id IN (SELECT value FROM ${stmts.dialect.jsonEach('?')})`, [
    JSON.stringify(ids),
  ]);
  return new Map(
    rows.map((t) => [String(t.id), { name: String(t.name), color: String(t.color || '#000000'), translations: t.translations }]),
  );
}

/** A tag's stored row, or undefined. */
export function tagRow(stmts: SqlStatements, id: string): Row | undefined {
  return stmts.get('SELECT * FROM tags WHERE id = ?', [id]);
}

/** How many tags an organization has. */
export function countTags(stmts: SqlStatements, organizationId: string): number {
  return Number(stmts.get('SELECT COUNT(*) AS c FROM tags WHERE organization = ?', [organizationId])?.c ?? 0);
}

/** Every tag of an organization (id and name), oldest first: the CSV import resolves tag names with it. */
export function tagNamesOfOrganization(stmts: SqlStatements, organizationId: string): { id: string; name: string }[] {
  return stmts
    .all('SELECT id, name FROM tags WHERE organization = ? ORDER BY created, id', [organizationId])
    .map((t) => ({ id: String(t.id), name: String(t.name ?? '') }));
}
