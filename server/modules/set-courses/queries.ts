import type { Row, SqlStatements } from '../../db/sql.ts';

/** The set-courses module's SQL: `set_courses`. */

/** How many courses a set has. */
export function countCoursesOfItem(stmts: SqlStatements, itemId: string): number {
  return Number(stmts.get('SELECT COUNT(*) AS c FROM set_courses WHERE item = ?', [itemId])?.c ?? 0);
}

/** The highest course position of a set (undefined without courses). */
export function maxCoursePosition(stmts: SqlStatements, itemId: string): number | undefined {
  const max = stmts.get('SELECT MAX(position) AS m FROM set_courses WHERE item = ?', [itemId])?.m;
  return max === null || max === undefined ? undefined : Number(max);
}

/** A set's courses after `position`, in order. */
export function laterCourses(stmts: SqlStatements, itemId: string, position: number): { id: string; position: number }[] {
  return stmts
    .all('SELECT id, position FROM set_courses WHERE item = ? AND position > ? ORDER BY position', [itemId, position])
    .map((r) => ({ id: String(r.id), position: Number(r.position) }));
}

/** Whether some course offers the item as a choice. */
export function isChoiceOfAnyCourse(stmts: SqlStatements, itemId: string): boolean {
  return Boolean(
    stmts.get(
      `SELECT 1 AS x FROM set_courses WHERE EXISTS (SELECT 1 FROM ${stmts.dialect.jsonEach('set_courses.choices')} WHERE value = ?) LIMIT 1`,
      [itemId],
    ),
  );
}

/** Whether any course of the set offers a choice (its dishes are of the set's menu). */
export function setHasChoices(stmts: SqlStatements, itemId: string): boolean {
  return Boolean(stmts.get("SELECT 1 AS x FROM set_courses WHERE item = ? AND choices != '[]' LIMIT 1", [itemId]));
}

/** The sets (item ids) with a course offering the item: the guest page's live updates of a choice. */
export function setsChoosing(stmts: SqlStatements, itemId: string): string[] {
  return stmts
    .all(
      `SELECT DISTINCT item FROM set_courses WHERE EXISTS (SELECT 1 FROM ${stmts.dialect.jsonEach('set_courses.choices')} WHERE value = ?)`,
      [itemId],
    )
    .map((r) => String(r.item));
}

/** The courses of the sets, by position then age. */
export function coursesOfItems(stmts: SqlStatements, itemIds: string[]): Row[] {
  if (!itemIds.length) return [];
  return stmts.all(
    `SELECT * FROM set_courses WHERE item IN (SELECT value FROM ${stmts.dialect.jsonEach('?')}) ORDER BY position, created`,
    [JSON.stringify(itemIds)],
  );
}

/** A stored course by id, or undefined. */
export function setCourseRow(stmts: SqlStatements, id: string): Row | undefined {
  return stmts.get('SELECT * FROM set_courses WHERE id = ?', [id]);
}
