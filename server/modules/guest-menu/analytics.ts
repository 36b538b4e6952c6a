import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../core/errors.ts';
import { localSlot } from './stats.ts';

import type { GuestAnalytics } from '../../../shared/api.ts';

export type { GuestAnalytics };

const MAX_DAYS = 366;

/** The caller's organization if they are a verified member of it (analytics are members-only). */
function memberOrganization(ctx: AppContext, request: FastifyRequest, organization: string): string {
  const auth = request.auth;
  if (!auth) throw new ApiError(401, 'The request requires valid record authorization token.');
  if (auth.collection.name === '_superusers') return organization;
  if (auth.collection.name !== 'users' || auth.row.verified !== 1) throw new ApiError(403);
  if (!ctx.stmts.get('SELECT 1 FROM memberships WHERE organization = ? AND user = ?', [organization, String(auth.row.id)])) throw new ApiError(403);
  return organization;
}

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
  const zones = venue
    ? [String(ctx.stmts.get('SELECT timezone FROM venues WHERE id = ?', [venue])?.timezone || 'UTC')]
    : ctx.stmts.all('SELECT DISTINCT timezone FROM venues WHERE organization = ?', [organization]).map((r) => String(r.timezone || 'UTC'));
  const now = ctx.config.now();
  const to = (zones.length ? zones : ['UTC']).map((tz) => localSlot(now, tz).day).sort().at(-1) as string;
  const from = addDays(to, 1 - days);
  const where = `organization = ? AND day >= ? AND day <= ?${venue ? ' AND venue = ?' : ''}`;
  const params = venue ? [organization, from, to, venue] : [organization, from, to];
  const perDay = ctx.stmts.all(`SELECT day, SUM(CASE WHEN kind = 'view' THEN count ELSE 0 END) AS views, SUM(CASE WHEN kind = 'scan' THEN count ELSE 0 END) AS scans FROM guest_stats WHERE ${where} GROUP BY day`, params);
  const byDay = new Map(perDay.map((r) => [String(r.day), { views: Number(r.views), scans: Number(r.scans) }]));
  const dayList: GuestAnalytics['days'] = Array.from({ length: days }, (_, i) => {
    const day = addDays(from, i);
    return { day, ...(byDay.get(day) ?? { views: 0, scans: 0 }) };
  });
  const heatmap = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  for (const r of ctx.stmts.all(`SELECT weekday, hour, SUM(count) AS n FROM guest_stats WHERE ${where} AND kind = 'view' GROUP BY weekday, hour`, params)) {
    const row = heatmap[Number(r.weekday)];
    if (row) row[Number(r.hour)] = Number(r.n);
  }
  const topMenus = ctx.stmts.all(
    `SELECT g.menu AS menu, COALESCE(m.name, '') AS name, SUM(g.count) AS views FROM guest_stats g LEFT JOIN menus m ON m.id = g.menu WHERE g.${where.replace(/ AND /g, ' AND g.')} AND g.kind = 'view' AND g.menu != '' GROUP BY g.menu ORDER BY views DESC LIMIT 10`,
    params,
  ).map((r) => ({ menu: String(r.menu), name: String(r.name), views: Number(r.views) }));
  const venues = ctx.stmts.all(
    `SELECT g.venue AS venue, COALESCE(v.name, '') AS name, SUM(CASE WHEN g.kind = 'view' THEN g.count ELSE 0 END) AS views, SUM(CASE WHEN g.kind = 'scan' THEN g.count ELSE 0 END) AS scans FROM guest_stats g LEFT JOIN venues v ON v.id = g.venue WHERE g.${where.replace(/ AND /g, ' AND g.')} GROUP BY g.venue ORDER BY views DESC`,
    params,
  ).map((r) => ({ venue: String(r.venue), name: String(r.name), views: Number(r.views), scans: Number(r.scans) }));
  const tables = ctx.stmts.all(`SELECT tableNo, SUM(count) AS n FROM guest_stats WHERE ${where} AND kind = 'scan' AND tableNo != '' GROUP BY tableNo ORDER BY n DESC LIMIT 50`, params)
    .map((r) => ({ tableNo: String(r.tableNo), scans: Number(r.n) }));
  return { from, to, days: dayList, heatmap, topMenus, venues, tables };
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
    const organization = memberOrganization(ctx, request, String(q.organization ?? ''));
    const days = Math.min(MAX_DAYS, Math.max(1, Number.parseInt(String(q.days ?? '30'), 10) || 30));
    const venue = String(q.venue ?? '');
    if (venue && !ctx.stmts.get('SELECT 1 FROM venues WHERE id = ? AND organization = ?', [venue, organization])) throw new ApiError(404);
    return guestAnalytics(ctx, organization, venue, days);
  };
  app.get('/api/analytics/guests', async (request) => {
    flush(); // counters still in memory are included
    return parse(request);
  });
  app.get('/api/analytics/guests.csv', async (request, reply) => {
    flush(); // counters still in memory are included
    const data = parse(request);
    const lines = [['day', 'views', 'scans'].map(csvCell).join(','), ...data.days.map((d) => [d.day, d.views, d.scans].map(csvCell).join(','))];
    return reply.header('Content-Type', 'text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="guest-analytics-${data.from}-${data.to}.csv"`).send(`${lines.join('\r\n')}\r\n`);
  });
}
