import { normalizeHex } from '../contrast.ts';
import { zHexColor } from './domain.ts';
import { zTagForm } from './forms.ts';

/**
 * The writable fields of tags: the specification's form (an empty colour becomes #000000) with a
 * `#rrggbb` colour. The server's hook validates records with `zTagRecord`; the tag dialog uses
 * `zTagDialog`, which also expands `#rgb`.
 */
export const zTagRecord = zTagForm.extend({ color: zHexColor });

export const zTagDialog = zTagForm.extend({
  name: zTagForm.shape.name.max(50, 'Keep the name under 50 characters'),
  color: zTagForm.shape.color.transform((c) => normalizeHex(c) ?? c.trim()).pipe(zHexColor),
});
