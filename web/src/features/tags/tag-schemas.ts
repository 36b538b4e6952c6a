import type { z } from 'zod';
import type { zTagDialog } from '../../../../shared/schemas/tags.ts';

/** The tag dialog's values (its schema, `zTagDialog`, is shared with the server's tag rules). */
export type TagDialogInput = z.input<typeof zTagDialog>;
export type TagDialogValues = z.output<typeof zTagDialog>;
