import type { AppContext } from '../../context.ts';
import { ApiError, fieldError } from '../../core/errors.ts';
import type { PreparedWrite } from '../../core/records/write.ts';
import type { RequestInfo } from '../../core/request-info.ts';
import type { StoredRow } from '../../core/records/codec.ts';
import { newRecordId } from '../../../shared/ids.ts';
import { parseMenuCsv, type MenuCsvPreview, type MenuCsvRowError } from '../../../shared/menu-csv.ts';
import { planImport, type PlannedWrite } from './plan.ts';
import { readMenuForCsv } from './read.ts';
import { readRule } from '../rules.ts';

/** Team members only: floor staff read these records for service mode, not for this route (404 as for strangers). */
const TEAM_READ = readRule('organization');

/** The menu a caller may read: 401 without a token, 404 for menus of other organizations (as the records API). */
export function readableMenu(ctx: AppContext, menuId: string, req: RequestInfo): StoredRow {
  if (!req.auth) throw new ApiError(401, 'The request requires valid record authorization token.');
  const menus = ctx.engine.collection('menus');
  const menu = ctx.engine.access.findWithRule(menus, menuId, TEAM_READ, req);
  if (!menu) throw new ApiError(404);
  return menu;
}

/** A 400 in the contract's envelope whose `data.file` lists the problems row by row (`params.errors`). */
function csvError(message: string, errors: MenuCsvRowError[]): ApiError {
  return new ApiError(400, message, { file: fieldError('validation_invalid_csv', message, { errors }) });
}

/** A record write refused inside the transaction, told as the row it comes from. */
function rowFailure(err: unknown, write: PlannedWrite): unknown {
  if (!(err instanceof ApiError)) return err;
  const [column = '', problem] = Object.entries(err.data)[0] ?? [];
  const message = (problem as { message?: string } | undefined)?.message ?? err.message;
  const where = write.collection === 'sections' ? `the section of row ${write.row}` : `row ${write.row}`;
  return csvError(`Could not import ${where}: ${column ? `${column}: ` : ''}${message} Nothing was imported.`, [
    { row: write.row, column, message },
  ]);
}

/**
 * `POST /api/menus/{id}/import`: reads a menu CSV (shared/menu-csv.ts), plans it against the
 * menu (plan.ts) and, unless `dryRun`, applies every write in ONE transaction through the record
 * engine with the caller's rights, so rules, hooks (positions, translation state), plan limits and
 * realtime events are those of any other write. A file with any problem writes nothing.
 */
export async function importMenuCsv(
  ctx: AppContext,
  menuId: string,
  bytes: Uint8Array,
  dryRun: boolean,
  req: RequestInfo,
): Promise<MenuCsvPreview> {
  const { engine } = ctx;
  const menu = readableMenu(ctx, menuId, req);
  const menus = engine.collection('menus');
  if (!engine.access.findWithRule(menus, menuId, menus.updateRule, { ...req, body: {} }))
    throw new ApiError(403, 'You are not allowed to change this menu.');
  const current = readMenuForCsv(ctx.stmts, menu);
  const parsed = parseMenuCsv(bytes, current);
  if (!parsed.ok) throw csvError(parsed.message, parsed.errors);
  const tagIds = new Map<string, string>();
  for (const tag of current.tags) {
    const key = tag.name.trim().toLocaleLowerCase();
    if (!tagIds.has(key)) tagIds.set(key, tag.id);
  }
  const plan = planImport(parsed.rows, parsed.errors, current, tagIds, newRecordId);
  if (dryRun) return { applied: false, ...plan.preview };
  const { errors } = plan.preview;
  if (errors.length) {
    const rows = new Set(errors.map((e) => e.row)).size;
    throw csvError(`${rows === 1 ? 'One row has' : `${rows} rows have`} problems; nothing was imported.`, errors);
  }

  const ops: PreparedWrite[] = [];
  try {
    for (const write of plan.writes) {
      const collection = engine.collection(write.collection);
      const data = write.collection === 'sections' && write.action === 'create' ? { ...write.data, menu: menuId } : write.data;
      const input = { data, files: {}, fromForm: false };
      ops.push(
        write.action === 'create'
          ? await engine.prepareCreate(collection, input, req)
          : await engine.prepareUpdate(collection, write.id as string, input, req),
      );
    }
  } catch (err) {
    await Promise.all(ops.map((op) => op.discard()));
    throw err;
  }
  if (ops.length) await engine.execute(ops, (err, index) => rowFailure(err, plan.writes[index] as PlannedWrite));
  return { applied: true, ...plan.preview };
}
