import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../context.ts';
import { isMultiValue, type FileField } from '../core/collections.ts';
import { ApiError } from '../core/errors.ts';
import { contentDisposition, FILE_SECURITY_HEADERS, sniffMime } from '../core/files/mime.ts';
import { parseRange } from '../core/files/range.ts';
import { getOrCreateThumb } from '../core/files/thumbs.ts';
import { isSuperuser } from '../core/request-info.ts';
import { parseBool } from './list-params.ts';
import { queryString, requestInfo } from '../http/request-info.ts';

const THUMB_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
const SNIFF_BYTES = 4100;

interface FileParams {
  collection: string;
  recordId: string;
  filename: string;
}

async function readHead(ctx: AppContext, key: string, size: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const stream = ctx.storage.openReadStream(key, { start: 0, end: Math.min(size, SNIFF_BYTES) - 1 });
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** File downloads (thumbs, protected files via file tokens, ranges) and file tokens. */
export function fileRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: FileParams }>('/api/files/:collection/:recordId/:filename', async (request, reply) => {
    const { engine, storage, tokens } = ctx;
    const collection = ctx.registry.get(request.params.collection);
    if (!collection) throw new ApiError(404);
    const { recordId, filename } = request.params;
    const row = ctx.stmts.get(`SELECT * FROM "${collection.name}" WHERE "id" = ?`, [recordId]);
    if (!row) throw new ApiError(404);
    const field = collection.fileFields.find((f: FileField) => {
      const raw = row[f.name];
      const list = isMultiValue(f) ? (JSON.parse(String(raw ?? '[]')) as string[]) : [String(raw ?? '')];
      return list.includes(filename);
    });
    if (!field) throw new ApiError(404);
    if (field.protected) {
      // Protected files are authorised by a short-lived file token in the query, not the header.
      const state = tokens.verify(queryString(request, 'token'), ['file']);
      const req = { ...requestInfo(request, 'protectedFile'), auth: state ? { collection: state.collection, row: state.row } : null };
      if (!isSuperuser(req) && !engine.access.findWithRule(collection, recordId, collection.viewRule, req)) throw new ApiError(404);
    }
    const prefix = `${collection.id}/${recordId}`;
    let key = `${prefix}/${filename}`;
    const stat = await storage.stat(key);
    if (!stat) throw new ApiError(404);
    let mime = await sniffMime(await readHead(ctx, key, stat.size), filename);
    if (filename.endsWith('.svg')) mime = 'image/svg+xml';
    const thumb = queryString(request, 'thumb');
    let size = stat.size;
    let mtime = stat.mtimeMs;
    if (thumb && THUMB_TYPES.has(mime) && [...(field.thumbs ?? []), '100x100'].includes(thumb)) {
      const made = await getOrCreateThumb(storage, prefix, filename, thumb, mime).catch(() => null);
      const thumbStat = made ? await storage.stat(made.key) : null;
      if (made && thumbStat) {
        key = made.key;
        size = thumbStat.size;
        mtime = thumbStat.mtimeMs;
        if (mime === 'image/gif') mime = 'image/png';
      }
    }
    return sendFile(reply, ctx, key, {
      size,
      mtime,
      mime,
      filename,
      download: parseBoolSafe(queryString(request, 'download')),
      range: request.headers.range,
      ifNoneMatch: request.headers['if-none-match'],
      ifModifiedSince: request.headers['if-modified-since'],
    });
  });

  app.post('/api/files/token', async (request) => {
    const auth = request.auth;
    if (!auth) throw new ApiError(401, 'The request requires valid record authorization token.');
    // FILE_TOKEN_DURATION, or settings.fileToken.duration when a superuser changed it.
    const duration = ctx.config.fileTokenDuration;
    return { token: await ctx.tokens.sign(auth.collection, auth.row, 'file', duration) };
  });
}

function parseBoolSafe(v: string): boolean {
  try {
    return parseBool(v);
  } catch {
    return false;
  }
}

interface SendOptions {
  size: number;
  mtime: number;
  mime: string;
  filename: string;
  download: boolean;
  range: string | undefined;
  ifNoneMatch: string | undefined;
  ifModifiedSince: string | undefined;
}

/**
 * RFC 9110 §13.2.2: If-None-Match decides when present (If-Modified-Since is then ignored);
 * otherwise the file is unchanged when its Last-Modified (whole seconds) is not after the date.
 */
function notModified(o: SendOptions, etag: string): boolean {
  if (o.ifNoneMatch !== undefined)
    return o.ifNoneMatch
      .split(',')
      .map((s) => s.trim())
      .some((t) => t === etag || t === '*' || t === `W/${etag}`);
  if (!o.ifModifiedSince) return false;
  const since = Date.parse(o.ifModifiedSince);
  // An unparsable date is ignored, as are dates in the future (the client's clock, not our file).
  if (Number.isNaN(since) || since > Date.now()) return false;
  return Math.floor(o.mtime / 1000) <= Math.floor(since / 1000);
}

async function sendFile(reply: FastifyReply, ctx: AppContext, key: string, o: SendOptions): Promise<FastifyReply> {
  const etag = `"${o.size.toString(36)}-${Math.floor(o.mtime).toString(36)}"`;
  void reply.removeHeader('X-Frame-Options');
  for (const [k, v] of Object.entries(FILE_SECURITY_HEADERS)) void reply.header(k, v);
  void reply
    .header('Content-Type', o.mime)
    .header('Content-Disposition', contentDisposition(o.mime, o.filename, o.download))
    .header('Cache-Control', 'max-age=2592000, stale-while-revalidate=86400')
    .header('Accept-Ranges', 'bytes')
    .header('ETag', etag)
    .header('Last-Modified', new Date(o.mtime).toUTCString());
  if (notModified(o, etag)) return reply.status(304).send();
  const range = parseRange(o.range, o.size);
  if (range === 'unsatisfiable') {
    return reply
      .status(416)
      .header('Content-Range', `bytes */${o.size}`)
      .type('application/json')
      .send(new ApiError(416, 'Range not satisfiable.').toJSON());
  }
  if (range) {
    void reply
      .status(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${o.size}`)
      .header('Content-Length', range.end - range.start + 1);
    return reply.send(ctx.storage.openReadStream(key, range));
  }
  void reply.header('Content-Length', o.size);
  return reply.send(ctx.storage.openReadStream(key));
}
