import type { AppContext } from '../../context.ts';
import { ApiError, fieldError } from '../../core/errors.ts';
import type { PreparedWrite } from '../../core/records/write.ts';
import type { RequestInfo } from '../../core/request-info.ts';
import type { Row } from '../../db/statements.ts';
import {
  fingerprint,
  readTranslations,
  translatableTexts,
  translationState,
  type TranslatableCollection,
  type TranslatableText,
  type Translations,
} from '../../../shared/translations.ts';
import { itemsOfSections, menusModuleRow, sectionsOfMenus } from '../menus/queries.ts';
import { tagRow } from '../tags/queries.ts';
import { optionGroupRows, optionsModuleRow, optionsOfGroups } from '../options/queries.ts';
import { coursesOfItems, setCourseRow } from '../set-courses/queries.ts';
import { itemKindOf } from '../../../shared/set-menus.ts';
import { configuredTranslator } from './configured.ts';
import type { ProviderName } from './translator.ts';
import { readRule } from '../rules.ts';

/** Team members only: floor staff read these records for service mode, not for this route (404 as for strangers). */
const TEAM_READ = readRule('organization');

const json = (v: unknown): unknown => {
  if (v === null || v === undefined || v === '') return null;
  try {
    return JSON.parse(String(v));
  } catch {
    return null;
  }
};

/** A stored row with its JSON fields parsed, as the translation model reads records. */
const decoded = (row: Row): Record<string, unknown> & { id: string } => ({
  ...row,
  id: String(row.id),
  prices: json(row.prices),
  nutrition: json(row.nutrition),
  translations: json(row.translations),
});

/**
 * Whether machine translation may (re)write a text: it is missing, or it is a machine draft that
 * went outdated. Everything a person wrote or confirmed is left alone, outdated or not.
 */
function needsDraft(text: TranslatableText, lang: string): boolean {
  const entry = text.translations[lang]?.[text.key];
  const state = translationState(entry, text.source);
  return state === 'missing' || (state === 'outdated' && Boolean(entry?.machine));
}

/**
 * Every translatable text of a menu: the menu, its sections, their items with price and portion
 * labels, the courses of its set menus, and the tags and option groups (with their options) its items use.
 */
function menuTexts(ctx: AppContext, menu: Row): TranslatableText[] {
  const sections = sectionsOfMenus(ctx.stmts, [String(menu.id)]);
  const items = itemsOfSections(
    ctx.stmts,
    sections.map((s) => String(s.id)),
  );
  const tagIds = [...new Set(items.flatMap((i) => (json(i.tags) as string[] | null) ?? []))];
  const tags = tagIds.map((id) => tagRow(ctx.stmts, id)).filter((t): t is Row => Boolean(t));
  const groupIds = [...new Set(items.flatMap((i) => (json(i.optionGroups) as string[] | null) ?? []))];
  const groupsById = new Map(optionGroupRows(ctx.stmts, groupIds).map((g) => [String(g.id), g]));
  const groups = groupIds.map((id) => groupsById.get(id)).filter((g): g is Row => Boolean(g));
  const options = optionsOfGroups(
    ctx.stmts,
    groups.map((g) => String(g.id)),
  );
  return [
    ...translatableTexts('menus', [decoded(menu)]),
    ...translatableTexts('sections', sections.map(decoded)),
    ...translatableTexts('items', items.map(decoded)),
    ...translatableTexts('tags', tags.map(decoded)),
    ...translatableTexts('option_groups', groups.map(decoded)),
    ...translatableTexts('options', options.map(decoded)),
    ...translatableTexts(
      'set_courses',
      coursesOfItems(
        ctx.stmts,
        items.filter((i) => itemKindOf(i.kind) === 'set').map((i) => String(i.id)),
      ).map(decoded),
    ),
  ];
}

const storedRow = (ctx: AppContext, collection: TranslatableCollection, id: string): Row | undefined =>
  collection === 'tags'
    ? tagRow(ctx.stmts, id)
    : collection === 'venues'
      ? undefined
      : collection === 'option_groups' || collection === 'options'
        ? optionsModuleRow(ctx.stmts, collection, id)
        : collection === 'set_courses'
          ? setCourseRow(ctx.stmts, id)
          : menusModuleRow(ctx.stmts, collection, id);

/**
 * `POST /api/menus/{id}/translate` {language}: machine drafts (`machine: true`) for every text of
 * the menu that is missing in `language`, or a machine draft gone outdated, written through the
 * record engine with the caller's rights (rules, hooks, realtime). The provider runs outside the
 * transaction; each record's translations are merged in again when written, so a text a person
 * wrote or changed meanwhile is never overwritten.
 */
export async function translateMenu(
  ctx: AppContext,
  menuId: string,
  body: unknown,
  req: RequestInfo,
): Promise<{ provider: ProviderName; translated: number }> {
  const { engine } = ctx;
  if (!req.auth) throw new ApiError(401, 'The request requires valid record authorization token.');
  const menus = engine.collection('menus');
  const menu = engine.access.findWithRule(menus, menuId, TEAM_READ, req);
  if (!menu) throw new ApiError(404);
  if (!engine.access.findWithRule(menus, menuId, menus.updateRule, { ...req, body: {} }))
    throw new ApiError(403, 'You are not allowed to translate this menu.');
  const translator = configuredTranslator(ctx.settings.get().machineTranslation);
  if (!translator) throw new ApiError(404, 'Machine translation is not configured.');
  const language = body && typeof body === 'object' && !Array.isArray(body) ? (body as { language?: unknown }).language : undefined;
  const languages = (json(menu.languages) as string[] | null) ?? [];
  const [source = ''] = languages;
  if (typeof language !== 'string' || !languages.slice(1).includes(language)) {
    const message = `Choose one of this menu's other languages (${languages.slice(1).join(', ') || 'none'}).`;
    throw new ApiError(400, message, { language: fieldError('validation_invalid_value', message) });
  }

  const todo = menuTexts(ctx, menu).filter((t) => needsDraft(t, language));
  if (!todo.length) return { provider: translator.name, translated: 0 };
  const glossary = ((json(menu.glossary) as string[] | null) ?? []).filter((t) => typeof t === 'string');
  const drafts = await translator.translate(
    todo.map((t) => t.source),
    source,
    language,
    { glossary },
  );

  // One write per record; the drafts of a record by key, with the source they were made from.
  const byRecord = new Map<
    string,
    { collection: TranslatableCollection; id: string; drafts: Map<string, { text: string; source: string }> }
  >();
  todo.forEach((t, i) => {
    const text = drafts[i]?.trim();
    if (!text) return;
    const key = `${t.collection}/${t.id}`;
    const entry = byRecord.get(key) ?? { collection: t.collection, id: t.id, drafts: new Map() };
    entry.drafts.set(t.key, { text, source: t.source });
    byRecord.set(key, entry);
  });

  let translated = 0;
  const ops: PreparedWrite[] = [];
  for (const record of byRecord.values()) {
    const data: Record<string, unknown> = {};
    const op = await engine.prepareUpdate(engine.collection(record.collection), record.id, { data, files: {}, fromForm: false }, req);
    // Filled in inside the transaction, from the record as it is then (the update reads `data` when applied).
    ops.push({
      action: op.action,
      collection: op.collection,
      req: op.req,
      discard: () => op.discard(),
      apply: () => {
        const row = storedRow(ctx, record.collection, record.id);
        const now = row ? translatableTexts(record.collection, [decoded(row)]) : [];
        const current: Translations = readTranslations(row ? json(row.translations) : null);
        const next: Translations = structuredClone(current);
        for (const [key, draft] of record.drafts) {
          const text = now.find((t) => t.key === key);
          // The source changed, or a person translated it meanwhile: leave it.
          if (!text || text.source !== draft.source || !needsDraft(text, language)) continue;
          // The basis says which source the draft was made from, even when its text equals an older draft's.
          (next[language] ??= {})[key] = { text: draft.text, machine: true, basis: fingerprint(draft.source) };
          translated++;
        }
        data.translations = next;
        return op.apply();
      },
    });
  }
  await engine.execute(ops);
  return { provider: translator.name, translated };
}
