import type { Row, SqlStatements } from '../../db/sql.ts';

/** The options module's SQL: `option_groups` and `options`. */

/** How many of `ids` are option groups of the organization. */
export function countOptionGroupsOfOrganization(stmts: SqlStatements, organizationId: string, ids: string[]): number {
  return Number(
    stmts.get(
      `SELECT COUNT(*) AS c FROM option_groups WHERE organization = ? AND id IN (SELECT value FROM ${stmts.dialect.jsonEach('?')})`,
      [organizationId, JSON.stringify(ids)],
    )?.c ?? 0,
  );
}

/** The organization of an option group ('' when it does not exist). */
export function organizationOfOptionGroup(stmts: SqlStatements, groupId: string): string {
  return String(stmts.get('SELECT organization FROM option_groups WHERE id = ?', [groupId])?.organization ?? '');
}

/** How many options a group has. */
export function countOptionsOfGroup(stmts: SqlStatements, groupId: string): number {
  return Number(stmts.get('SELECT COUNT(*) AS c FROM options WHERE "group" = ?', [groupId])?.c ?? 0);
}

/** The highest option position in a group (undefined without options). */
export function maxOptionPosition(stmts: SqlStatements, groupId: string): number | undefined {
  const max = stmts.get('SELECT MAX(position) AS m FROM options WHERE "group" = ?', [groupId])?.m;
  return max === null || max === undefined ? undefined : Number(max);
}

/** A group's options after `position`, in order. */
export function laterOptions(stmts: SqlStatements, groupId: string, position: number): { id: string; position: number }[] {
  return stmts
    .all('SELECT id, position FROM options WHERE "group" = ? AND position > ? ORDER BY position', [groupId, position])
    .map((r) => ({ id: String(r.id), position: Number(r.position) }));
}

/** The stored rows of option groups by id (any order; ids of deleted groups are missing). */
export function optionGroupRows(stmts: SqlStatements, ids: string[]): Row[] {
  if (!ids.length) return [];
  return stmts.all(`SELECT * FROM option_groups WHERE id IN (SELECT value FROM ${stmts.dialect.jsonEach('?')})`, [JSON.stringify(ids)]);
}

/** The options of the groups, by position then age. */
export function optionsOfGroups(stmts: SqlStatements, groupIds: string[]): Row[] {
  if (!groupIds.length) return [];
  return stmts.all(`SELECT * FROM options WHERE "group" IN (SELECT value FROM ${stmts.dialect.jsonEach('?')}) ORDER BY position, created`, [
    JSON.stringify(groupIds),
  ]);
}

/** A stored row of the options module's tables by id, or undefined. */
export function optionsModuleRow(stmts: SqlStatements, table: 'option_groups' | 'options', id: string): Row | undefined {
  return stmts.get(`SELECT * FROM "${table}" WHERE id = ?`, [id]);
}
