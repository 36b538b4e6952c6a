import type { RecordEngine } from '../../core/records/engine.ts';
import type { HookContext } from '../../core/records/hooks.ts';
import { DEFAULT_TAG_COLOR } from '../../../shared/constants.ts';
import { zTagRecord } from '../../../shared/schemas/tags.ts';
import { validateWith } from '../hook-helpers.ts';
import { normalizeTranslations } from '../translation-hooks.ts';

/** Tags: the form's name rule, and an empty colour becomes #000000. */
export function registerTagHooks(engine: RecordEngine): void {
  const check = (ctx: HookContext) => {
    if (!ctx.row.color) ctx.row.color = DEFAULT_TAG_COLOR;
    validateWith(ctx, zTagRecord, { name: ctx.row.name, color: ctx.row.color });
    normalizeTranslations(ctx, 'tags');
  };
  engine.hooks.before('tags', 'create', check);
  engine.hooks.before('tags', 'update', check);
}
