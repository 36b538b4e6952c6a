import type { Row, SqlStatements } from '../../db/sql.ts';

/** The uploads module's SQL: `menu_uploads`. */

const TABLE = 'menu_uploads';

/** The whole stored row of an upload. */
export function uploadRow(stmts: SqlStatements, id: string): Row | undefined {
  return stmts.get(`SELECT * FROM "${TABLE}" WHERE "id" = ?`, [id]);
}

/** An upload's file names and status (the extraction job checks them before each write). */
export function uploadFileAndStatus(stmts: SqlStatements, id: string): { file: string; photos: string; status: string } | undefined {
  const row = stmts.get(`SELECT file, photos, status FROM "${TABLE}" WHERE "id" = ?`, [id]);
  return row ? { file: String(row.file ?? ''), photos: String(row.photos ?? '[]'), status: String(row.status ?? '') } : undefined;
}

export function uploadStatus(stmts: SqlStatements, id: string): string {
  return String(stmts.get('SELECT status FROM menu_uploads WHERE id = ?', [id])?.status);
}

/** An upload of the organization, with its stored file name ('' for none). */
export function uploadOfOrganization(stmts: SqlStatements, id: string, organizationId: string): { id: string; file: string } | undefined {
  const row = stmts.get('SELECT id, file FROM menu_uploads WHERE id = ? AND organization = ?', [id, organizationId]);
  return row ? { id: String(row.id), file: String(row.file ?? '') } : undefined;
}

/** Uploads whose extraction has not finished (the process stopped mid-way), oldest first. */
export function unfinishedUploadIds(stmts: SqlStatements): string[] {
  return stmts.all("SELECT id FROM menu_uploads WHERE status IN ('uploaded', 'processing') ORDER BY created").map((r) => String(r.id));
}

/** Uploads of an organization created at or after `since` ('' for all): the plan limit. */
export function countUploads(stmts: SqlStatements, organizationId: string, since: string): number {
  return Number(stmts.get('SELECT COUNT(*) AS c FROM menu_uploads WHERE organization = ? AND created >= ?', [organizationId, since])?.c ?? 0);
}

/**
 * Other uploads of the organization imported into a menu that still exists, newest first, with
 * their names and menus (the default menu a new version of the same PDF updates).
 */
export function importedUploadsOfOrganization(stmts: SqlStatements, organizationId: string, exceptId: string): { name: string; menu: string; menuName: string }[] {
  return stmts
    .all(
      "SELECT u.name AS name, u.menu AS menu, m.name AS menuName FROM menu_uploads u JOIN menus m ON m.id = u.menu AND m.organization = u.organization WHERE u.organization = ? AND u.id != ? AND u.status = 'imported' ORDER BY u.updated DESC, u.id DESC LIMIT 500",
      [organizationId, exceptId],
    )
    .map((r) => ({ name: String(r.name ?? ''), menu: String(r.menu), menuName: String(r.menuName ?? '') }));
}
