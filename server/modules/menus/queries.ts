import type { Row, SqlStatements } from '../../db/sql.ts';

/** The menus module's SQL: `menus`, `sections` and `items`. */

/** A child collection of the menus module and the field naming its parent. */
export type Children = { table: 'sections'; parent: 'menu' } | { table: 'items'; parent: 'section' };

/** The highest position among a parent's children (undefined without children). */
export function maxPosition(stmts: SqlStatements, { table, parent }: Children, parentId: string): number | undefined {
  const max = stmts.get(`SELECT MAX(position) AS m FROM "${table}" WHERE "${parent}" = ?`, [parentId])?.m;
  return max === null || max === undefined ? undefined : Number(max);
}

/** A parent's children after `position`, in order. */
export function laterSiblings(
  stmts: SqlStatements,
  { table, parent }: Children,
  parentId: string,
  position: number,
): { id: string; position: number }[] {
  return stmts
    .all(`SELECT id, position FROM "${table}" WHERE "${parent}" = ? AND position > ? ORDER BY position`, [parentId, position])
    .map((r) => ({ id: String(r.id), position: Number(r.position) }));
}

/** The organization of a menu ('' when the menu does not exist). */
export function organizationOfMenu(stmts: SqlStatements, menuId: string): string {
  return String(stmts.get('SELECT organization FROM menus WHERE id = ?', [menuId])?.organization ?? '');
}

/** The organization of a section, through its menu ('' when either does not exist). */
export function organizationOfSection(stmts: SqlStatements, sectionId: string): string {
  return String(stmts.get('SELECT m.organization AS o FROM sections s JOIN menus m ON m.id = s.menu WHERE s.id = ?', [sectionId])?.o ?? '');
}

/** How many of `ids` are menus of the organization. */
export function countMenusOfOrganization(stmts: SqlStatements, organizationId: string, ids: string[]): number {
  return Number(
    stmts.get(`SELECT COUNT(*) AS c FROM menus WHERE organization = ? AND id IN (SELECT value FROM ${stmts.dialect.jsonEach('?')})`, [
      organizationId,
      JSON.stringify(ids),
    ])?.c ?? 0,
  );
}

/** Menus of an organization created at or after `since` ('' for all): the plan limit. */
export function countMenus(stmts: SqlStatements, organizationId: string, since: string): number {
  return Number(stmts.get('SELECT COUNT(*) AS c FROM menus WHERE organization = ? AND created >= ?', [organizationId, since])?.c ?? 0);
}

/** Items sold out until a time at or before `now` (a formatted date-time). */
export function soldOutItemIdsDue(stmts: SqlStatements, now: string): string[] {
  return stmts.all("SELECT id FROM items WHERE available = 0 AND soldOutUntil != '' AND soldOutUntil <= ?", [now]).map((r) => String(r.id));
}

/** The sections holding an item that uses the option group (the guest page's live updates of its options). */
export function sectionsUsingOptionGroup(stmts: SqlStatements, groupId: string): string[] {
  return stmts
    .all(
      `SELECT DISTINCT section FROM items WHERE EXISTS (SELECT 1 FROM ${stmts.dialect.jsonEach('items.optionGroups')} WHERE value = ?)`,
      [groupId],
    )
    .map((r) => String(r.section));
}

/** The published menus among `ids` that belong to the organization (stored rows, any order). */
export function publishedMenus(stmts: SqlStatements, ids: string[], organizationId: string): Row[] {
  if (!ids.length) return [];
  return stmts.all(
    `SELECT * FROM menus WHERE id IN (SELECT value FROM ${stmts.dialect.jsonEach('?')}) AND status = 'published' AND organization = ?`,
    [JSON.stringify(ids), organizationId],
  );
}

/** The sections of the menus, by position then age. */
export function sectionsOfMenus(stmts: SqlStatements, menuIds: string[]): Row[] {
  if (!menuIds.length) return [];
  return stmts.all(`SELECT * FROM sections WHERE menu IN (SELECT value FROM ${stmts.dialect.jsonEach('?')}) ORDER BY position, created`, [
    JSON.stringify(menuIds),
  ]);
}

/** The items of the sections, by position then age. */
export function itemsOfSections(stmts: SqlStatements, sectionIds: string[]): Row[] {
  if (!sectionIds.length) return [];
  return stmts.all(`SELECT * FROM items WHERE section IN (SELECT value FROM ${stmts.dialect.jsonEach('?')}) ORDER BY position, created`, [
    JSON.stringify(sectionIds),
  ]);
}

/** The menu and organization of a section whose menu is published, or undefined. */
export function publishedMenuOfSection(stmts: SqlStatements, sectionId: string): { menu: string; organization: string } | undefined {
  const row = stmts.get(
    "SELECT m.id AS menu, m.organization AS organization FROM sections s JOIN menus m ON m.id = s.menu AND m.status = 'published' WHERE s.id = ?",
    [sectionId],
  );
  return row ? { menu: String(row.menu), organization: String(row.organization) } : undefined;
}

/** Menu names by id (ids of deleted menus are missing). */
export function menuNames(stmts: SqlStatements, ids: string[]): Map<string, string> {
  if (!ids.length) return new Map();
  const rows = stmts.all(`SELECT id, name FROM menus WHERE id IN (SELECT value FROM ${stmts.dialect.jsonEach('?')})`, [
    JSON.stringify(ids),
  ]);
  return new Map(rows.map((r) => [String(r.id), String(r.name ?? '')]));
}

/** Items' names by id (guest analytics' most opened dishes; deleted ones are missing). */
export function itemNames(stmts: SqlStatements, ids: string[]): Map<string, string> {
  if (!ids.length) return new Map();
  const rows = stmts.all(`SELECT id, name FROM items WHERE id IN (SELECT value FROM ${stmts.dialect.jsonEach('?')})`, [
    JSON.stringify(ids),
  ]);
  return new Map(rows.map((r) => [String(r.id), String(r.name ?? '')]));
}

/** A menu's stored row, whatever its status (the staff preview), or undefined. */
export function menuById(stmts: SqlStatements, id: string): Row | undefined {
  return stmts.get('SELECT * FROM menus WHERE id = ?', [id]);
}

/** A stored row of the menus module's tables by id (any status), or undefined. */
export function menusModuleRow(stmts: SqlStatements, table: 'menus' | 'sections' | 'items', id: string): Row | undefined {
  return stmts.get(`SELECT * FROM "${table}" WHERE id = ?`, [id]);
}

/** Items by id with their menu, organization and kind (ids of deleted items are missing). */
export function itemsWithMenu(stmts: SqlStatements, ids: string[]): { id: string; menu: string; organization: string; kind: string }[] {
  if (!ids.length) return [];
  return stmts
    .all(
      `SELECT i.id AS id, s.menu AS menu, m.organization AS organization, i.kind AS kind FROM items i JOIN sections s ON s.id = i.section JOIN menus m ON m.id = s.menu WHERE i.id IN (SELECT value FROM ${stmts.dialect.jsonEach('?')})`,
      [JSON.stringify(ids)],
    )
    .map((r) => ({ id: String(r.id), menu: String(r.menu), organization: String(r.organization), kind: String(r.kind ?? '') }));
}

/** The menu of a section ('' when it does not exist). */
export function menuOfSection(stmts: SqlStatements, sectionId: string): string {
  return String(stmts.get('SELECT menu FROM sections WHERE id = ?', [sectionId])?.menu ?? '');
}
