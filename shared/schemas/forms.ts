import { z } from 'zod';
import {
  DEFAULT_TAG_COLOR,
  HELP_DESCRIPTION_MAX,
  HELP_DESCRIPTION_MIN,
  HELP_TITLE_MAX,
  UPLOAD_IMAGE_TYPES,
  UPLOAD_MAX_OCR_PAGES,
  UPLOAD_NAME_MIN,
} from '../constants.ts';
import { UPLOAD_MESSAGES } from '../upload-messages.ts';
import { MESSAGES } from './messages.ts';

/** The forms of the specification, with its exact rules and messages. */

export const zVenueForm = z.object({
  name: z.string().trim().min(1, MESSAGES.venueNameRequired),
  timezone: z.string().min(1),
  primaryColor: z.string().min(1),
});
export type VenueForm = z.infer<typeof zVenueForm>;

export const zTagForm = z.object({
  name: z.string().trim().min(1, MESSAGES.tagNameRequired),
  color: z.string().transform((c) => (c.trim() === '' ? DEFAULT_TAG_COLOR : c)),
});
export type TagForm = z.input<typeof zTagForm>;

export const zMenuForm = z.object({
  name: z.string().trim().min(1, MESSAGES.menuNameRequired),
});
export type MenuForm = z.infer<typeof zMenuForm>;

/** A file-like value: a browser File, or anything with a name, size and type (server side). */
const fileLike = z.custom<{ name: string; size: number; type: string }>(
  (v) => typeof v === 'object' && v !== null && typeof (v as { size?: unknown }).size === 'number' && (v as { size: number }).size > 0,
  MESSAGES.pdfFileRequired,
);

const isImage = (f: { type: string }) => (UPLOAD_IMAGE_TYPES as readonly string[]).includes(f.type);

/**
 * A menu upload: a PDF, or photos of the printed pages (`file` is the first photo, `photos` the
 * others, in order).
 */
export const zUploadForm = z
  .object({
    name: z.string().trim().min(UPLOAD_NAME_MIN, MESSAGES.menuNameRequired),
    file: fileLike.refine((f) => f.type === 'application/pdf' || isImage(f), UPLOAD_MESSAGES.unsupported),
    photos: z.array(fileLike.refine(isImage, UPLOAD_MESSAGES.unsupported)).optional(),
  })
  .superRefine((v, ctx) => {
    const more = v.photos?.length ?? 0;
    if (more && v.file.type === 'application/pdf') ctx.addIssue({ code: 'custom', path: ['file'], message: UPLOAD_MESSAGES.pdfWithPhotos });
    else if (more + 1 > UPLOAD_MAX_OCR_PAGES)
      ctx.addIssue({ code: 'custom', path: ['file'], message: UPLOAD_MESSAGES.tooManyOcrPages(more + 1) });
  });
export type UploadForm = z.infer<typeof zUploadForm>;

export const zHelpForm = z.object({
  title: z.string().trim().min(1, MESSAGES.titleRequired).max(HELP_TITLE_MAX, MESSAGES.titleTooLong),
  description: z
    .string()
    .trim()
    .min(HELP_DESCRIPTION_MIN, MESSAGES.descriptionTooShort)
    .max(HELP_DESCRIPTION_MAX, MESSAGES.descriptionTooLong),
});
export type HelpForm = z.infer<typeof zHelpForm>;

export const zVerifySearch = z.object({
  token: z.string().optional(),
});
