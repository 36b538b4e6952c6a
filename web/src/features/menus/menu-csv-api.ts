import { pb } from '../../lib/pb.ts';
import { downloadFile } from '../../lib/download-file.ts';
import type { MenuCsvPreview, MenuCsvRowError } from '../../../../shared/menu-csv.ts';

/**
 * The menu CSV routes (server/modules/menu-csv): the export is fetched with the auth header and
 * saved from a Blob (a plain link would carry no token); the import sends the picked file as a
 * multipart form, first as a dry run for the preview, then for real.
 */
export function downloadMenuCsv(menuId: string): Promise<string> {
  return downloadFile(`/api/menus/${encodeURIComponent(menuId)}/export.csv`, 'menu.csv');
}

/** `POST /api/menus/{id}/import`: the preview (`dryRun`) or the applied import. */
export function importMenuCsv(menuId: string, file: File, dryRun: boolean): Promise<MenuCsvPreview> {
  const form = new FormData();
  form.append('file', file);
  return pb.send<MenuCsvPreview>(`/api/menus/${encodeURIComponent(menuId)}/import${dryRun ? '?dryRun=true' : ''}`, {
    method: 'POST',
    body: form,
  });
}

/** The row problems a refused file comes back with (`data.file.params.errors`), if any. */
export function rowErrorsOf(err: unknown): MenuCsvRowError[] {
  const errors = (err as { response?: { data?: { file?: { params?: { errors?: unknown } } } } })?.response?.data?.file?.params?.errors;
  return Array.isArray(errors) ? (errors as MenuCsvRowError[]) : [];
}
