import { fieldError } from '../../core/errors.ts';
import type { RecordEngine } from '../../core/records/engine.ts';
import type { HookContext } from '../../core/records/hooks.ts';
import { dietConflict } from '../../../shared/diets.ts';
import { MAX_OPTIONS_PER_GROUP } from '../../../shared/option-groups.ts';
import { zOptionGroupRecord, zOptionRecord } from '../../../shared/schemas/options.ts';
import { submitted, validateWith, valuesOf, writeFailed } from '../hook-helpers.ts';
import { normalizeTranslations } from '../translation-hooks.ts';
import { countOptionsOfGroup, laterOptions, maxOptionPosition } from './queries.ts';

/**
 * Option groups and options: validation with the shared schemas, the allergen and label rules
 * every dish follows, dense positions within a group, new options available, translations.
 */
export function registerOptionHooks(engine: RecordEngine): void {
  const { hooks, stmts } = engine;
  const groups = engine.collection('option_groups');
  const options = engine.collection('options');

  const checkGroup = (ctx: HookContext) => {
    validateWith(ctx, zOptionGroupRecord, valuesOf(groups, ctx.row));
    normalizeTranslations(ctx, 'option_groups');
  };
  hooks.before('option_groups', 'create', checkGroup);
  hooks.before('option_groups', 'update', checkGroup);

  const checkOption = (ctx: HookContext) => {
    const values = valuesOf(options, ctx.row);
    validateWith(ctx, zOptionRecord, values);
    const contains = values.allergens as string[];
    const mayContain = values.mayContain as string[];
    if (contains.some((a) => mayContain.includes(a)))
      throw writeFailed(ctx, {
        mayContain: fieldError('validation_invalid_value', 'An allergen is either contained or may be contained, not both'),
      });
    const conflict = dietConflict(values.diets as string[], contains);
    if (conflict) throw writeFailed(ctx, { diets: fieldError('validation_invalid_value', conflict) });
    normalizeTranslations(ctx, 'options');
  };
  /** A group takes a new option (created in it or moved into it) only below its limit. */
  const roomInGroup = (ctx: HookContext) => {
    const group = String(ctx.row.group);
    if (countOptionsOfGroup(stmts, group) >= MAX_OPTIONS_PER_GROUP)
      throw writeFailed(ctx, { group: fieldError('validation_invalid_value', `A group has at most ${MAX_OPTIONS_PER_GROUP} options`) });
  };
  hooks.before('options', 'create', (ctx) => {
    roomInGroup(ctx);
    if (!submitted(ctx, 'position')) {
      const max = maxOptionPosition(stmts, String(ctx.row.group));
      ctx.row.position = max === undefined ? 0 : max + 1;
    }
    if (!submitted(ctx, 'available')) ctx.row.available = 1;
    checkOption(ctx);
  });
  hooks.before('options', 'update', (ctx) => {
    if (ctx.before && ctx.before.group !== ctx.row.group) roomInGroup(ctx);
    checkOption(ctx);
  });
  // After a delete, later options move up so positions stay 0..n-1.
  hooks.after('options', 'delete', (ctx) => {
    for (const later of laterOptions(stmts, String(ctx.row.group), Number(ctx.row.position)))
      ctx.tx.update('options', later.id, { position: later.position - 1 });
  });
}
