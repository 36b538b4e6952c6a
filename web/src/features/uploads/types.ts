import type { RecordModel } from 'pocketbase';
import type { MenuDraft } from '../../../../shared/schemas/upload-draft.ts';

/**
 * The records of the upload screens (see server/modules/uploads/README.md): an uploaded PDF, the
 * extraction's status and progress, and the draft of sections and items a member reviews (its
 * shape is shared/schemas/upload-draft.ts).
 */

export type UploadStatus = 'uploaded' | 'processing' | 'ready' | 'failed' | 'imported';

export interface Upload extends RecordModel {
  organization: string;
  name: string;
  file: string;
  /** Further photos (pages after `file`, in order). */
  photos: string[];
  status: UploadStatus;
  error: string;
  pages: number;
  /** 0–100. */
  progress: number;
  draft: MenuDraft | null;
  /** The menu it was imported into. */
  menu: string;
  created: string;
  updated: string;
}

const STATUSES: readonly UploadStatus[] = ['uploaded', 'processing', 'ready', 'failed', 'imported'];

/** Fields of the upload list: everything but the (possibly large) draft. */
export const UPLOAD_LIST_FIELDS = 'id,collectionId,collectionName,organization,name,file,photos,status,error,pages,progress,menu,created,updated';

export function toUpload(r: RecordModel): Upload {
  const draft = r.draft && typeof r.draft === 'object' && Array.isArray((r.draft as MenuDraft).sections) ? (r.draft as MenuDraft) : null;
  return {
    ...r,
    organization: String(r.organization ?? ''),
    name: String(r.name ?? ''),
    file: String(r.file ?? ''),
    photos: Array.isArray(r.photos) ? r.photos.map(String) : [],
    status: STATUSES.includes(r.status as UploadStatus) ? (r.status as UploadStatus) : 'uploaded',
    error: String(r.error ?? ''),
    pages: Number(r.pages ?? 0) || 0,
    progress: Number(r.progress ?? 0) || 0,
    draft,
    menu: String(r.menu ?? ''),
    created: String(r.created ?? ''),
    updated: String(r.updated ?? ''),
  };
}

/** The page being read while an extraction runs (1-based), from the stored percentage. */
export function pageInProgress(upload: Pick<Upload, 'pages' | 'progress'>): number {
  if (!upload.pages) return 0;
  // The job stores floor(done / pages * 100) after each page; rounding recovers `done`.
  const done = Math.round((upload.progress * upload.pages) / 100);
  return Math.min(upload.pages, done + 1);
}

/** What an unfinished extraction is doing, as an `uploads:` message ("Reading page 2 of 5"); null when it is not running. */
export function progressText(
  upload: Pick<Upload, 'status' | 'pages' | 'progress'>,
): { key: string; values?: { page: number; pages: number } } | null {
  if (upload.status === 'uploaded') return { key: 'progress.waiting' };
  if (upload.status !== 'processing') return null;
  return upload.pages
    ? { key: 'progress.reading', values: { page: pageInProgress(upload), pages: upload.pages } }
    : { key: 'progress.opening' };
}
