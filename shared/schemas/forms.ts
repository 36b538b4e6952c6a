import { z } from 'zod';
import { DEFAULT_TAG_COLOR, HELP_DESCRIPTION_MAX, HELP_DESCRIPTION_MIN, HELP_TITLE_MAX, UPLOAD_NAME_MIN } from '../constants.ts';
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

export const zUploadForm = z.object({
  name: z.string().trim().min(UPLOAD_NAME_MIN, MESSAGES.menuNameRequired),
  file: fileLike.refine((f) => f.type === 'application/pdf', MESSAGES.pdfOnly),
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
