import { ClientResponseError } from 'pocketbase';
import { pb } from '../../lib/pb.ts';
import type { MenuCsvPreview, MenuCsvRowError } from '../../../../shared/menu-csv.ts';

/**
 * The menu CSV routes (server/modules/menu-csv): the export is fetched with the auth header and
 * saved from a Blob (a plain link would carry no token); the import sends the picked file as a
 * multipart form, first as a dry run for the preview, then for real.
 */
export async function downloadMenuCsv(menuId: string): Promise<string> {
  const url = pb.buildURL(`/api/menus/${encodeURIComponent(menuId)}/export.csv`);
  let res: Response;
  try {
    res = await fetch(url, { headers: { Authorization: pb.authStore.token } });
  } catch (err) {
    throw new ClientResponseError({ url, status: 0, originalError: err });
  }
  if (!res.ok) {
    const data = await res.json().catch(() => ({}));
    throw new ClientResponseError({ url, status: res.status, response: data });
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? 'menu.csv';
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Some browsers start the download after the click returns.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return name;
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
