import useSWR from 'swr';
import { pb } from '../../lib/pb.ts';
import { swrKeys } from '../../lib/swr-keys.ts';
import { toUpload, UPLOAD_LIST_FIELDS } from './types.ts';
import type { UploadDiff, UploadDiffResult } from '../../../../shared/api.ts';

/** The swr reads of the upload screens (keys from `lib/swr-keys.ts`). */

/** The organization's most recent uploads, newest first, without their drafts. */
export function useUploads(organizationId: string | undefined) {
  return useSWR(organizationId ? swrKeys.uploads(organizationId) : null, async () => {
    const list = await pb.collection('menu_uploads').getList(1, 50, {
      filter: pb.filter('organization = {:org}', { org: organizationId }), sort: '-created', fields: UPLOAD_LIST_FIELDS, skipTotal: true,
    });
    return list.items.map(toUpload);
  });
}

export function useUpload(uploadId: string | undefined) {
  return useSWR(uploadId ? swrKeys.upload(uploadId) : null, async () => toUpload(await pb.collection('menu_uploads').getOne(uploadId as string)));
}

/** Asks the server to extract the draft again (failed or ready uploads). */
export async function retryUpload(uploadId: string) {
  return toUpload(await pb.collection('menu_uploads').update(uploadId, { status: 'uploaded' }));
}

export interface ImportResult {
  menu: { id: string; name: string };
  sections: number;
  items: number;
}

/** `POST /api/uploads/:id/import`: a new draft menu, or the sections appended to `menuId`. */
export function importUpload(uploadId: string, body: { draft?: unknown; menuId?: string; language?: string }): Promise<ImportResult> {
  return pb.send(`/api/uploads/${encodeURIComponent(uploadId)}/import`, { method: 'POST', body });
}

/**
 * `GET /api/uploads/:id/diff`: what the stored draft changes in `menuId` (or, without it, in the
 * menu an earlier upload of the same name was imported into; a 400 when there is none).
 */
export function fetchUploadDiff(uploadId: string, menuId?: string): Promise<UploadDiff> {
  return pb.send(`/api/uploads/${encodeURIComponent(uploadId)}/diff`, { query: menuId ? { menuId } : {} });
}

/** The menu a new version of an imported PDF updates by default, or null (none, or not known). */
export function useSuggestedMenu(upload: { id: string; status: string } | undefined) {
  return useSWR(upload?.status === 'ready' ? swrKeys.uploadDiffTarget(upload.id) : null, async () => {
    try {
      return (await fetchUploadDiff(upload?.id as string)).menu;
    } catch (err) {
      if ((err as { status?: number }).status === 400) return null;
      throw err;
    }
  });
}

/** `POST /api/uploads/:id/import` in diff mode: only the accepted changes; 409 when the menu changed since the diff was read. */
export function applyUploadDiff(uploadId: string, body: { menuId: string; stamp: string; accept: string[] }): Promise<UploadDiffResult> {
  return pb.send(`/api/uploads/${encodeURIComponent(uploadId)}/import`, { method: 'POST', body: { mode: 'diff', ...body } });
}
