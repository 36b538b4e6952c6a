import type { z } from 'zod';
import { zTagForm } from '../../../../shared/schemas/forms.ts';
import { zHexColor } from '../../../../shared/schemas/domain.ts';
import { normalizeHex } from '../../../../shared/contrast.ts';

/**
 * The specification's tag form: 'Tag name is required', an empty colour becomes #000000; plus the
 * record's checks (name up to 50, the colour a `#rrggbb` value; `#rgb` is expanded).
 */
export const zTagDialog = zTagForm.extend({
  name: zTagForm.shape.name.max(50, 'Keep the name under 50 characters'),
  color: zTagForm.shape.color.transform((c) => normalizeHex(c) ?? c.trim()).pipe(zHexColor),
});
export type TagDialogInput = z.input<typeof zTagDialog>;
export type TagDialogValues = z.output<typeof zTagDialog>;
