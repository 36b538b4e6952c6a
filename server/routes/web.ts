import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { AppContext } from '../context.ts';
import { ApiError } from '../core/errors.ts';
import { configuredProvider } from '../modules/translation/configured.ts';
import { isAppRoute, ROUTE_ALIASES } from '../../shared/app-routes.ts';
import type { PublicConfig } from '../../shared/api.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The brand colour of the icons (web/icons/*.svg) and the browser chrome of the installed app. */
const THEME_COLOR = '#0f766e';

/** The manifest that makes the staff app installable; it starts in service mode (the phone's use). */
export function webManifest(appName: string) {
  return {
    id: '/service',
    name: appName,
    short_name: appName.length <= 12 ? appName : appName.slice(0, 12).trim(),
    start_url: '/service',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: THEME_COLOR,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/** `/service` and `/service/<venue>`: service mode's own page. */
export function isServicePage(pathname: string): boolean {
  return /^\/service(\/[^/]+)?\/?$/.test(pathname);
}

/** Which of the build's compressed copies of `page` (brotli first) the `Accept-Encoding` header takes, if any. */
export function pageEncoding(acceptEncoding: string | string[] | undefined, page: string): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of String(acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  if ((accepted.get('br') ?? 0) > 0 && fs.existsSync(`${page}.br`)) return 'br';
  if ((accepted.get('gzip') ?? 0) > 0 && fs.existsSync(`${page}.gz`)) return 'gzip';
  return null;
}

/**
 * The staff web app: hashed assets served pre-compressed (brotli, gzip) with immutable caching;
 * any other GET outside /api falls back to index.html so client-side routes load.
 */
export async function webRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const dist = ctx.config.webDist;
  const index = path.join(dist, 'index.html');
  // Service mode is a page of its own, without React (web/service.html; issue 23 item 6).
  const service = path.join(dist, 'service.html');
  const hasBuild = fs.existsSync(index);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: false,
      preCompressed: true,
      index: false,
      setHeaders: (res, filePath) => {
        res.header('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : 'no-cache');
      },
    });
  }

  // The web app manifest: the staff app installs to the home screen and opens in service mode
  // (icons: web/public/icons, made by scripts/pwa-icons.ts). Served here for the configured name.
  app.get('/manifest.webmanifest', async (_request, reply) => {
    void reply.type('application/manifest+json; charset=utf-8').header('Cache-Control', 'no-cache');
    return webManifest(ctx.config.appName);
  });

  app.get('/api/app-config', async (): Promise<PublicConfig> => ({
    appName: ctx.config.appName,
    // Guest links and QR codes are built on the public URL, whatever host the staff app is opened through.
    appUrl: ctx.config.appUrl,
    posthog: ctx.config.posthog.key ? { key: ctx.config.posthog.key, apiHost: '/ingest', uiHost: ctx.config.posthog.uiHost } : null,
    billing: ctx.config.billing,
    // The staff banner counts a lapse's days left with it (shared/lapse.ts); no other setting leaves.
    lapseGraceDays: ctx.settings.get().billing.lapseGraceDays,
    // Only the provider's name: the "Translate missing" button shows when it is set. Keys stay here.
    machineTranslation: configuredProvider(ctx.settings.get().machineTranslation),
  }));

  // Analytics go through our origin (no third-party request from the browser, fewer blockers).
  app.all('/ingest/*', async (request, reply) => {
    if (!ctx.config.posthog.key) throw new ApiError(404);
    const target = `${ctx.config.posthog.host}${request.url.slice('/ingest'.length)}`;
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : JSON.stringify(request.body ?? {});
    const res = await fetch(target, {
      method: request.method,
      headers: { 'content-type': String(request.headers['content-type'] ?? 'application/json') },
      body,
      signal: AbortSignal.timeout(10_000),
    }).catch(() => null);
    if (!res) throw new ApiError(502, 'Analytics upstream unavailable.');
    void reply.status(res.status).header('content-type', res.headers.get('content-type') ?? 'application/json');
    return reply.send(Buffer.from(await res.arrayBuffer()));
  });

  const fallback = async (request: FastifyRequest, reply: FastifyReply) => {
    const [pathname = '/', query] = request.url.split('?', 2);
    const alias = ROUTE_ALIASES[pathname.replace(/\/+$/, '') || '/'];
    if (alias) return reply.redirect(query ? `${alias}?${query}` : alias, 302);
    if (!hasBuild) throw new ApiError(404, 'The web app is not built. Run "npm run build:web".');
    // Unknown addresses get the app's own "Not Found" page, with a status that says so.
    const page = isServicePage(pathname) ? service : index;
    // The build's brotli or gzip copy when the browser takes it: the page is the first request of
    // every visit, and a third of its size on a slow phone connection.
    const encoding = pageEncoding(request.headers['accept-encoding'], page);
    if (encoding) void reply.header('Content-Encoding', encoding);
    return reply
      .status(isAppRoute(pathname) ? 200 : 404)
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding')
      .type('text/html; charset=utf-8')
      .send(fs.createReadStream(encoding ? `${page}.${encoding === 'gzip' ? 'gz' : 'br'}` : page));
  };
  app.setNotFoundHandler(async (request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/api?') &&
      !/\.[a-z0-9]{1,8}(\?|$)/i.test(request.url.split('?')[0] ?? '');
    if (isPage) return fallback(request, reply);
    return reply.status(404).type('application/json').send(new ApiError(404).toJSON());
  });
}
