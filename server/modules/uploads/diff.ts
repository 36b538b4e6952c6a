import { createHash } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { ApiError, fieldError } from '../../core/errors.ts';
import type { RecordJson } from '../../core/records/codec.ts';
import type { PreparedWrite } from '../../core/records/write.ts';
import type { RequestInfo } from '../../core/request-info.ts';
import type { Row } from '../../db/statements.ts';
import { newRecordId } from '../../../shared/ids.ts';
import { diffMenu, missingRequirements, normalizeName, type DiffPrice, type DraftSectionInput, type LiveSection } from '../../../shared/menu-diff.ts';
import type { UploadDiff, UploadDiffResult } from '../../../shared/api.ts';
import type { MenuDraft } from '../../../shared/schemas/upload-draft.ts';
import { IMPORT_MESSAGES } from '../../../shared/upload-messages.ts';
import { itemsOfSections, menuById, sectionsOfMenus } from '../menus/queries.ts';
import { importableUpload, importDraft, requireCurrencyAnswer } from './import.ts';
import { importedUploadsOfOrganization, uploadRow, uploadStatus } from './queries.ts';

/**
 * Re-import as a diff (README "Re-import as a diff"): the changes a ready upload's draft makes to a
 * live menu of its organization, and applying the accepted ones in one transaction.
 */

const input = (data: Record<string, unknown>) => ({ data, files: {}, fromForm: false });
const MAX_KEYS = 10000;
export const STALE_DIFF = 'The menu or the draft changed since these changes were shown. Review the changes again.';

const json = <T>(value: unknown, fallback: T): T => {
  if (typeof value !== 'string' || !value) return fallback;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
};

interface LiveMenu {
  id: string;
  name: string;
  sections: LiveSection[];
  /** Stored rows by id (sections and items). */
  rows: Map<string, Row>;
  /** Every section and item id with its `updated`, in order: what the stamp is made of. */
  stamps: string[];
}

function loadMenu(ctx: AppContext, menuId: string): LiveMenu {
  const menu = menuById(ctx.stmts, menuId);
  if (!menu) throw new ApiError(400, IMPORT_MESSAGES.otherOrganizationMenu);
  const sectionRows = sectionsOfMenus(ctx.stmts, [menuId]);
  const itemRows = itemsOfSections(
    ctx.stmts,
    sectionRows.map((s) => String(s.id)),
  );
  const rows = new Map<string, Row>();
  const stamps: string[] = [`${menuId}`];
  const sections: LiveSection[] = sectionRows.map((s) => {
    rows.set(String(s.id), s);
    stamps.push(`s:${String(s.id)}:${String(s.updated)}`);
    return { id: String(s.id), name: String(s.name ?? ''), items: [] };
  });
  const byId = new Map(sections.map((s) => [s.id, s]));
  for (const i of itemRows) {
    rows.set(String(i.id), i);
    stamps.push(`i:${String(i.id)}:${String(i.updated)}`);
    byId.get(String(i.section))?.items.push({
      id: String(i.id),
      name: String(i.name ?? ''),
      description: String(i.description ?? ''),
      prices: json<DiffPrice[]>(i.prices, []),
      priceOnRequest: Boolean(i.priceOnRequest),
      allergens: json<string[]>(i.allergens, []),
    });
  }
  return { id: menuId, name: String(menu.name ?? ''), sections, rows, stamps };
}

/** The draft's sections that hold items (as the import takes them): draft indices of changes refer to this list. */
const draftSections = (draft: MenuDraft) => draft.sections.filter((s) => s.items.length);

/** A fingerprint of the menu's sections and items (ids and `updated`) and of the upload's stored draft. */
function stampOf(menu: LiveMenu, upload: Row): string {
  return createHash('sha256')
    .update(menu.stamps.join('\n'))
    .update('\n--\n')
    .update(`${String(upload.id)}:${String(upload.draft ?? '')}`)
    .digest('hex')
    .slice(0, 32);
}

/**
 * The menu to compare with: the one asked for (it must be the organization's: 400 on `menuId`),
 * else the menu the latest other upload of the same (normalised) name was imported into; 400 on
 * `menuId` when there is none.
 */
function targetMenu(ctx: AppContext, upload: Row, asked: unknown): { id: string; suggested: boolean } {
  const organization = String(upload.organization);
  if (asked !== undefined && asked !== null && asked !== '') {
    const id = typeof asked === 'string' ? asked : '';
    const menu = id ? menuById(ctx.stmts, id) : undefined;
    if (!menu || String(menu.organization) !== organization) {
      throw new ApiError(400, IMPORT_MESSAGES.otherOrganizationMenu, { menuId: fieldError('validation_missing_rel_records', IMPORT_MESSAGES.otherOrganizationMenu) });
    }
    return { id, suggested: false };
  }
  const name = normalizeName(String(upload.name ?? ''));
  const earlier = name ? importedUploadsOfOrganization(ctx.stmts, organization, String(upload.id)).find((u) => normalizeName(u.name) === name) : undefined;
  if (!earlier) {
    const message = 'No earlier version of this menu was imported: choose the menu to update.';
    throw new ApiError(400, message, { menuId: fieldError('validation_required', message) });
  }
  return { id: earlier.menu, suggested: true };
}

function computeDiff(ctx: AppContext, upload: Row, draft: MenuDraft, menuId: string) {
  const menu = loadMenu(ctx, menuId);
  const sections: DraftSectionInput[] = draftSections(draft);
  return { menu, changes: diffMenu(menu.sections, sections), stamp: stampOf(menu, upload) };
}

/** `GET /api/uploads/:id/diff?menuId=`: readable by members who can read the upload. */
export function uploadDiff(ctx: AppContext, uploadId: string, menuId: unknown, req: RequestInfo): UploadDiff {
  const upload = importableUpload(ctx, uploadId, req, false);
  const draft = importDraft(upload, undefined);
  const target = targetMenu(ctx, upload, menuId);
  const { menu, changes, stamp } = computeDiff(ctx, upload, draft, target.id);
  return { menu: { id: menu.id, name: menu.name }, suggested: target.suggested, stamp, changes };
}

export interface DiffImportBody {
  menuId?: unknown;
  stamp?: unknown;
  accept?: unknown;
}

const problem = (field: string, code: string, message: string, params?: Record<string, unknown>) =>
  new ApiError(400, message, { [field]: fieldError(code, message, params) });

/**
 * `POST /api/uploads/:id/import {mode: "diff", menuId?, stamp, accept}`: applies the accepted
 * changes of the stored draft's diff in one transaction (the caller's rules, hooks and plan
 * limits apply to every write), and marks the upload imported into the menu.
 */
export async function importDiff(ctx: AppContext, uploadId: string, body: DiffImportBody, req: RequestInfo): Promise<UploadDiffResult> {
  const { engine } = ctx;
  const upload = importableUpload(ctx, uploadId, req, true);
  if (typeof body.stamp !== 'string' || !body.stamp) throw problem('stamp', 'validation_required', 'Send the stamp of the changes you reviewed (from GET /api/uploads/:id/diff).');
  if (!Array.isArray(body.accept) || body.accept.length > MAX_KEYS || body.accept.some((k) => typeof k !== 'string')) {
    throw problem('accept', 'validation_invalid_value', 'accept must be a list of change keys.');
  }
  const accepted = new Set(body.accept as string[]);
  const draft = importDraft(upload, undefined);
  requireCurrencyAnswer(ctx, upload, draft);
  const target = targetMenu(ctx, upload, body.menuId);
  const { menu, changes, stamp } = computeDiff(ctx, upload, draft, target.id);
  if (stamp !== body.stamp) throw new ApiError(409, STALE_DIFF);
  const byKey = new Map(changes.map((c) => [c.key, c]));
  const unknown = [...accepted].filter((k) => !byKey.has(k));
  if (unknown.length) {
    throw problem('accept', 'validation_invalid_value', `Unknown change${unknown.length === 1 ? '' : 's'}: ${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? ' …' : ''}`, { keys: unknown });
  }
  const missing = missingRequirements(changes, accepted);
  if (missing.length) {
    const message = `Accept ${missing.slice(0, 5).join(', ')} too: ${missing.length === 1 ? 'a change you accepted needs it' : 'changes you accepted need them'}.`;
    throw problem('accept', 'validation_missing_requirements', message, { keys: missing });
  }

  const chosen = changes.filter((c) => accepted.has(c.key));
  const sections = draftSections(draft);
  const ops: PreparedWrite[] = [];
  const labels: string[] = [];
  const push = (op: PreparedWrite, label: string) => {
    ops.push(op);
    labels.push(label);
  };
  const collections = { sections: engine.collection('sections'), items: engine.collection('items') };

  // 1. New sections, then renamed ones.
  const newSections = new Map<number, string>();
  for (const c of chosen) {
    if (c.kind !== 'section.add') continue;
    const id = newRecordId();
    newSections.set(c.draft.section, id);
    const source = sections[c.draft.section];
    push(await engine.prepareCreate(collections.sections, input({ id, menu: menu.id, name: c.name, description: source?.description ?? '' }), req), `section "${c.name}"`);
  }
  for (const c of chosen) {
    if (c.kind === 'section.rename') push(await engine.prepareUpdate(collections.sections, c.sectionId, input({ name: c.to }), req), `section "${c.from}"`);
  }
  const sectionFor = (liveId: string | null, draftSection: number): string => liveId ?? (newSections.get(draftSection) as string);

  // 2. Changed and moved items: one update each, only the accepted fields (photo, tags, options, diets, translations stay).
  const updates = new Map<string, Record<string, unknown>>();
  const nextPosition = new Map<string, number>();
  const placeIn = (sectionId: string) => {
    let position = nextPosition.get(sectionId);
    if (position === undefined) {
      const live = menu.sections.find((s) => s.id === sectionId);
      position = live ? Math.max(-1, ...live.items.map((i) => Number(menu.rows.get(i.id)?.position ?? 0))) + 1 : 0;
    }
    nextPosition.set(sectionId, position + 1);
    return position;
  };
  for (const c of chosen) {
    if (!('itemId' in c) || c.kind === 'item.remove') continue;
    const data = updates.get(c.itemId) ?? {};
    updates.set(c.itemId, data);
    if (c.kind === 'item.rename') data.name = c.to;
    else if (c.kind === 'item.description') data.description = c.to;
    else if (c.kind === 'item.price') {
      data.prices = c.to.prices;
      data.priceOnRequest = c.to.priceOnRequest;
    } else if (c.kind === 'item.allergens') {
      data.allergens = c.to;
      // An allergen now contained is no longer "may contain".
      const mayContain = json<string[]>(menu.rows.get(c.itemId)?.mayContain, []);
      data.mayContain = mayContain.filter((a) => !c.to.includes(a));
    } else if (c.kind === 'item.move') {
      const sectionId = sectionFor(c.sectionId, c.draft.section);
      data.section = sectionId;
      data.position = placeIn(sectionId);
    }
  }
  for (const [itemId, data] of updates) {
    const name = String(menu.rows.get(itemId)?.name ?? '');
    push(await engine.prepareUpdate(collections.items, itemId, input(data), req), `item "${name}"`);
  }

  // 3. New items (last in their section), 4. removed items, 5. removed sections.
  for (const c of chosen) {
    if (c.kind !== 'item.add') continue;
    const item = sections[c.draft.section]?.items[c.draft.item];
    if (!item) continue;
    push(
      await engine.prepareCreate(
        collections.items,
        input({
          section: sectionFor(c.sectionId, c.draft.section),
          name: item.name,
          description: item.description,
          prices: item.prices,
          priceOnRequest: Boolean(item.priceOnRequest && !item.prices.length),
          allergens: item.allergens,
          mayContain: item.mayContain ?? [],
          diets: item.diets ?? [],
        }),
        req,
      ),
      `item "${item.name}" (${c.section})`,
    );
  }
  for (const c of chosen) if (c.kind === 'item.remove') push(engine.prepareDelete(collections.items, c.itemId, req), `item "${c.name}"`);
  for (const c of chosen) if (c.kind === 'section.remove') push(engine.prepareDelete(collections.sections, c.sectionId, req), `section "${c.name}"`);

  // The link and status are the server's to set, with system rights, in the same transaction.
  const uploads = engine.collection('menu_uploads');
  push(await engine.prepareUpdate(uploads, uploadId, input({ status: 'imported', menu: menu.id }), engine.systemRequest()), 'the upload');
  // Inside the transaction: the upload still ready and the menu and draft as reviewed, else nothing is applied.
  const first = ops[0] as PreparedWrite;
  ops[0] = {
    action: first.action,
    collection: first.collection,
    req: first.req,
    discard: () => first.discard(),
    apply: () => {
      if (uploadStatus(engine.stmts, uploadId) !== 'ready') throw new ApiError(409, IMPORT_MESSAGES.alreadyImported);
      const now = uploadRow(engine.stmts, uploadId);
      if (!now || stampOf(loadMenu(ctx, menu.id), now) !== stamp) throw new ApiError(409, STALE_DIFF);
      return first.apply();
    },
  };
  await engine.execute(ops, (err, index) => {
    if (!(err instanceof ApiError) || err.status !== 400) return err;
    const detail = Object.values(err.data)
      .map((e) => (e as { message?: string }).message)
      .filter(Boolean)[0];
    return new ApiError(400, `Could not update ${labels[index] ?? 'the menu'}: ${detail ?? err.message}`, err.data);
  });
  const result = engine.view(engine.collection('menus'), menu.id, '', req) as RecordJson;
  return { menu: { id: menu.id, name: String(result.name ?? '') }, applied: chosen.length };
}

