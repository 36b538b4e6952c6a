import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { formatDateTime } from '../../core/datetime.ts';
import { newRecordId, RECORD_ID_PATTERN } from '../../../shared/ids.ts';
import { sniffMime } from '../../core/files/mime.ts';
import { FixedWindowLimiter } from '../../core/auth/rate-limit.ts';
import { clientIp, rateLimitKey } from '../../http/client-ip.ts';
import type { SqlStatements } from '../../db/sql.ts';
import type { ProductModule } from '../module.ts';
import { menusModuleRow, publishedMenuOfSection } from '../menus/queries.ts';
import { overrideOf } from '../venue-items/queries.ts';
import { atVenue } from '../../../shared/availability.ts';
import type { Row } from '../../db/sql.ts';
import { lapseFieldsOf } from '../organizations/queries.ts';
import { guestAccess, guestSeesMenu } from '../../../shared/lapse.ts';
import { uploadOfOrganization } from '../uploads/queries.ts';
import { venueById, venueIdsListingMenu, venueOriginalMenu } from '../venues/queries.ts';
import { loadGuestVenue, loadMenuPreview, type GuestVenue } from './load.ts';
import { ApiError, fieldError } from '../../core/errors.ts';
import { requestInfo } from '../../http/request-info.ts';
import { withFrameAncestors } from '../../http/security.ts';
import { optionPlaces, renderGuestPage, renderNotFound, renderUnavailable } from './render.ts';
import { weekMinuteIn } from '../../../shared/schedule.ts';
import { FONT_PAIRINGS, isFontPairing, isLayout, LAYOUTS, type FontPairing, type Layout } from '../../../shared/themes.ts';
import { normalizeHex } from '../../../shared/contrast.ts';
import { GuestStats, guestStatsCollection, localSlot } from './stats.ts';
import { LIVE_SCRIPT } from './live-script.ts';
import { LANG_SWITCH_SCRIPT } from './lang-switch-script.ts';
import { GUEST_SCRIPT, GUEST_SCRIPT_PATH } from './guest-script.ts';
import { EMBED_SCRIPT_PATH, embedScript } from './embed-script.ts';
import { findItem, menuPathOf, renderItemPage } from './item-page.ts';
import { buildFeed } from './feed.ts';
import { parseQuery, SEARCH_SENT } from './search.ts';
import { EVENT_BODY_LIMIT, EVENT_LIMIT, normalizeTerm, parseGuestEvent } from './guest-events.ts';
import { COPY_SCRIPT } from './copy-script.ts';
import { FAVICON_PATH, FAVICON_SVG } from './small-things.ts';
import { filterKey, isFiltered, parseFilter, type GuestFilter } from './filter.ts';
import { sectionsUsingOptionGroup } from '../menus/queries.ts';
import { optionsModuleRow } from '../options/queries.ts';
import { GUEST_CHROME_LANGUAGES } from '../../../shared/i18n/guest-chrome.ts';
import { analyticsRoutes } from './analytics.ts';
import { hasEntitlement } from '../entitlements.ts';
import { scopeOf, TenantCache } from './tenant-cache.ts';
import { readRule } from '../rules.ts';

/** Team members only: floor staff read these records for service mode, not for this route (404 as for strangers). */
const TEAM_READ = readRule('organization');

type Encoding = 'br' | 'gzip' | 'identity';

/**
 * A rendered page with its pre-compressed bodies and the response headers of each encoding,
 * all computed once. `shown`: the ids of the menus on the page (guest stats attribute a view
 * to the only one).
 */
interface CachedPage {
  status: number;
  etag: string;
  /** The websites allowed to frame this page (a venue's `embedOrigins`); none: our own pages only. */
  frame?: readonly string[];
  bodies: Record<Encoding, Buffer>;
  headers: Record<Encoding, Record<string, string>>;
  shown: string[];
  /** A search page on which no dish matched (counted as a search without result when served). */
  noResult?: boolean;
}

/** Rendered pages live this long at most (schedules change with the clock); record events clear them sooner. */
const CACHE_TTL_MS = 30_000;
/** Brotli quality of every built page (see `cachedPage`). */
const BROTLI_QUALITY = 5;
const CACHE_MAX = 2000;
/**
 * Filtered pages (`?diet=…&hide=…`, a shared link or the form without JavaScript) are cached
 * apart, in fewer entries: a crawler trying every combination evicts only other filtered pages.
 */
const FILTERED_CACHE_MAX = 200;
const STATS_FLUSH_MS = 5000;
/**
 * QR scans counted per client IP and venue: generous for a restaurant whose guests share one
 * Wi-Fi address, while a script replaying scan URLs adds at most this many per window.
 */
export const SCAN_LIMIT = { max: 20, windowMs: 15 * 60_000 };

/** chooseLanguage for a venue, remembered per (venue object, menu, query, header): browsers send few distinct headers. */
const languageChoices = new WeakMap<GuestVenue, Map<string, string>>();

/**
 * The languages guests may choose on a venue's page: the union of its menus' guest languages, or
 * one menu's on that menu's own page (shared/translations.ts `guestLanguages`).
 */
export function pageLanguages(venue: GuestVenue, menuId: string | null): string[] {
  const menu = menuId ? venue.menus.find((m) => m.id === menuId) : undefined;
  return menu ? menu.guestLanguages : venue.languages;
}

function venueLanguage(venue: GuestVenue, menuId: string | null, query: string, acceptLanguage: string): string {
  let choices = languageChoices.get(venue);
  if (!choices) {
    choices = new Map();
    languageChoices.set(venue, choices);
  }
  const key = `${menuId ?? ''}|${query}|${acceptLanguage}`;
  let lang = choices.get(key);
  if (lang === undefined) {
    const languages = pageLanguages(venue, menuId);
    lang = chooseLanguage(languages.length ? languages : [venue.defaultLanguage], query, acceptLanguage);
    if (choices.size >= 200) choices.clear();
    choices.set(key, lang);
  }
  return lang;
}

/** The guest's language: `?lang=`, else the best Accept-Language match, else the menu's default. */
export function chooseLanguage(available: string[], query: string, acceptLanguage: string): string {
  const langs = available.length ? available : ['en'];
  if (query && langs.includes(query)) return query;
  const wanted = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag = '', q = 'q=1'] = part.trim().split(';');
      return { tag: tag.toLowerCase(), q: Number(q.replace('q=', '')) || 0 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of wanted) {
    const exact = langs.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    const base = langs.find((l) => l.toLowerCase().split('-')[0] === tag.split('-')[0]);
    if (base) return base;
  }
  return langs[0] as string;
}

/**
 * A lapsed venue's "unavailable" page: guests (and crawlers) should try again later, and no cache
 * may keep it, so the menu is back the moment the organization is subscribed again.
 */
const UNAVAILABLE_HEADERS = { 'cache-control': 'no-store', 'retry-after': '3600' };

/** The feed is JSON for any website's scripts: no credentials, so any origin may read it (and its ETag). */
const FEED_CORS = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'ETag' };
const FEED_HEADERS = { 'content-type': 'application/json; charset=utf-8', ...FEED_CORS };

function compress(
  html: string,
  status: number,
  shown: string[] = [],
  extra: Record<string, string> = {},
  fast = false,
  frame: readonly string[] = [],
): CachedPage {
  const buf = Buffer.from(html);
  // The framing policy is part of the response: a changed list must not revalidate as the same page.
  const etag = `"${createHash('sha1').update(buf).update(frame.join(' ')).digest('base64url').slice(0, 20)}"`;
  // Public, shared by every guest: short max-age so edits show within seconds; no cookies ever.
  const common = {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': status === 200 ? 'public, max-age=10, stale-while-revalidate=30' : 'no-cache',
    etag,
    vary: 'Accept-Encoding, Accept-Language',
    // Referrer-Policy: no-referrer comes with every response (security headers).
    ...extra,
  };
  return {
    status,
    shown,
    etag,
    ...(frame.length ? { frame } : {}),
    bodies: {
      // Brotli 5, not 11: on a ~100 KB page 11 costs ~130 ms of CPU against ~4 ms for an output
      // about 3% larger, and a page is built about as often as it is read at a venue's real
      // traffic (README, sizing). Filtered pages are built more often still: gzip 6 there.
      br: zlib.brotliCompressSync(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }),
      gzip: zlib.gzipSync(buf, { level: fast ? 6 : 9 }),
      identity: buf,
    },
    headers: { br: { ...common, 'content-encoding': 'br' }, gzip: { ...common, 'content-encoding': 'gzip' }, identity: common },
  };
}

function send(request: FastifyRequest, reply: FastifyReply, page: CachedPage): FastifyReply {
  const accept = request.headers['accept-encoding'] ?? '';
  const encoding: Encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : 'identity';
  void reply.headers(page.headers[encoding]);
  if (page.frame) {
    // A venue's embeds: its named websites may frame the page (the security hook set the strict policy).
    void reply.header('content-security-policy', withFrameAncestors(String(reply.getHeader('content-security-policy') ?? ''), page.frame));
    void reply.removeHeader('x-frame-options');
  }
  if (page.status === 200 && request.headers['if-none-match'] === page.etag) return reply.status(304).send();
  return reply.status(page.status).send(page.bodies[encoding]);
}

interface GuestMenuRuntime {
  venueBySlug(slug: string): GuestVenue | null;
  page(venue: GuestVenue, menuId: string | null, lang: string, languages: string[], filter: GuestFilter, q: string): CachedPage;
  /** A dish's page (item-page.ts), or null when the venue's page does not show the dish. */
  itemPage(venue: GuestVenue, itemId: string, lang: string): { page: CachedPage; menu: string } | null;
  /** The venue's public JSON feed (feed.ts) in `lang`. */
  feed(venue: GuestVenue, lang: string): CachedPage;
  /** The venue's "temporarily unavailable" page (503) in the guest's language. */
  unavailable(venue: GuestVenue, lang: string): CachedPage;
  stats: GuestStats;
  pages: TenantCache<CachedPage>;
  /** Scans counted per client IP and venue (a guest scans once per visit; replays are not guests). */
  scans: FixedWindowLimiter;
  /** Guest beacons accepted per client IP and venue (guest-events.ts). */
  events: FixedWindowLimiter;
}

/** Each app instance's caches and counters (several apps may run in one process in tests). */
const runtimes = new WeakMap<AppContext, GuestMenuRuntime>();

/** What guests of the venue's organization get now (open, grace, unavailable, closed: shared/lapse.ts). */
const accessOf = (ctx: AppContext, billing: GuestVenue['billing']) =>
  guestAccess(billing, ctx.settings.get().billing.lapseGraceDays, ctx.config.now());

/**
 * The venues whose guest page shows an item of this section: the section's menu is published,
 * listed at the venue and of the venue's organization, and guests of that organization see its
 * menu (subscribed, or lapsed within the grace period). Live updates go only there, so guests
 * never learn anything the page itself would not show.
 */
function venuesShowingSection(ctx: AppContext, sectionId: string): string[] {
  const { stmts } = ctx;
  const menu = publishedMenuOfSection(stmts, sectionId);
  const billing = menu ? lapseFieldsOf(stmts, menu.organization) : undefined;
  if (!menu || !billing || !guestSeesMenu(accessOf(ctx, billing))) return [];
  // Live updates are a plan feature: without it nothing is published (the topic is public, so
  // leaving the script off the page alone would not be enough); guests see changes on reload.
  if (!hasEntitlement(ctx, menu.organization, 'liveSoldOut')) return [];
  return venueIdsListingMenu(stmts, menu.organization, menu.menu);
}

/**
 * The venue as its plan shows it: without the plan feature `schedules`, stored schedules (set on a
 * bigger plan) stay stored but no longer apply, so every menu is on all week.
 */
function withPlanFeatures(ctx: AppContext, venue: GuestVenue): GuestVenue {
  if (hasEntitlement(ctx, venue.organization, 'schedules') || !venue.menus.some((m) => m.schedule.length)) return venue;
  return { ...venue, menus: venue.menus.map((m) => ({ ...m, schedule: [] })) };
}

/** The venue's original PDF menu (an upload of the venue's own organization), if it has one. */
function originalMenuUpload(stmts: SqlStatements, venueId: string): { id: string; file: string } | undefined {
  const venue = venueOriginalMenu(stmts, venueId);
  return venue?.originalMenu ? uploadOfOrganization(stmts, venue.originalMenu, venue.organization) : undefined;
}

/** Whether guests see no amounts in a section (its own `hidePrices` or its menu's). */
function pricesHidden(stmts: SqlStatements, sectionId: string): boolean {
  const section = menusModuleRow(stmts, 'sections', sectionId);
  return Boolean(section && (section.hidePrices === 1 || menusModuleRow(stmts, 'menus', String(section.menu))?.hidePrices === 1));
}

/**
 * What an open guest page of the venue shows of the item now: the item merged with the venue's
 * override. The public topic never carries amounts guests must not see (`hidePrices`).
 */
function liveItem(stmts: SqlStatements, item: Row, override: Row | undefined, now: string) {
  const prices = (row: Row) => JSON.parse(String(row.prices ?? 'null')) as unknown[] | null;
  const mark = (row: Row) => ({ available: row.available === 1, soldOutUntil: String(row.soldOutUntil ?? '') });
  const live = atVenue({ ...mark(item), prices: prices(item) ?? [] }, override && { ...mark(override), prices: prices(override) }, now);
  return pricesHidden(stmts, String(item.section)) ? { id: String(item.id), available: live.available } : { id: String(item.id), ...live };
}

/** Whether the option shows as available on the venue's page (sold out everywhere or there: not). */
function optionAvailable(venue: GuestVenue, optionId: string): boolean {
  for (const m of venue.menus)
    for (const s of m.sections)
      for (const i of s.items) for (const g of i.optionGroups) for (const o of g.options) if (o.id === optionId) return o.available;
  return false;
}

function register(ctx: AppContext): void {
  const { stmts, config, events, hub } = ctx;
  const pages = new TenantCache<CachedPage>(CACHE_TTL_MS, CACHE_MAX);
  const filteredPages = new TenantCache<CachedPage>(CACHE_TTL_MS, FILTERED_CACHE_MAX);
  // Venue data is also cached (per slug) so a cached page costs no query at all.
  const venues = new TenantCache<GuestVenue | null>(CACHE_TTL_MS, CACHE_MAX);
  const stats = new GuestStats(stmts);
  const timer = setInterval(() => stats.flush(newRecordId), STATS_FLUSH_MS);
  timer.unref();
  ctx.onClose(() => {
    clearInterval(timer);
    stats.flush(newRecordId);
  });

  // Writes of other instances too (realtime bus): their pages and live updates are this instance's.
  events.onChange((event) => {
    const scope = scopeOf(stmts, event);
    if (!scope) return;
    // Only the changed tenant's pages: one organization's edits never slow down another's guests.
    pages.invalidate(scope);
    filteredPages.invalidate(scope);
    venues.invalidate(scope);
    if ((event.collection.name === 'options' && event.action === 'update') || event.collection.name === 'venue_options') {
      // An option sold out (or back), everywhere or at one venue: every open page showing a dish
      // with its group there hears it. The page marks options by their place, not their id
      // (render.ts `optionPlaces`): the places, and whether it is available at that venue, come from
      // the venue as its page is rendered (loaded afresh, the cache was just invalidated).
      const option = event.collection.name === 'options' ? event.row : optionsModuleRow(stmts, 'options', String(event.row.option));
      if (!option) return;
      const optionId = String(option.id);
      const shownAt = new Set(sectionsUsingOptionGroup(stmts, String(option.group)).flatMap((s) => venuesShowingSection(ctx, s)));
      for (const venueId of shownAt) {
        if (event.collection.name === 'venue_options' && venueId !== String(event.row.venue)) continue;
        const slug = venueById(stmts, venueId)?.slug;
        const venue = slug ? venueBySlug(String(slug)) : null;
        const at = venue ? optionPlaces(venue, optionId) : [];
        if (venue && at.length)
          hub.publishTopic(`guest/${venueId}`, { options: [{ id: optionId, available: optionAvailable(venue, optionId), at }] });
      }
      return;
    }
    if (event.collection.name === 'venue_items') {
      // A venue's own sold-out mark or prices: only that venue's open pages hear it (a delete: the item's own again).
      const item = menusModuleRow(stmts, 'items', String(event.row.item));
      const venueId = String(event.row.venue);
      if (!item || !venuesShowingSection(ctx, String(item.section)).includes(venueId)) return;
      const override = event.action === 'delete' ? undefined : event.row;
      hub.publishTopic(`guest/${venueId}`, { items: [liveItem(stmts, item, override, formatDateTime(config.now()))] });
      return;
    }
    if (event.collection.name !== 'items' || event.action !== 'update') return;
    // Open guest pages update sold-out badges and prices live, each venue's with its own override.
    const now = formatDateTime(config.now());
    for (const venueId of venuesShowingSection(ctx, String(event.row.section)))
      hub.publishTopic(`guest/${venueId}`, { items: [liveItem(stmts, event.row, overrideOf(stmts, venueId, String(event.row.id)), now)] });
  });

  ctx.bus.subscribe((message) => {
    if (message.kind !== 'flush') return;
    for (const cache of [pages, filteredPages, venues]) cache.clear();
  });

  const owner = (venue: GuestVenue) => ({ organization: venue.organization, venue: venue.id, slug: venue.slug });
  const page = (
    venue: GuestVenue,
    menuId: string | null,
    lang: string,
    languages: string[],
    filter: GuestFilter,
    q: string,
  ): CachedPage => {
    // A search is cached with the filtered pages (a guest's own words: few hits each).
    const filtered = isFiltered(filter) || q !== '';
    return (filtered ? filteredPages : pages).get(`${venue.slug}|${menuId ?? ''}|${lang}|${filterKey(filter)}|${q}`, () => {
      const { html, status, shown, found } = renderGuestPage({
        venue,
        menuId,
        lang,
        languages,
        now: weekMinuteIn(config.now(), venue.timezone),
        at: config.now(),
        baseUrl: config.appUrl,
        filter,
        q,
        live: hasEntitlement(ctx, venue.organization, 'liveSoldOut'),
      });
      const value = compress(html, status, shown, {}, filtered, venue.embedOrigins);
      if (q && found === false) value.noResult = true;
      return { value, owner: owner(venue) };
    });
  };

  const itemPage = (venue: GuestVenue, itemId: string, lang: string): { page: CachedPage; menu: string } | null => {
    const found = findItem(venue, itemId);
    if (!found) return null;
    const page = pages.get(`${venue.slug}|i/${itemId}|${lang}`, () => {
      const now = weekMinuteIn(config.now(), venue.timezone);
      const html = renderItemPage({
        venue,
        found,
        lang,
        languages: pageLanguages(venue, null),
        now,
        baseUrl: config.appUrl,
        menuPath: menuPathOf(venue, found.menu, now),
        path: `/m/${encodeURIComponent(venue.slug)}/i/${encodeURIComponent(itemId)}`,
      });
      return { value: compress(html, 200, [], {}, false, venue.embedOrigins), owner: owner(venue) };
    });
    return { page, menu: found.menu.id };
  };

  // Cached and invalidated with the pages, so it changes exactly when they do.
  const feed = (venue: GuestVenue, lang: string): CachedPage =>
    pages.get(`${venue.slug}|json|${lang}`, () => {
      const body = buildFeed({
        venue,
        lang,
        languages: pageLanguages(venue, null),
        now: weekMinuteIn(config.now(), venue.timezone),
        baseUrl: config.appUrl,
      });
      return { value: compress(JSON.stringify(body), 200, [], FEED_HEADERS), owner: owner(venue) };
    });

  const venueBySlug = (slug: string): GuestVenue | null =>
    venues.get(slug, () => {
      const loaded = loadGuestVenue(stmts, slug, formatDateTime(config.now()));
      const venue = loaded && withPlanFeatures(ctx, loaded);
      return { value: venue, owner: venue ? owner(venue) : { organization: '', venue: '', slug } };
    });

  // Cached like pages (the lapse state itself is decided per request, see `accessOf`).
  const unavailable = (venue: GuestVenue, lang: string): CachedPage =>
    pages.get(`${venue.slug}|!unavailable|${lang}`, () => ({
      value: compress(renderUnavailable(venue, lang), 503, [], UNAVAILABLE_HEADERS, false, venue.embedOrigins),
      owner: owner(venue),
    }));

  runtimes.set(ctx, {
    venueBySlug,
    page,
    itemPage,
    feed,
    unavailable,
    stats,
    pages,
    scans: new FixedWindowLimiter(SCAN_LIMIT.max, SCAN_LIMIT.windowMs),
    events: new FixedWindowLimiter(EVENT_LIMIT.max, EVENT_LIMIT.windowMs),
  });
}

/** How often guest pages were served from the cache and how often built (tests and diagnostics). */
export function guestPageCacheStats(ctx: AppContext): { hits: number; builds: number } {
  const stats = runtimes.get(ctx)?.pages.stats;
  return { hits: stats?.hits ?? 0, builds: stats?.builds ?? 0 };
}

/** Writes pending guest counters now (tests and shutdown). */
export function flushGuestStats(ctx: AppContext): void {
  runtimes.get(ctx)?.stats.flush(newRecordId);
}

/** The "not found" page in each shipped chrome language, built on first use (no venue, so no menu languages). */
const notFoundPages = new Map<string, CachedPage>();
function notFoundPage(request: FastifyRequest): CachedPage {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const lang = chooseLanguage(
    [...GUEST_CHROME_LANGUAGES],
    typeof query.lang === 'string' ? query.lang : '',
    String(request.headers['accept-language'] ?? ''),
  );
  let page = notFoundPages.get(lang);
  if (!page) {
    page = compress(renderNotFound(lang), 404);
    notFoundPages.set(lang, page);
  }
  return page;
}

function routes(app: FastifyInstance, ctx: AppContext): void {
  const runtime = () => {
    const rt = runtimes.get(ctx);
    if (!rt) throw new Error('guest menu module not registered');
    return rt;
  };

  // Synchronous on purpose: the cached page needs no await, so no promise per guest request.
  const handler = (
    request: FastifyRequest<{ Params: { slug: string; menuId?: string }; Querystring: Record<string, string> }>,
    reply: FastifyReply,
  ) => {
    const rt = runtime();
    const venue = rt.venueBySlug(request.params.slug);
    const menuId = request.params.menuId ?? null;
    if (!venue || (menuId && !venue.menus.some((m) => m.id === menuId))) return send(request, reply, notFoundPage(request));
    const languages = pageLanguages(venue, menuId);
    const lang = venueLanguage(venue, menuId, String(request.query.lang ?? ''), String(request.headers['accept-language'] ?? ''));
    // A printed QR code never answers 404 because of billing: after the grace period, a 503.
    if (accessOf(ctx, venue.billing) === 'unavailable') return send(request, reply, rt.unavailable(venue, lang));
    const result = rt.page(venue, menuId, lang, languages, parseFilter(request.query), parseQuery(request.query));
    if (request.method === 'GET') {
      const slot = localSlot(ctx.config.now(), venue.timezone);
      // A venue page showing a single menu is a view of that menu (top menus); with several, of none.
      const menu = menuId ?? (result.shown.length === 1 ? String(result.shown[0]) : '');
      // A search without JavaScript that found nothing: its words, folded, counted per day (never who
      // searched) — only as the form sends it (its `s=1` marker, search.ts): a language link or a
      // shared link carrying `q`, or a search a script already counted by beacon, has no marker, and
      // the form's URL is answered with a redirect to the same page without it, so a reload is not a
      // new search. The page view is counted once, on the redirect's target.
      if (request.query.s === SEARCH_SENT) {
        if (result.noResult) {
          const term = normalizeTerm(parseQuery(request.query));
          if (term) rt.stats.record(venue.organization, venue.id, menu, { ...slot, hour: 0 }, 'search', '', '', term);
        }
        const url = new URL(request.url, 'http://x');
        url.searchParams.delete('s');
        return reply.header('cache-control', 'no-store').redirect(url.pathname + url.search, 303);
      }
      rt.stats.record(venue.organization, venue.id, menu, slot, 'view', '');
      if (request.query.src === 'qr' && rt.scans.hit(`${rateLimitKey(clientIp(request, ctx.settings.get().trustedProxy))}|${venue.id}`)) {
        // Only the venue's own table labels become per-table counters: anyone can put any `t` in a URL.
        const table = String(request.query.t ?? '');
        rt.stats.record(venue.organization, venue.id, menu, slot, 'scan', venue.tables.has(table) ? table : '');
      }
    }
    return send(request, reply, result);
  };
  /**
   * A dish's page (item-page.ts): found by the same rules as the menu (the venue's published,
   * listed menus; its plan's schedules decide only where Back goes), 404 otherwise; counted as a
   * view of the dish (`item` hits: aggregate counters, no cookie, no identifier), whether a guest
   * opened it as a page or as the overlay on the menu (which fetches this page).
   */
  app.get<{ Params: { slug: string; itemId: string }; Querystring: Record<string, string> }>('/m/:slug/i/:itemId', (request, reply) => {
    const rt = runtime();
    const venue = rt.venueBySlug(request.params.slug);
    if (!venue) return send(request, reply, notFoundPage(request));
    const lang = venueLanguage(venue, null, String(request.query.lang ?? ''), String(request.headers['accept-language'] ?? ''));
    if (accessOf(ctx, venue.billing) === 'unavailable') return send(request, reply, rt.unavailable(venue, lang));
    const item = RECORD_ID_PATTERN.test(request.params.itemId) ? rt.itemPage(venue, request.params.itemId, lang) : null;
    if (!item) return send(request, reply, notFoundPage(request));
    if (request.method === 'GET')
      rt.stats.record(
        venue.organization,
        venue.id,
        item.menu,
        localSlot(ctx.config.now(), venue.timezone),
        'item',
        '',
        request.params.itemId,
      );
    return send(request, reply, item.page);
  });
  /**
   * A guest beacon (guest-events.ts): a search without result, a filter or a language used, on a
   * venue's published page. 204 when counted; 400 for a malformed event, 404 for an unknown venue
   * or menu, 413 past the size cap, 429 past the rate limit. Sets no cookie, stores no address.
   */
  app.post<{ Params: { slug: string } }>('/m/:slug/events', { bodyLimit: EVENT_BODY_LIMIT }, (request, reply) => {
    const rt = runtime();
    const venue = rt.venueBySlug(request.params.slug);
    if (!venue || accessOf(ctx, venue.billing) === 'unavailable') throw new ApiError(404);
    if (!rt.events.hit(`${rateLimitKey(clientIp(request, ctx.settings.get().trustedProxy))}|${venue.id}`)) throw new ApiError(429);
    const event = parseGuestEvent(request.body, (menu) =>
      menu && !venue.menus.some((m) => m.id === menu) ? null : pageLanguages(venue, menu || null),
    );
    // A venue page showing one menu counts its events as that menu's, as its views (see the handler).
    const menu = event.menu || (venue.menus.length === 1 ? String(venue.menus[0]?.id) : '');
    const slot = localSlot(ctx.config.now(), venue.timezone);
    rt.stats.record(venue.organization, venue.id, menu, { ...slot, hour: 0 }, event.kind, '', '', event.term);
    return reply.status(204).send();
  });
  // The page's search, filter and overlay script: content-addressed, so cached for a year.
  const script = compress(GUEST_SCRIPT, 200, [], {
    'content-type': 'text/javascript; charset=utf-8',
    'cache-control': 'public, max-age=31536000, immutable',
    vary: 'Accept-Encoding',
  });
  // The auto-height script of embeds (embed-script.ts): a stable URL in restaurants' websites, so cached a day, not forever.
  const embed = compress(embedScript(new URL(ctx.config.appUrl).origin), 200, [], {
    'content-type': 'text/javascript; charset=utf-8',
    'cache-control': 'public, max-age=86400',
    vary: 'Accept-Encoding',
  });
  app.get<{ Params: { file: string } }>('/m-assets/:file', (request, reply) => {
    const path = `/m-assets/${request.params.file}`;
    return send(request, reply, path === GUEST_SCRIPT_PATH ? script : path === EMBED_SCRIPT_PATH ? embed : notFoundPage(request));
  });
  /**
   * The venue's public read-only feed (feed.ts, shared/menu-feed.ts): the page's content as JSON,
   * the page's language choice and cache rules, CORS open (no cookies are ever involved). Not a
   * guest view: websites fetch it for their own pages. Slugs have no dot, so `/m/{slug}` never
   * meets this route.
   */
  app.get<{ Params: { slug: string }; Querystring: Record<string, string> }>('/m/:slug.json', (request, reply) => {
    void reply.headers(FEED_CORS);
    const rt = runtime();
    const venue = rt.venueBySlug(request.params.slug);
    // Only published menus have a feed: a venue listing none (or only drafts) has nothing to show.
    if (!venue || venue.menus.length === 0) throw new ApiError(404);
    if (accessOf(ctx, venue.billing) === 'unavailable') {
      void reply.headers(UNAVAILABLE_HEADERS);
      throw new ApiError(503, 'The menu is temporarily unavailable.');
    }
    const lang = venueLanguage(venue, null, String(request.query.lang ?? ''), String(request.headers['accept-language'] ?? ''));
    return send(request, reply, rt.feed(venue, lang));
  });
  app.options<{ Params: { slug: string } }>('/m/:slug.json', (request, reply) => {
    const requested = request.headers['access-control-request-headers'];
    return reply
      .headers({
        ...FEED_CORS,
        'access-control-allow-methods': 'GET, HEAD',
        ...(requested ? { 'access-control-allow-headers': String(requested) } : {}),
        'access-control-max-age': '86400',
      })
      .status(204)
      .send();
  });
  analyticsRoutes(app, ctx, () => flushGuestStats(ctx));
  previewRoutes(app, ctx);
  app.get('/m/:slug', handler);
  app.get('/m/:slug/:menuId', handler);
  // The neutral icon of guest pages without a logo; browsers also ask for /favicon.ico by habit.
  app.get(FAVICON_PATH, (_request, reply) =>
    reply.type('image/svg+xml').header('Cache-Control', 'public, max-age=86400').send(FAVICON_SVG),
  );

  // The venue's original PDF menu, shown to guests by the venue's own choice.
  app.get<{ Params: { slug: string } }>('/m/:slug/original.pdf', async (request, reply) => {
    const rt = runtime();
    const venue = rt.venueBySlug(request.params.slug);
    if (venue && accessOf(ctx, venue.billing) === 'unavailable') {
      const lang = venueLanguage(venue, null, '', String(request.headers['accept-language'] ?? ''));
      return send(request, reply, rt.unavailable(venue, lang));
    }
    const upload = venue ? originalMenuUpload(ctx.stmts, venue.id) : undefined;
    if (!upload?.file) return send(request, reply, notFoundPage(request));
    const collection = ctx.engine.collection('menu_uploads');
    const key = `${collection.id}/${upload.id}/${upload.file}`;
    const data = await ctx.storage.read(key);
    if (!data || (await sniffMime(data, upload.file)) !== 'application/pdf') return send(request, reply, notFoundPage(request));
    return reply
      .headers({
        'Content-Type': 'application/pdf',
        'Content-Disposition': 'inline; filename="menu.pdf"',
        'Cache-Control': 'public, max-age=300',
      })
      .send(data);
  });
}

/** The unsaved theme the staff app previews (`?layout=&font=&color=`), honoured by the preview only. */
interface PreviewTheme {
  layout?: Layout;
  font?: FontPairing;
  color?: string;
}

/** The preview's theme parameters, each optional and checked: a bad one is a 400 naming it. */
function previewTheme(query: Record<string, unknown>): PreviewTheme {
  const errors: Record<string, ReturnType<typeof fieldError>> = {};
  const one = (name: string): string | undefined => {
    const v = query[name];
    if (v === undefined) return undefined;
    if (typeof v === 'string') return v;
    errors[name] = fieldError('validation_invalid_value', 'Give this parameter once.');
    return undefined;
  };
  const layout = one('layout');
  const font = one('font');
  const color = one('color');
  if (layout !== undefined && !isLayout(layout)) errors.layout = fieldError('validation_invalid_value', `One of ${LAYOUTS.join(', ')}.`);
  if (font !== undefined && !isFontPairing(font))
    errors.font = fieldError('validation_invalid_value', `One of ${FONT_PAIRINGS.join(', ')}.`);
  const hex = color === undefined ? undefined : normalizeHex(color);
  if (color !== undefined && (!hex || !/^#?[0-9a-f]{6}$/i.test(color)))
    errors.color = fieldError('validation_invalid_value', 'A colour as #rrggbb.');
  if (Object.keys(errors).length) throw new ApiError(400, 'Invalid preview theme.', errors);
  return {
    ...(isLayout(layout) ? { layout } : {}),
    ...(isFontPairing(font) ? { font } : {}),
    ...(hex ? { color: hex } : {}),
  };
}

/** The previewed venue with the unsaved theme applied (the layout to its one menu). */
const withTheme = (venue: GuestVenue, theme: PreviewTheme): GuestVenue => ({
  ...venue,
  primaryColor: theme.color ?? venue.primaryColor,
  fontPairing: theme.font ?? venue.fontPairing,
  menus: theme.layout ? venue.menus.map((m) => ({ ...m, layout: theme.layout as Layout })) : venue.menus,
});

/** How long a staff preview link works. */
export const PREVIEW_TOKEN_SECONDS = 30 * 60;
const PREVIEW_HEADERS = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex' };

/**
 * `POST /api/menus/{id}/preview-link` {language} and `GET /m-preview/{token}`: the guest page of
 * one menu in one of its languages as guests would see it, even a draft or a language not yet
 * published (its missing texts fall back, marked, exactly as on the published page). The link is
 * signed and lasts 30 minutes, so the staff app can show it in an <iframe> without a session.
 */
function previewRoutes(app: FastifyInstance, ctx: AppContext): void {
  const menus = () => ctx.engine.collection('menus');
  app.post<{ Params: { menuId: string } }>('/api/menus/:menuId/preview-link', async (request) => {
    const req = requestInfo(request);
    if (!req.auth) throw new ApiError(401, 'The request requires valid record authorization token.');
    const menu = ctx.engine.access.findWithRule(menus(), request.params.menuId, TEAM_READ, req);
    if (!menu) throw new ApiError(404);
    const body =
      request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : {};
    const languages = JSON.parse(String(menu.languages ?? '[]')) as string[];
    if (typeof body.language !== 'string' || !languages.includes(body.language)) {
      const message = `Choose one of this menu's languages (${languages.join(', ') || 'none'}).`;
      throw new ApiError(400, message, { language: fieldError('validation_invalid_value', message) });
    }
    const token = await ctx.tokens.signDetached(menus(), 'menuPreview', PREVIEW_TOKEN_SECONDS, {
      menu: String(menu.id),
      lang: body.language,
    });
    return { url: `/m-preview/${token}` };
  });

  app.get<{ Params: { token: string }; Querystring: Record<string, unknown> }>('/m-preview/:token', (request, reply) => {
    const claims = ctx.tokens.verifyDetached(request.params.token, menus(), 'menuPreview');
    const now = ctx.config.now();
    const theme = previewTheme(request.query);
    const loaded =
      claims && typeof claims.menu === 'string' && typeof claims.lang === 'string'
        ? loadMenuPreview(ctx.stmts, claims.menu, claims.lang, formatDateTime(now))
        : null;
    if (!loaded || !claims) return send(request, reply, notFoundPage(request));
    const venue = withTheme(loaded, theme);
    const lang = String(claims.lang);
    const { html } = renderGuestPage({
      venue,
      menuId: String(claims.menu),
      lang,
      languages: [lang],
      now: weekMinuteIn(now, venue.timezone),
      at: now,
      baseUrl: ctx.config.appUrl,
      preview: true,
      itemBase: `/m-preview/${encodeURIComponent(request.params.token)}/i/`,
      live: hasEntitlement(ctx, venue.organization, 'liveSoldOut'),
    });
    return send(request, reply, compress(html, 200, [], PREVIEW_HEADERS));
  });

  // A dish of the previewed menu, as its guest page will show it (the preview's links point here).
  app.get<{ Params: { token: string; itemId: string } }>('/m-preview/:token/i/:itemId', (request, reply) => {
    const claims = ctx.tokens.verifyDetached(request.params.token, menus(), 'menuPreview');
    const now = ctx.config.now();
    const venue =
      claims && typeof claims.menu === 'string' && typeof claims.lang === 'string'
        ? loadMenuPreview(ctx.stmts, claims.menu, claims.lang, formatDateTime(now))
        : null;
    const found = venue && RECORD_ID_PATTERN.test(request.params.itemId) ? findItem(venue, request.params.itemId) : null;
    if (!venue || !claims || !found) return send(request, reply, notFoundPage(request));
    const base = `/m-preview/${encodeURIComponent(request.params.token)}`;
    const html = renderItemPage({
      venue,
      found,
      lang: String(claims.lang),
      languages: [String(claims.lang)],
      now: weekMinuteIn(now, venue.timezone),
      baseUrl: ctx.config.appUrl,
      menuPath: base,
      path: `${base}/i/${request.params.itemId}`,
      preview: true,
    });
    return send(request, reply, compress(html, 200, [], PREVIEW_HEADERS));
  });
}

export const guestMenuModule: ProductModule = {
  name: 'guest-menu',
  collections: [guestStatsCollection],
  register,
  routes,
  inlineScripts: [LIVE_SCRIPT, LANG_SWITCH_SCRIPT, COPY_SCRIPT],
};
