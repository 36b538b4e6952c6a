import { createHash } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { ApiError, fieldError } from '../../core/errors.ts';
import type { PreparedWrite } from '../../core/records/write.ts';
import type { RequestInfo } from '../../core/request-info.ts';
import type { Row } from '../../db/statements.ts';
import { newRecordId } from '../../../shared/ids.ts';
import {
  missingRequirements,
  normalizeName,
  plannedItem,
  type DiffPrice,
  type DraftSectionInput,
  type LiveItem,
  type LiveSection,
  type PlannedItem,
} from '../../../shared/menu-diff.ts';
import type { UploadDiff, UploadDiffResult } from '../../../shared/api.ts';
import type { MenuDraft } from '../../../shared/schemas/upload-draft.ts';
import { IMPORT_MESSAGES } from '../../../shared/upload-messages.ts';
import { itemsOfSections, menuById, sectionsOfMenus } from '../menus/queries.ts';
import { importableUpload, importDraft, requireCurrencyAnswer } from './import.ts';
import { importedUploadsOfOrganization, uploadRow, uploadStatus } from './queries.ts';
import { diffWorkersOf } from './diff-workers.ts';

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
      mayContain: json<string[]>(i.mayContain, []),
      diets: json<string[]>(i.diets, []),
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

/** The diff (and with `accept`, the planned menu) of the stored draft against the menu, computed in the diff worker. */
async function computeDiff(ctx: AppContext, upload: Row, draft: MenuDraft, menuId: string, accept?: string[]) {
  const menu = loadMenu(ctx, menuId);
  const stamp = stampOf(menu, upload);
  const sections: DraftSectionInput[] = draftSections(draft);
  const { changes, planned } = await diffWorkersOf(ctx).run({ live: menu.sections, draft: sections, accept });
  return { menu, changes, planned: planned ?? [], stamp };
}

/** `GET /api/uploads/:id/diff?menuId=`: readable by members who can read the upload. */
export async function uploadDiff(ctx: AppContext, uploadId: string, menuId: unknown, req: RequestInfo): Promise<UploadDiff> {
  const upload = importableUpload(ctx, uploadId, req, false);
  const draft = importDraft(upload, undefined);
  const target = targetMenu(ctx, upload, menuId);
  const { menu, changes, stamp } = await computeDiff(ctx, upload, draft, target.id);
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
  const { menu, changes, planned, stamp } = await computeDiff(ctx, upload, draft, target.id, [...accepted]);
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
  const liveItems = new Map<string, { item: LiveItem; section: string }>();
  for (const ls of menu.sections) for (const item of ls.items) liveItems.set(item.id, { item, section: ls.id });

  // The writes turn the live menu into `planned` (applyChanges of the accepted keys), writing only
  // what differs. Positions stay dense (0..n-1): the menus hooks append a create without a position
  // and close the gap after a delete, so the positions they leave are simulated here and only the
  // ones that differ from the plan are written.
  const sectionAt = new Map<string, number>(menu.sections.map((s) => [s.id, Number(menu.rows.get(s.id)?.position ?? 0)]));
  const itemAt = new Map<string, { section: string; position: number }>();
  for (const [id, { section }] of liveItems) itemAt.set(id, { section, position: Number(menu.rows.get(id)?.position ?? 0) });

  // 1. New sections (appended for now), with their ids.
  const sectionIds = planned.map((s) => s.id ?? newRecordId());
  for (const [k, s] of planned.entries()) {
    if (s.id !== null) continue;
    const id = sectionIds[k] as string;
    sectionAt.set(id, Math.max(-1, ...sectionAt.values()) + 1);
    const source = s.draft === undefined ? undefined : sections[s.draft];
    push(await engine.prepareCreate(collections.sections, input({ id, menu: menu.id, name: s.name, description: source?.description ?? '' }), req), `section "${s.name}"`);
  }
  // 2. Removed items.
  for (const c of chosen) {
    if (c.kind !== 'item.remove') continue;
    const at = itemAt.get(c.itemId);
    itemAt.delete(c.itemId);
    if (at) for (const e of itemAt.values()) if (e.section === at.section && e.position > at.position) e.position--;
    push(engine.prepareDelete(collections.items, c.itemId, req), `item "${c.name}"`);
  }
  // 3. New items at their place, 4. changed, moved and reordered items: one update each, only what
  // differs (photo, tags, options, nutrition, availability, per-venue marks and translations stay).
  const fields = (i: PlannedItem) => ({
    name: i.name,
    description: i.description,
    prices: i.prices,
    priceOnRequest: i.priceOnRequest,
    allergens: i.allergens,
    mayContain: i.mayContain,
    diets: i.diets,
  });
  const updates: Array<{ id: string; data: Record<string, unknown> }> = [];
  for (const [k, s] of planned.entries()) {
    const sectionId = sectionIds[k] as string;
    for (const [position, i] of s.items.entries()) {
      if (i.id === null) {
        push(await engine.prepareCreate(collections.items, input({ section: sectionId, position, ...fields(i) }), req), `item "${i.name}" (${s.name})`);
        continue;
      }
      const was = liveItems.get(i.id);
      if (!was) continue;
      const before = fields(plannedItem(was.item));
      const after = fields(i);
      const data: Record<string, unknown> = {};
      for (const key of Object.keys(after) as Array<keyof typeof after>) {
        if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) data[key] = after[key];
      }
      if (data.prices !== undefined || data.priceOnRequest !== undefined) Object.assign(data, { prices: after.prices, priceOnRequest: after.priceOnRequest });
      if (was.section !== sectionId) data.section = sectionId;
      const at = itemAt.get(i.id);
      if (data.section !== undefined || at?.position !== position) data.position = position;
      if (Object.keys(data).length) updates.push({ id: i.id, data });
    }
  }
  for (const { id, data } of updates) push(await engine.prepareUpdate(collections.items, id, input(data), req), `item "${liveItems.get(id)?.item.name ?? ''}"`);
  // 5. Removed sections (their items are removed or moved by now), 6. renamed and reordered sections.
  for (const c of chosen) {
    if (c.kind !== 'section.remove') continue;
    const gone = sectionAt.get(c.sectionId);
    sectionAt.delete(c.sectionId);
    if (gone !== undefined) for (const [id, position] of sectionAt) if (position > gone) sectionAt.set(id, position - 1);
    push(engine.prepareDelete(collections.sections, c.sectionId, req), `section "${c.name}"`);
  }
  for (const [position, s] of planned.entries()) {
    const id = sectionIds[position] as string;
    const data: Record<string, unknown> = {};
    const live = menu.sections.find((x) => x.id === id);
    if (live && live.name !== s.name) data.name = s.name;
    if (sectionAt.get(id) !== position) data.position = position;
    if (Object.keys(data).length) push(await engine.prepareUpdate(collections.sections, id, input(data), req), `section "${live?.name ?? s.name}"`);
  }

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
  const result = await engine.view(engine.collection('menus'), menu.id, '', req);
  return { menu: { id: menu.id, name: String(result.name ?? '') }, applied: chosen.length };
}

