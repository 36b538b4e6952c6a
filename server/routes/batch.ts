import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { ApiError, fieldError } from '../core/errors.ts';
import { applyFields, parseFields } from '../core/fields-picker.ts';
import type { UploadedFile } from '../core/records/files-input.ts';
import type { PreparedWrite, WriteInput } from '../core/records/write.ts';
import { normalizeHeaders, type RequestInfo } from '../core/request-info.ts';
import { discardBody, readBody, type ParsedBody } from '../http/body.ts';
import { requestInfo } from '../http/request-info.ts';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const RECORDS_URL = /^\/api\/collections\/([^/?]+)\/records(?:\/([^/?]+))?(?:\?(.*))?$/;

interface SubRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

function invalid(data: Record<string, unknown>): ApiError {
  return new ApiError(400, 'Invalid batch request data.', data);
}

/** Validates the batch envelope and returns its sub-requests. */
function parseRequests(raw: unknown, maxRequests: number): SubRequest[] {
  if (!Array.isArray(raw) || raw.length === 0) throw invalid({ requests: fieldError('validation_required', 'Cannot be blank.') });
  if (raw.length > maxRequests)
    throw invalid({
      requests: fieldError('validation_length_too_long', `The length must be no more than ${maxRequests}.`, { max: maxRequests }),
    });
  const errors: Record<string, unknown> = {};
  const out = raw.map((item, i): SubRequest => {
    const r = (item && typeof item === 'object' ? item : {}) as Record<string, unknown>;
    const method = typeof r.method === 'string' ? r.method.toUpperCase() : '';
    const url = typeof r.url === 'string' ? r.url : '';
    const e: Record<string, unknown> = {};
    if (!method) e.method = fieldError('validation_required', 'Cannot be blank.');
    else if (!METHODS.includes(method)) e.method = fieldError('validation_in_invalid', 'Must be a valid value.');
    if (!url) e.url = fieldError('validation_required', 'Cannot be blank.');
    else if (url.length > 2000) e.url = fieldError('validation_length_too_long', 'The length must be no more than 2000.', { max: 2000 });
    if (Object.keys(e).length) errors[String(i)] = e;
    const headers =
      r.headers && typeof r.headers === 'object'
        ? Object.fromEntries(Object.entries(r.headers as Record<string, unknown>).map(([k, v]) => [k, String(v)]))
        : {};
    const body = r.body && typeof r.body === 'object' && !Array.isArray(r.body) ? (r.body as Record<string, unknown>) : {};
    return { method, url, headers, body };
  });
  if (Object.keys(errors).length) throw invalid({ requests: errors });
  return out;
}

/** Files of a multipart batch are named `requests.{i}.{field}` or `requests[{i}].{field}`. */
function splitFiles(files: Record<string, UploadedFile[]>): Map<number, Record<string, UploadedFile[]>> {
  const out = new Map<number, Record<string, UploadedFile[]>>();
  for (const [key, list] of Object.entries(files)) {
    const m = /^requests(?:\.(\d+)|\[(\d+)\])\.(.+)$/.exec(key);
    if (!m) continue;
    const index = Number(m[1] ?? m[2]);
    const forRequest = out.get(index) ?? {};
    (forRequest[m[3] as string] ??= []).push(...list);
    out.set(index, forRequest);
  }
  return out;
}

function failure(index: number, err: unknown): ApiError {
  const response = err instanceof ApiError ? err.toJSON() : new ApiError(400).toJSON();
  return new ApiError(400, 'Batch transaction failed.', {
    requests: { [String(index)]: { code: 'batch_request_failed', message: 'Batch request failed.', response } },
  });
}

interface Planned {
  op: PreparedWrite;
  expand: string;
  fields: string;
}

/** POST /api/batch: every sub-request in one transaction, all or nothing. */
export function batchRoutes(app: FastifyInstance, ctx: AppContext, bodyLimit: number): void {
  app.post('/api/batch', { bodyLimit }, async (request) => {
    if (ctx.config.batch.maxRequests <= 0) throw new ApiError(403, 'Batch requests are not allowed.');
    const started = Date.now();
    const { uploads } = ctx.config;
    let parsed: ParsedBody;
    try {
      parsed = await readBody(request, { ...uploads, maxRequestBytes: Math.min(bodyLimit, uploads.maxRequestBytes) });
    } catch (err) {
      if (err instanceof ApiError && err.status === 413) throw err;
      throw new ApiError(400, 'Failed to read the submitted batch data.');
    }
    // Uploads not moved into storage (refused, or the batch failed) are removed from the temp folder.
    try {
      return await runBatch(request, parsed, started);
    } finally {
      await discardBody(parsed);
    }
  });

  async function runBatch(request: FastifyRequest, parsed: ParsedBody, started: number) {
    const { maxRequests, timeoutSeconds } = ctx.config.batch;
    const subRequests = parseRequests(parsed.data.requests, maxRequests);
    const filesByIndex = splitFiles(parsed.files);
    const planned: Planned[] = [];
    try {
      for (const [i, sub] of subRequests.entries()) {
        try {
          planned.push(
            await plan(
              ctx,
              sub,
              i,
              filesByIndex.get(i) ?? {},
              parsed.fromForm,
              requestInfo(request, 'batch'),
              request.headers as Record<string, string>,
            ),
          );
        } catch (err) {
          throw failure(i, err);
        }
        if (Date.now() - started > timeoutSeconds * 1000) throw new ApiError(400, 'Batch transaction failed.');
      }
    } catch (err) {
      await Promise.all(planned.map((p) => p.op.discard()));
      throw err;
    }
    const applied = await ctx.engine.execute(
      planned.map((p) => p.op),
      (err, i) => failure(i, err),
      (result, i) => {
        const p = planned[i] as Planned;
        if (p.op.action === 'delete') return { body: null, status: 204 };
        const body = ctx.engine.present(p.op.collection, result, p.expand, p.op.req);
        return { body: p.fields ? applyFields(body, parseFields(p.fields)) : body, status: 200 };
      },
    );
    return applied.map((a) => a.response);
  }
}

async function plan(
  ctx: AppContext,
  sub: SubRequest,
  _index: number,
  files: Record<string, UploadedFile[]>,
  fromForm: boolean,
  outer: RequestInfo,
  outerHeaders: Record<string, string>,
): Promise<Planned> {
  const m = RECORDS_URL.exec(sub.url);
  if (!m) throw new ApiError(400);
  const collection = ctx.engine.collection(decodeURIComponent(m[1] ?? ''));
  const id = m[2] ? decodeURIComponent(m[2]) : '';
  const query = Object.fromEntries(new URLSearchParams(m[3] ?? ''));
  const req: RequestInfo = { ...outer, method: sub.method, query, headers: normalizeHeaders({ ...outerHeaders, ...sub.headers }) };
  const input: WriteInput = { data: sub.body, files, fromForm };
  const expand = query.expand ?? '';
  const fields = query.fields ?? '';
  const e = ctx.engine;
  if (sub.method === 'POST' && !id) return { op: await e.prepareCreate(collection, input, req), expand, fields };
  if (sub.method === 'PATCH' && id) return { op: await e.prepareUpdate(collection, id, input, req), expand, fields };
  if (sub.method === 'DELETE' && id) return { op: e.prepareDelete(collection, id, req), expand, fields };
  if (sub.method === 'PUT' && !id) return { op: await e.prepareUpsert(collection, input, req), expand, fields };
  throw new ApiError(400);
}
