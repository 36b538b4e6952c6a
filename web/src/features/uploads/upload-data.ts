import useSWR from 'swr';
import { pb } from '../../lib/pb.ts';
import { swrKeys } from '../../lib/swr-keys.ts';
import { toUpload, UPLOAD_LIST_FIELDS } from './types.ts';

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
