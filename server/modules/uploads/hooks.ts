import { fieldError } from '../../core/errors.ts';
import type { RecordEngine } from '../../core/records/engine.ts';
import type { HookContext } from '../../core/records/hooks.ts';
import { UPLOAD_NAME_MIN } from '../../../shared/constants.ts';
import { MESSAGES } from '../../../shared/schemas/messages.ts';
import { submitted, writeFailed } from '../hook-helpers.ts';
import { isSuperuser } from '../../core/request-info.ts';
import { draftProblem, zMenuDraft } from '../../../shared/schemas/upload-draft.ts';
import { organizationOfMenu } from '../menus/queries.ts';
import { uploadChecks } from './upload-check.ts';
import { IMPORT_MESSAGES } from '../../../shared/upload-messages.ts';

/** The names stored in a file field (a multi-file field holds a JSON list). */
export function fileNames(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter(Boolean);
  const text = String(value ?? '');
  if (!text) return [];
  if (text.startsWith('[')) {
    try {
      const list: unknown = JSON.parse(text);
      return Array.isArray(list) ? list.map(String).filter(Boolean) : [];
    } catch {
      return [];
    }
  }
  return [text];
}

/** Fields only the extraction job (system rights) writes. */
const SERVER_FIELDS = ['status', 'error', 'pages', 'progress'] as const;

/**
 * Upload records: the form's rules (name, PDF file), the PDF checks of the upload route, the
 * server-managed status fields, draft edits, same-organization menu links.
 */
export function registerUploadHooks(engine: RecordEngine): void {
  const sameOrganizationMenu = (ctx: HookContext) => {
    if (isSuperuser(ctx.req)) return; // support may repair data across organizations
    const menu = String(ctx.row.menu ?? '');
    if (ctx.before && ctx.before.menu === ctx.row.menu) return; // only a new link is checked
    if (menu && organizationOfMenu(engine.stmts, menu) !== String(ctx.row.organization)) {
      throw writeFailed(ctx, { menu: fieldError('validation_missing_rel_records', 'Failed to find all relation records with the provided ids.') });
    }
  };

  /** The async PDF checks of this request (see routes.ts): a problem becomes the `file` error. */
  const pdfCheck = (ctx: HookContext, errors: Record<string, ReturnType<typeof fieldError>>) => {
    const check = uploadChecks.getStore();
    if (!check) return;
    const field = check.field ?? 'file';
    if (check.problem && !errors[field]) errors[field] = fieldError(`validation_pdf_${check.problem.code}`, check.problem.message);
    if (check.pages !== null) ctx.row.pages = check.pages;
  };

  const validDraft = (ctx: HookContext) => {
    if (!submitted(ctx, 'draft') || ctx.row.draft === null) return;
    const result = zMenuDraft.safeParse(JSON.parse(String(ctx.row.draft)));
    if (!result.success) throw writeFailed(ctx, { draft: fieldError('validation_invalid_value', draftProblem(result.error)) });
  };

  engine.hooks.before('menu_uploads', 'create', (ctx) => {
    const errors: Record<string, ReturnType<typeof fieldError>> = {};
    if (String(ctx.row.name ?? '').trim().length < UPLOAD_NAME_MIN) errors.name = fieldError('validation_required', MESSAGES.menuNameRequired);
    if (!ctx.row.file && !fileNames(ctx.row.photos).length) errors.file = fieldError('validation_required', MESSAGES.pdfFileRequired);
    pdfCheck(ctx, errors);
    if (Object.keys(errors).length) throw writeFailed(ctx, errors);
    if (!isSuperuser(ctx.req)) {
      // A new upload always starts at the beginning: the job fills in the rest.
      ctx.row.status = 'uploaded';
      ctx.row.error = '';
      ctx.row.progress = 0;
      ctx.row.draft = null;
      if (uploadChecks.getStore()?.pages == null) ctx.row.pages = 0;
    } else if (!ctx.row.status) ctx.row.status = 'uploaded';
    sameOrganizationMenu(ctx);
  });

  engine.hooks.before('menu_uploads', 'update', (ctx) => {
    const before = ctx.before ?? {};
    const fileChanged =
      String(before.file ?? '') !== String(ctx.row.file ?? '') || fileNames(before.photos).join('/') !== fileNames(ctx.row.photos).join('/');
    if (!isSuperuser(ctx.req)) {
      const errors: Record<string, ReturnType<typeof fieldError>> = {};
      if (fileChanged) {
        if (!ctx.row.file && !fileNames(ctx.row.photos).length) errors.file = fieldError('validation_required', MESSAGES.pdfFileRequired);
        pdfCheck(ctx, errors);
      }
      if (Object.keys(errors).length) throw writeFailed(ctx, errors);
      const retry = ctx.row.status === 'uploaded' && ['failed', 'ready'].includes(String(before.status));
      // Status, error, pages and progress are the job's; a member may only ask for a new run.
      for (const f of SERVER_FIELDS) ctx.row[f] = before[f] ?? ctx.row[f];
      if (fileChanged || retry) {
        ctx.row.status = 'uploaded';
        ctx.row.error = '';
        ctx.row.progress = 0;
        ctx.row.draft = null;
        ctx.row.pages = fileChanged ? (uploadChecks.getStore()?.pages ?? 0) : (before.pages ?? 0);
      } else if (submitted(ctx, 'draft') && String(before.draft ?? '') !== String(ctx.row.draft ?? '')) {
        if (before.status !== 'ready') {
          throw writeFailed(ctx, { draft: fieldError('validation_draft_locked', before.status === 'imported' ? IMPORT_MESSAGES.alreadyImported : 'The draft can be edited once the extraction is ready.') });
        }
        validDraft(ctx);
      }
    }
    sameOrganizationMenu(ctx);
  });
}
