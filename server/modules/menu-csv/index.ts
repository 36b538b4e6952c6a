import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../core/errors.ts';
import { withBody } from '../../http/body.ts';
import { queryString, requestInfo } from '../../http/request-info.ts';
import { MENU_CSV_MAX_BYTES, serializeMenuCsv } from '../../../shared/menu-csv.ts';
import { slugify } from '../hook-helpers.ts';
import type { ProductModule } from '../module.ts';
import { importMenuCsv, readableMenu } from './import.ts';
import { csvItems, readMenuForCsv } from './read.ts';

const NO_FILE = 'Send the CSV file: a "file" field of a multipart form, or the file itself as the body (Content-Type: text/csv).';
const RAW_TYPES = ['text/csv', 'text/plain', 'application/csv', 'application/vnd.ms-excel', 'application/octet-stream'];

const truthy = (value: unknown) => ['true', '1', 'yes'].includes(String(value ?? '').toLowerCase());

/** The uploaded file's bytes and the dryRun flag, from a raw CSV body or a multipart form. */
async function readUpload(request: FastifyRequest, ctx: AppContext): Promise<{ bytes: Uint8Array; dryRun: boolean }> {
  const query = truthy(queryString(request, 'dryRun'));
  if (!request.isMultipart()) {
    const body = request.body;
    if (!(body instanceof Buffer) || body.length === 0) throw new ApiError(400, NO_FILE);
    return { bytes: body, dryRun: query };
  }
  const limits = { maxFileBytes: MENU_CSV_MAX_BYTES, maxRequestBytes: MENU_CSV_MAX_BYTES + 64 * 1024, tmpDir: ctx.config.uploads.tmpDir };
  return withBody(request, limits, async (body) => {
    const file = body.files.file?.[0];
    const bytes = !file ? undefined : 'data' in file ? file.data : await readFile(file.path);
    if (!bytes?.length) throw new ApiError(400, NO_FILE);
    return { bytes, dryRun: query || truthy(body.data.dryRun) };
  });
}

function routes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { menuId: string } }>('/api/menus/:menuId/export.csv', async (request, reply) => {
    const menu = readableMenu(ctx, request.params.menuId, requestInfo(request));
    const data = readMenuForCsv(ctx.stmts, menu);
    const name = `${slugify(String(menu.name ?? '')) || 'menu'}.csv`;
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${name}"`)
      .header('Cache-Control', 'no-store')
      .send(serializeMenuCsv(csvItems(data), data));
  });

  // Its own scope: raw CSV bodies are read as bytes here only (elsewhere they are refused).
  void app.register(async (scope) => {
    scope.addContentTypeParser(RAW_TYPES, { parseAs: 'buffer', bodyLimit: MENU_CSV_MAX_BYTES }, (_request, body, done) => done(null, body));
    scope.post<{ Params: { menuId: string } }>('/api/menus/:menuId/import', { bodyLimit: MENU_CSV_MAX_BYTES }, async (request) => {
      const req = requestInfo(request);
      readableMenu(ctx, request.params.menuId, req);
      const { bytes, dryRun } = await readUpload(request, ctx);
      return importMenuCsv(ctx, request.params.menuId, bytes, dryRun, req);
    });
  });
}

/** A menu as a spreadsheet: `GET /api/menus/{id}/export.csv` and `POST /api/menus/{id}/import` (issue 20, item 8). */
export const menuCsvModule: ProductModule = { name: 'menu-csv', collections: [], routes };
