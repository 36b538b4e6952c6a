import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../core/errors.ts';
import { itemNames, menuNames } from '../menus/queries.ts';
import { requireMember } from '../tenancy.ts';
import { requireEntitlement } from '../entitlements.ts';
import { venueInOrganization, venueNames, venueTimezone, venueTimezonesOf } from '../venues/queries.ts';
import {
  eventTerms,
  itemViewsPerDay,
  scansPerTable,
  statsPerDay,
  statsPerVenue,
  topItemViews,
  topMenuViews,
  viewsPerWeekdayHour,
  type StatsWindow,
} from './queries.ts';
import { localSlot } from './stats.ts';

import { SEARCH_MIN_COUNT, type GuestAnalytics } from '../../../shared/api.ts';

export type { GuestAnalytics };

const MAX_DAYS = 366;

/** The date `n` days after a `YYYY-MM-DD` date (calendar arithmetic, no time zone involved). */
function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/**
 * Aggregates of the last `days` days for an organization, optionally one venue. Days are the
 * venues' local dates: one venue's window ends on its today; all venues' on the latest today
 * among them, so a venue ahead of UTC never loses its newest day.
 */
export function guestAnalytics(ctx: AppContext, organization: string, venue: string, days: number): GuestAnalytics {
  const { stmts } = ctx;
  const zones = venue ? [venueTimezone(stmts, venue) || 'UTC'] : venueTimezonesOf(stmts, organization).map((tz) => tz || 'UTC');
  const now = ctx.config.now();
  const to = (zones.length ? zones : ['UTC'])
    .map((tz) => localSlot(now, tz).day)
    .sort()
    .at(-1) as string;
  const from = addDays(to, 1 - days);
  const window: StatsWindow = { organization, from, to, venue };
  const byDay = new Map(statsPerDay(stmts, window).map((r) => [r.day, { views: r.views, scans: r.scans }]));
  const dayList: GuestAnalytics['days'] = Array.from({ length: days }, (_, i) => {
    const day = addDays(from, i);
    return { day, ...(byDay.get(day) ?? { views: 0, scans: 0 }) };
  });
  const heatmap = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  for (const r of viewsPerWeekdayHour(stmts, window)) {
    const row = heatmap[r.weekday];
    if (row) row[r.hour] = r.views;
  }
  // Names come from the modules that own menus and venues ('' once deleted).
  const top = topMenuViews(stmts, window, 10);
  const menuName = menuNames(
    stmts,
    top.map((r) => r.menu),
  );
  const topMenus = top.map((r) => ({ menu: r.menu, name: menuName.get(r.menu) ?? '', views: r.views }));
  const perVenue = statsPerVenue(stmts, window);
  const venueName = venueNames(
    stmts,
    perVenue.map((r) => r.venue),
  );
  const venues = perVenue.map((r) => ({ venue: r.venue, name: venueName.get(r.venue) ?? '', views: r.views, scans: r.scans }));
  const perTable = scansPerTable(stmts, window, 50);
  const tableVenue = venueNames(stmts, [...new Set(perTable.map((r) => r.venue))]);
  const tables = perTable.map((r) => ({ ...r, name: tableVenue.get(r.venue) ?? '' }));
  const opened = topItemViews(stmts, window, 10);
  const itemName = itemNames(
    stmts,
    opened.map((r) => r.item),
  );
  const dayIndex = new Map(dayList.map((d, i) => [d.day, i]));
  const perItemDay = new Map(opened.map((r) => [r.item, dayList.map(() => 0)]));
  for (const r of itemViewsPerDay(
    stmts,
    window,
    opened.map((o) => o.item),
  )) {
    const series = perItemDay.get(r.item);
    const i = dayIndex.get(r.day);
    if (series && i !== undefined) series[i] = r.views;
  }
  const topItems = opened.map((r) => ({
    item: r.item,
    name: itemName.get(r.item) ?? '',
    views: r.views,
    days: perItemDay.get(r.item) ?? [],
  }));
  return {
    from,
    to,
    days: dayList,
    heatmap,
    topMenus,
    topItems,
    venues,
    tables,
    searches: eventTerms(stmts, window, 'search', SEARCH_MIN_COUNT, 50),
    filters: eventTerms(stmts, window, 'filter', 1, 50),
    languages: eventTerms(stmts, window, 'lang', 1, 50),
  };
}

/** Every item's opens per day of the window (the CSV's `dish` rows), not only the top ten. */
function allItemDays(ctx: AppContext, data: GuestAnalytics, organization: string, venue: string) {
  const window: StatsWindow = { organization, from: data.from, to: data.to, venue };
  const items = topItemViews(ctx.stmts, window, 10_000);
  const names = itemNames(
    ctx.stmts,
    items.map((r) => r.item),
  );
  return itemViewsPerDay(
    ctx.stmts,
    window,
    items.map((r) => r.item),
  )
    .map((r) => ({ ...r, name: names.get(r.item) ?? '' }))
    .sort((a, b) => a.day.localeCompare(b.day) || b.views - a.views || a.name.localeCompare(b.name));
}

export function csvCell(v: unknown): string {
  const s = String(v ?? '');
  // Quote always; neutralise spreadsheet formulas (also behind a tab or carriage return).
  return `"${(/^[=+\-@\t\r]/.test(s) ? `'${s}` : s).replace(/"/g, '""')}"`;
}

/**
 * The analytics as one CSV table, a row per figure: `section` says what it counts — `views` and
 * `scans` per day (every day of the window), `dish` opens per dish and day, and over the whole
 * window `search` (searches without result, seen at least SEARCH_MIN_COUNT times), `filter`,
 * `language` and `table` (scans; `name` is the venue).
 */
export function analyticsCsv(data: GuestAnalytics, dishes: { day: string; item: string; name: string; views: number }[]): string {
  const rows: unknown[][] = [
    ['section', 'day', 'key', 'name', 'count'],
    ...data.days.map((d) => ['views', d.day, '', '', d.views]),
    ...data.days.map((d) => ['scans', d.day, '', '', d.scans]),
    ...dishes.map((d) => ['dish', d.day, d.item, d.name, d.views]),
    ...data.searches.map((s) => ['search', '', s.term, '', s.count]),
    ...data.filters.map((s) => ['filter', '', s.term, '', s.count]),
    ...data.languages.map((s) => ['language', '', s.term, '', s.count]),
    ...data.tables.map((s) => ['table', '', s.tableNo, s.name, s.scans]),
  ];
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** `GET /api/analytics/guests?organization=&venue=&days=30` (JSON) and `.csv` (analyticsCsv). */
export function analyticsRoutes(app: FastifyInstance, ctx: AppContext, flush: () => void): void {
  const parse = (request: FastifyRequest) => {
    const q = request.query as Record<string, string | undefined>;
    // Members only; superusers read what an owner reads (see tenancy.ts).
    const organization = String(q.organization ?? '');
    requireMember(ctx, request.auth, organization);
    // Reading them is the plan feature; guests are counted on every plan (aggregates, no personal data), so an upgrade shows the history.
    requireEntitlement(ctx, organization, 'analytics');
    const days = Math.min(MAX_DAYS, Math.max(1, Number.parseInt(String(q.days ?? '30'), 10) || 30));
    const venue = String(q.venue ?? '');
    if (venue && !venueInOrganization(ctx.stmts, venue, organization)) throw new ApiError(404);
    return { data: guestAnalytics(ctx, organization, venue, days), organization, venue };
  };
  app.get('/api/analytics/guests', async (request) => {
    flush(); // counters still in memory are included
    return parse(request).data;
  });
  app.get('/api/analytics/guests.csv', async (request, reply) => {
    flush(); // counters still in memory are included
    const { data, organization, venue } = parse(request);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="guest-analytics-${data.from}-${data.to}.csv"`)
      .send(analyticsCsv(data, allItemDays(ctx, data, organization, venue)));
  });
}
