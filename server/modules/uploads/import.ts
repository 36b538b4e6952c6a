import type { AppContext } from '../../context.ts';
import { ApiError, fieldError } from '../../core/errors.ts';
import { newRecordId } from '../../../shared/ids.ts';
import type { RecordJson } from '../../core/records/codec.ts';
import type { AppliedWrite, PreparedWrite } from '../../core/records/write.ts';
import type { RequestInfo } from '../../core/request-info.ts';
import type { Row } from '../../db/statements.ts';
import { draftProblem, zMenuDraft, type MenuDraft } from '../../../shared/schemas/upload-draft.ts';
import { organizationOfMenu } from '../menus/queries.ts';
import { organizationDefaults } from '../organizations/queries.ts';
import { GUEST_CHROME_LANGUAGES } from '../../../shared/i18n/guest-chrome.ts';
import { uploadStatus } from './queries.ts';
import { IMPORT_MESSAGES } from '../../../shared/upload-messages.ts';

export interface ImportBody {
  draft?: unknown;
  menuId?: unknown;
  /** The new menu's language (a guest language code), e.g. the one detected in the PDF. */
  language?: unknown;
}

export interface ImportResult {
  menu: RecordJson;
  upload: RecordJson;
  sections: number;
  items: number;
}

const input = (data: Record<string, unknown>) => ({ data, files: {}, fromForm: false });

/**
 * Imports a reviewed draft: a new draft menu named after the upload (or the sections appended to
 * a chosen menu of the same organization), its sections and items, and the upload marked
 * `imported` with the menu linked: one transaction. The menu, section and item writes run with
 * the caller's request, so the collections' rules and hooks (membership, subscription, plan
 * limits, price validation) apply exactly as for the records API.
 */
/**
 * The upload as the caller may import it: 401 without auth, 404 unless they can read it, 403
 * unless they may write for its organization (`write`), 409 once imported, 400 unless ready.
 */
export function importableUpload(ctx: AppContext, uploadId: string, req: RequestInfo, write: boolean): Row {
  const { engine } = ctx;
  if (!req.auth) throw new ApiError(401, 'The request requires valid record authorization token.');
  const uploads = engine.collection('menu_uploads');
  // Readable by the caller? Otherwise the upload does not exist for them.
  const visible = engine.access.findWithRule(uploads, uploadId, uploads.viewRule, req);
  if (!visible) throw new ApiError(404);
  if (write && !engine.access.findWithRule(uploads, uploadId, uploads.updateRule, { ...req, body: {} })) {
    throw new ApiError(403, IMPORT_MESSAGES.notAllowed);
  }
  const status = String(visible.status);
  if (status === 'imported') throw new ApiError(409, IMPORT_MESSAGES.alreadyImported);
  if (status !== 'ready') throw new ApiError(400, IMPORT_MESSAGES.notReady(status));
  return visible;
}

/** The draft to import: the one sent, or the stored one; 400 on `draft` when it is not valid. */
export function importDraft(visible: Row, sent: unknown): MenuDraft {
  const source = sent !== undefined ? sent : visible.draft ? JSON.parse(String(visible.draft)) : null;
  const parsed = zMenuDraft.safeParse(source);
  if (!parsed.success) throw new ApiError(400, draftProblem(parsed.error), { draft: fieldError('validation_invalid_value', draftProblem(parsed.error)) });
  return parsed.data;
}

/**
 * 400 on `draft` when its prices were read in another currency than the organization's and nobody
 * confirmed that the amounts are imported as the organization's (`importCurrency`): "12.00 $"
 * must not silently become 12.00 € on a menu. The staff app asks that question; the API holds to it.
 */
export function requireCurrencyAnswer(ctx: AppContext, visible: Row, draft: MenuDraft): void {
  const own = organizationDefaults(ctx.engine.stmts, String(visible.organization))?.currency;
  if (!own || !draft.currency || draft.currency === own || draft.importCurrency === own) return;
  const message = IMPORT_MESSAGES.currencyUnanswered(draft.currency, own);
  throw new ApiError(400, message, { draft: fieldError('validation_currency_unconfirmed', message) });
}

export async function importUpload(ctx: AppContext, uploadId: string, body: ImportBody, req: RequestInfo): Promise<ImportResult> {
  const { engine } = ctx;
  const uploads = engine.collection('menu_uploads');
  const visible = importableUpload(ctx, uploadId, req, true);
  const draft = importDraft(visible, body.draft);
  const sections = draft.sections.filter((s) => s.items.length);
  if (!sections.length) throw new ApiError(400, IMPORT_MESSAGES.noItems, { draft: fieldError('validation_required', IMPORT_MESSAGES.noItems) });

  let language: string | undefined;
  if (body.language !== undefined && body.language !== null && body.language !== '') {
    if (typeof body.language !== 'string' || !GUEST_CHROME_LANGUAGES.includes(body.language)) {
      const message = `Choose one of the guest languages (${GUEST_CHROME_LANGUAGES.join(', ')}).`;
      throw new ApiError(400, message, { language: fieldError('validation_invalid_value', message) });
    }
    language = body.language;
  }

  // Never import an invented price: items the extractor could not price need one from the reviewer,
  // or the reviewer's word that the price is given on request.
  const unpriced = sections.flatMap((s, si) => s.items.map((item, ii) => ({ section: s.name, item: item.name, sectionIndex: si, itemIndex: ii, prices: item.prices.length || (item.priceOnRequest ? 1 : 0) })))
    .filter((x) => x.prices === 0)
    .map(({ prices: _p, ...x }) => x);
  if (unpriced.length) {
    const list = unpriced.slice(0, 10).map((x) => `"${x.item}" (${x.section})`).join(', ');
    const more = unpriced.length > 10 ? ` and ${unpriced.length - 10} more` : '';
    const message = IMPORT_MESSAGES.noPrices(unpriced.length, `${list}${more}`);
    throw new ApiError(400, message, { draft: fieldError('validation_missing_prices', message, { items: unpriced }) });
  }
  requireCurrencyAnswer(ctx, visible, draft);

  const organization = String(visible.organization);
  let menuId: string;
  const ops: PreparedWrite[] = [];
  if (body.menuId !== undefined && body.menuId !== null && body.menuId !== '') {
    menuId = String(body.menuId);
    if (organizationOfMenu(engine.stmts, menuId) !== organization) {
      throw new ApiError(400, IMPORT_MESSAGES.otherOrganizationMenu, { menuId: fieldError('validation_missing_rel_records', IMPORT_MESSAGES.otherOrganizationMenu) });
    }
  } else {
    menuId = newRecordId();
    ops.push(await engine.prepareCreate(engine.collection('menus'), input({ id: menuId, organization, name: String(visible.name || draft.title || 'Imported menu').slice(0, 100), status: 'draft', ...(language ? { languages: [language] } : {}) }), req));
  }
  const labels: string[] = [];
  for (const section of sections) {
    const sectionId = newRecordId();
    ops.push(await engine.prepareCreate(engine.collection('sections'), input({ id: sectionId, menu: menuId, name: section.name, description: section.description ?? '' }), req));
    labels.push(`section "${section.name}"`);
    for (const item of section.items) {
      ops.push(await engine.prepareCreate(engine.collection('items'), input({
        section: sectionId, name: item.name, description: item.description, prices: item.prices,
        priceOnRequest: Boolean(item.priceOnRequest && !item.prices.length),
        allergens: item.allergens, mayContain: item.mayContain ?? [], diets: item.diets ?? [],
      }), req));
      labels.push(`item "${item.name}" (${section.name})`);
    }
  }
  // The link and status are the server's to set: written with system rights, in the same transaction.
  ops.push(await engine.prepareUpdate(uploads, uploadId, input({ status: 'imported', menu: menuId, draft }), engine.systemRequest()));
  // Two imports racing: whichever commits second finds the upload imported and rolls back.
  const first = ops[0] as PreparedWrite;
  ops[0] = {
    action: first.action, collection: first.collection, req: first.req, discard: () => first.discard(),
    apply: () => {
      if (uploadStatus(engine.stmts, uploadId) !== 'ready') throw new ApiError(409, IMPORT_MESSAGES.alreadyImported);
      return first.apply();
    },
  };

  const offset = body.menuId ? 0 : 1;
  const applied: AppliedWrite[] = await engine.execute(ops, (err, index) => {
    if (!(err instanceof ApiError) || err.status !== 400) return err;
    const what = index === 0 && offset ? 'the menu' : (labels[index - offset] ?? 'the upload');
    const detail = Object.values(err.data).map((e) => (e as { message?: string }).message).filter(Boolean)[0];
    return new ApiError(400, `Could not import ${what}: ${detail ?? err.message}`, err.data);
  });
  const menuRecord = await engine.view(engine.collection('menus'), menuId, '', req);
  const uploadWrite = applied[applied.length - 1] as AppliedWrite;
  return {
    menu: menuRecord,
    upload: engine.present(uploads, uploadWrite, '', req),
    sections: sections.length,
    items: sections.reduce((n, s) => n + s.items.length, 0),
  };
}
