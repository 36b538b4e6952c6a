import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import yazl from 'yazl';
import type { AppContext } from '../../context.ts';
import { ApiError, fieldError } from '../../core/errors.ts';
import type { StoredRow } from '../../core/records/codec.ts';
import { requestInfo } from '../../http/request-info.ts';
import { GUEST_CHROME_LANGUAGES, guestChrome } from '../../../shared/i18n/guest-chrome.ts';
import { parsePrintKitParams, printKitFileName, printKitTemplate, tableUrl, type PrintKitParams } from '../../../shared/print-kit.ts';
import { menuById } from '../menus/queries.ts';
import { organizationRow } from '../organizations/queries.ts';
import { formatDateTime } from '../../core/datetime.ts';
import type { ProductModule } from '../module.ts';
import type { KitTexts } from './print-pdf.ts';
import { qrRuns, qrSvgDocument } from './qr-modules.ts';
import { readRule } from '../rules.ts';

/** Team members only: floor staff read these records for service mode, not for this route (404 as for strangers). */
const TEAM_READ = readRule('organization');

const UNAUTHORIZED = 'The request requires valid record authorization token.';
const NOT_SUBSCRIBED = 'Printing QR codes needs an active subscription.';
const NO_WIFI = 'This venue has no Wi-Fi name yet: add it on the venue page, or print without Wi-Fi.';
/** Printed size of the SVG codes in the ZIP, and the PNGs' minimum pixel size. */
const SVG_MM = 40;
const PNG_MIN_PX = 1000;

const json = (value: unknown): unknown[] => {
  try {
    const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
};

/** The venue the caller may print for: 401 without a token, 404 when they cannot see it, 403 without an active subscription. */
function printableVenue(ctx: AppContext, request: FastifyRequest<{ Params: { venueId: string } }>): StoredRow {
  const req = requestInfo(request);
  if (!req.auth) throw new ApiError(401, UNAUTHORIZED);
  const venues = ctx.engine.collection('venues');
  const venue = ctx.engine.access.findWithRule(venues, request.params.venueId, TEAM_READ, req);
  if (!venue) throw new ApiError(404);
  // The records API's own test of "may change this venue": a verified member of a subscribed organization.
  if (!ctx.engine.access.findWithRule(venues, request.params.venueId, venues.updateRule, { ...req, body: {} }))
    throw new ApiError(403, NOT_SUBSCRIBED);
  return venue;
}

/** The venue's guest languages with print texts: those of its menus, in order, deduplicated (English when none). */
function menuLanguages(ctx: AppContext, venue: StoredRow): string[] {
  const langs: string[] = [];
  for (const id of json(venue.menus)) {
    const menu = menuById(ctx.stmts, String(id));
    if (!menu || menu.organization !== venue.organization) continue;
    for (const lang of json(menu.languages)) {
      const known = guestChrome(String(lang)).lang;
      if (GUEST_CHROME_LANGUAGES.includes(known) && !langs.includes(known)) langs.push(known);
    }
  }
  return langs.length ? langs : ['en'];
}

function kitTexts(ctx: AppContext, venue: StoredRow, params: PrintKitParams): KitTexts {
  const langs = menuLanguages(ctx, venue);
  const first = guestChrome(langs[0] ?? 'en').text;
  const host = new URL(ctx.config.appUrl).host;
  return {
    venue: String(venue.name ?? ''),
    table: first.table,
    cta: params.cta ? langs.map((l) => guestChrome(l).text.printCta) : [],
    wifi: params.wifi
      ? [
          `${first.info.wifi}: ${String(venue.wifiName ?? '')}`,
          ...(venue.wifiPassword ? [`${first.info.password}: ${String(venue.wifiPassword)}`] : []),
        ]
      : [],
    shortUrl: `${host}/m/${String(venue.slug ?? '')}`,
    lang: langs[0] ?? 'en',
  };
}

/** Every table's code as an SVG (vector, 40 mm) and a PNG (≥ 1000 px, whole pixels per module), made one at a time as the ZIP is read. */
function kitZip(ctx: AppContext, slug: string, params: PrintKitParams): Readable {
  const zip = new yazl.ZipFile();
  for (let table = params.from; table <= params.to; table += 1) {
    const code = qrRuns(tableUrl(ctx.config.appUrl, slug, table));
    zip.addBuffer(Buffer.from(qrSvgDocument(code, { widthMm: SVG_MM })), `svg/table-${table}.svg`);
    zip.addReadStreamLazy(`png/table-${table}.png`, { compress: false }, (cb) => {
      const side = code.size + 8;
      const px = Math.ceil(PNG_MIN_PX / side) * side;
      import('sharp')
        .then(({ default: sharp }) =>
          sharp(Buffer.from(qrSvgDocument(code, { px })))
            .toColourspace('b-w')
            .png({ compressionLevel: 6 })
            .toBuffer(),
        )
        .then((png) => cb(null, Readable.from([png])))
        .catch((err: unknown) => cb(err instanceof Error ? err : new Error(String(err)), Readable.from([])));
    });
  }
  zip.end();
  return zip.outputStream as Readable;
}

/**
 * Records the organization's first QR code download (`organizations.qrDownloadedAt`, the
 * getting-started checklist's last step); later downloads change nothing.
 */
async function noteQrDownload(ctx: AppContext, venue: StoredRow): Promise<void> {
  const organizationId = String(venue.organization);
  if (String(organizationRow(ctx.stmts, organizationId)?.qrDownloadedAt ?? '')) return;
  const { engine } = ctx;
  const data = { qrDownloadedAt: formatDateTime(ctx.config.now()) };
  await engine.update(engine.collection('organizations'), organizationId, { data, files: {}, fromForm: false }, engine.systemRequest());
}

function routes(app: FastifyInstance, ctx: AppContext): void {
  // The staff app draws single QR codes itself (SVG, PNG, table card) and reports the download here.
  app.post<{ Params: { venueId: string } }>('/api/venues/:venueId/qr-downloaded', async (request, reply) => {
    await noteQrDownload(ctx, printableVenue(ctx, request));
    return reply.code(204).send();
  });

  app.get<{ Params: { venueId: string } }>('/api/venues/:venueId/print-kit', async (request, reply) => {
    const venue = printableVenue(ctx, request);
    const parsed = parsePrintKitParams(requestInfo(request).query);
    if (!parsed.ok) throw new ApiError(400, parsed.message, { [parsed.field]: fieldError('validation_invalid_value', parsed.message) });
    const { params } = parsed;
    if (params.wifi && !String(venue.wifiName ?? '').trim())
      throw new ApiError(400, NO_WIFI, { wifi: fieldError('validation_invalid_value', NO_WIFI) });
    await noteQrDownload(ctx, venue);
    const slug = String(venue.slug ?? '');
    const name = printKitFileName(slug, params);
    reply
      .header('Content-Disposition', `attachment; filename="${name}"`)
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff');
    if (params.format === 'zip') return reply.type('application/zip').send(kitZip(ctx, slug, params));

    const template = printKitTemplate(params.template);
    if (!template) throw new ApiError(400);
    const texts = kitTexts(ctx, venue, params);
    // PDFKit and the fonts' code load at the first print kit, not at every start.
    const { createKitDocument, drawKit } = await import('./print-pdf.ts');
    const doc = createKitDocument({ texts, params });
    const input = { template, params, appUrl: ctx.config.appUrl, slug, color: String(venue.primaryColor ?? ''), texts };
    void drawKit(doc, { ...input, aborted: () => request.raw.destroyed }).catch((err: unknown) => {
      request.log.error({ err }, 'print kit failed');
      doc.destroy(err instanceof Error ? err : new Error(String(err)));
    });
    return reply.type('application/pdf').send(doc);
  });
}

/**
 * The print kit (issue 22, item 6): `GET /api/venues/{id}/print-kit?from=1&to=40&template=a4-12&
 * format=pdf|zip&cropMarks=1&wifi=1&cta=1`, QR codes for a range of tables as one vector PDF on a
 * template (shared/print-kit.ts) or a ZIP of SVG and PNG codes. Every code opens
 * `APP_URL/m/{slug}?src=qr&t=N`. `POST /api/venues/{id}/qr-downloaded` (204, same guards) records a
 * single code drawn by the staff app; both set the organization's `qrDownloadedAt` once.
 */
export const printKitModule: ProductModule = { name: 'print-kit', collections: [], routes };
