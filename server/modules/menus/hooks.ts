import { fieldError } from '../../core/errors.ts';
import type { RecordEngine } from '../../core/records/engine.ts';
import type { HookContext } from '../../core/records/hooks.ts';
import { zItemRecord, zMenuRecord, zSectionRecord } from '../../../shared/schemas/menus.ts';
import { submitted, validateWith, valuesOf, writeFailed } from '../hook-helpers.ts';
import { normalizeTranslations } from '../translation-hooks.ts';
import { organizationDefaults } from '../organizations/queries.ts';
import { countTagsOfOrganization } from '../tags/queries.ts';
import { countOptionGroupsOfOrganization } from '../options/queries.ts';
import { dietConflict } from '../../../shared/diets.ts';
import { compactNutrition, zNutrition } from '../../../shared/nutrition.ts';
import { laterSiblings, maxPosition, organizationOfSection, type Children } from './queries.ts';

/**
 * Menus, sections and items: validation with shared schemas, defaults (draft, available, the
 * organization's language), dense positions within the parent, same-organization tags and option
 * groups, dietary labels that fit the allergens, and nutrition.
 */
export function registerMenuHooks(engine: RecordEngine): void {
  const { hooks, stmts } = engine;
  const menus = engine.collection('menus');
  const items = engine.collection('items');

  const checkMenu = (ctx: HookContext) => {
    const row = ctx.row;
    if (!row.status) row.status = 'draft';
    if (row.languages === null || row.languages === '[]') {
      const lang = organizationDefaults(stmts, String(row.organization))?.defaultLanguage || 'en';
      row.languages = JSON.stringify([lang]);
    }
    const values = valuesOf(menus, row);
    validateWith(ctx, zMenuRecord, values);
    const others = (values.languages as string[]).slice(1);
    const published = (values.publishIncomplete as string[] | null) ?? [];
    if (submitted(ctx, 'publishIncomplete')) {
      const stray = published.find((lang) => !others.includes(lang));
      if (stray !== undefined)
        throw writeFailed(ctx, {
          publishIncomplete: fieldError(
            'validation_invalid_value',
            `"${stray}" is not one of this menu's other languages (${others.join(', ') || 'none'})`,
          ),
        });
    }
    // A language removed from the menu (or made its default) is no longer "published anyway".
    if (row.publishIncomplete != null) row.publishIncomplete = JSON.stringify([...new Set(published.filter((l) => others.includes(l)))]);
    if (row.glossary != null) row.glossary = JSON.stringify([...new Set((values.glossary as string[] | null)?.map((t) => t.trim()))]);
    normalizeTranslations(ctx, 'menus');
  };
  hooks.before('menus', 'create', checkMenu);
  hooks.before('menus', 'update', checkMenu);

  /** New children go last unless a position was given. */
  const appendPosition = (ctx: HookContext, children: Children) => {
    if (submitted(ctx, 'position')) return;
    const max = maxPosition(stmts, children, String(ctx.row[children.parent]));
    ctx.row.position = max === undefined ? 0 : max + 1;
  };
  /** After a delete, later siblings move up so positions stay 0..n-1. */
  const closeGap = (ctx: HookContext, children: Children) => {
    const later = laterSiblings(stmts, children, String(ctx.row[children.parent]), Number(ctx.row.position));
    for (const sibling of later) ctx.tx.update(children.table, sibling.id, { position: sibling.position - 1 });
  };
  const SECTIONS: Children = { table: 'sections', parent: 'menu' };
  const ITEMS: Children = { table: 'items', parent: 'section' };

  const checkSection = (ctx: HookContext) => {
    validateWith(ctx, zSectionRecord, {
      name: ctx.row.name,
      translations: ctx.row.translations ? JSON.parse(String(ctx.row.translations)) : null,
    });
    normalizeTranslations(ctx, 'sections');
  };
  hooks.before('sections', 'create', (ctx) => {
    appendPosition(ctx, SECTIONS);
    checkSection(ctx);
  });
  hooks.before('sections', 'update', checkSection);
  hooks.after('sections', 'delete', (ctx) => closeGap(ctx, SECTIONS));

  const checkItem = (ctx: HookContext) => {
    const values = valuesOf(items, ctx.row);
    validateWith(ctx, zItemRecord, values);
    const contains = values.allergens as string[];
    const mayContain = values.mayContain as string[];
    if (contains.some((a) => mayContain.includes(a))) {
      throw writeFailed(ctx, {
        mayContain: fieldError('validation_invalid_value', 'An allergen is either contained or may be contained, not both'),
      });
    }
    const conflict = dietConflict(values.diets as string[], contains);
    if (conflict) throw writeFailed(ctx, { diets: fieldError('validation_invalid_value', conflict) });
    // Tags and option groups are the organization's own: another organization's ids are as good as unknown.
    const org = organizationOfSection(stmts, String(ctx.row.section));
    const tagIds = values.tags as string[];
    if (tagIds.length && countTagsOfOrganization(stmts, org, tagIds) !== tagIds.length)
      throw writeFailed(ctx, {
        tags: fieldError('validation_missing_rel_records', 'Failed to find all relation records with the provided ids.'),
      });
    const groupIds = values.optionGroups as string[];
    if (groupIds.length && countOptionGroupsOfOrganization(stmts, org, groupIds) !== groupIds.length)
      throw writeFailed(ctx, {
        optionGroups: fieldError('validation_missing_rel_records', 'Failed to find all relation records with the provided ids.'),
      });
    if (values.nutrition !== null) {
      const nutrition = zNutrition.safeParse(values.nutrition);
      if (!nutrition.success) {
        const issue = nutrition.error.issues[0];
        const where = issue?.path.length ? ` (${issue.path.map(String).join('.')})` : '';
        throw writeFailed(ctx, { nutrition: fieldError('validation_invalid_value', `${issue?.message ?? 'Invalid value'}${where}`) });
      }
      // Stored as given, without empty parts (kJ is derived from kcal where shown, not stored: shared/nutrition.ts).
      const compact = compactNutrition(nutrition.data);
      ctx.row.nutrition = compact ? JSON.stringify(compact) : null;
    }
    normalizeTranslations(ctx, 'items');
  };
  hooks.before('items', 'create', (ctx) => {
    appendPosition(ctx, ITEMS);
    if (!submitted(ctx, 'available')) ctx.row.available = 1;
    checkItem(ctx);
  });
  hooks.before('items', 'update', checkItem);
  hooks.after('items', 'delete', (ctx) => closeGap(ctx, ITEMS));
}
