import { z } from 'zod';
import {
  DEFAULT_TAG_COLOR, HELP_DESCRIPTION_MAX, HELP_DESCRIPTION_MIN, HELP_TITLE_MAX, UPLOAD_NAME_MIN,
} from '../constants.ts';

/** The forms of the specification, with its exact rules and messages. */

export const zVenueForm = z.object({
  name: z.string().trim().min(1, 'Venue name is required'),
  timezone: z.string().min(1),
  primaryColor: z.string().min(1),
});
export type VenueForm = z.infer<typeof zVenueForm>;

export const zTagForm = z.object({
  name: z.string().trim().min(1, 'Tag name is required'),
  color: z.string().transform((c) => (c.trim() === '' ? DEFAULT_TAG_COLOR : c)),
});
export type TagForm = z.input<typeof zTagForm>;

export const zMenuForm = z.object({
  name: z.string().trim().min(1, 'Menu name is required'),
});
export type MenuForm = z.infer<typeof zMenuForm>;

/** A file-like value: a browser File, or anything with a name, size and type (server side). */
const fileLike = z.custom<{ name: string; size: number; type: string }>(
  (v) => typeof v === 'object' && v !== null && typeof (v as { size?: unknown }).size === 'number' && (v as { size: number }).size > 0,
  'A valid PDF file is required',
);

export const zUploadForm = z.object({
  name: z.string().trim().min(UPLOAD_NAME_MIN, 'Menu name is required'),
  file: fileLike.refine((f) => f.type === 'application/pdf', 'Only PDF files are supported'),
});
export type UploadForm = z.infer<typeof zUploadForm>;

export const zHelpForm = z.object({
  title: z.string().trim().min(1, 'Title is required').max(HELP_TITLE_MAX, 'Title must be less than 100 characters'),
  description: z.string().trim()
    .min(HELP_DESCRIPTION_MIN, 'Description must be at least 10 characters')
    .max(HELP_DESCRIPTION_MAX, 'Description must be less than 1000 characters'),
});
export type HelpForm = z.infer<typeof zHelpForm>;

export const zVerifySearch = z.object({
  token: z.string().optional(),
});
