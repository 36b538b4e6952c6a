import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../core/errors.ts';
import { itemNames, menuNames } from '../menus/queries.ts';
import { requireMember } from '../tenancy.ts';
import { requireEntitlement } from '../entitlements.ts';
import { venueInOrganization, venueNames, venueTimezone, venueTimezonesOf } from '../venues/queries.ts';
import { scansPerTable, statsPerDay, statsPerVenue, topItemViews, topMenuViews, viewsPerWeekdayHour, type StatsWindow } from './queries.ts';
import { localSlot } from './stats.ts';

import type { GuestAnalytics } from '../../../shared/api.ts';

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
  const tables = scansPerTable(stmts, window, 50);
  const opened = topItemViews(stmts, window, 10);
  const itemName = itemNames(
    stmts,
    opened.map((r) => r.item),
  );
  const topItems = opened.map((r) => ({ item: r.item, name: itemName.get(r.item) ?? '', views: r.views }));
  return { from, to, days: dayList, heatmap, topMenus, topItems, venues, tables };
}

function csvCell(v: unknown): string {
  const s = String(v ?? '');
  // Quote always; neutralise spreadsheet formulas.
  return `"${(/^[=+\-@]/.test(s) ? `'${s}` : s).replace(/"/g, '""')}"`;
}

/** `GET /api/analytics/guests?organization=&venue=&days=30` (JSON) and `.csv` (daily rows). */
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
    return guestAnalytics(ctx, organization, venue, days);
  };
  app.get('/api/analytics/guests', async (request) => {
    flush(); // counters still in memory are included
    return parse(request);
  });
  app.get('/api/analytics/guests.csv', async (request, reply) => {
    flush(); // counters still in memory are included
    const data = parse(request);
    const lines = [
      ['day', 'views', 'scans'].map(csvCell).join(','),
      ...data.days.map((d) => [d.day, d.views, d.scans].map(csvCell).join(',')),
    ];
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="guest-analytics-${data.from}-${data.to}.csv"`)
      .send(`${lines.join('\r\n')}\r\n`);
  });
}
