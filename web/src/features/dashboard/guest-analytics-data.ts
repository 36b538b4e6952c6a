/**
 * Guest analytics of the dashboard: the server's aggregates (`GET /api/analytics/guests`), read
 * with swr, and the pure shaping the charts need (totals, axis, heatmap levels, breakdowns).
 */
import useSWR from 'swr';
import { pb } from '../../lib/pb.ts';
import { FULL_LIST_BATCH } from '../../../../shared/constants.ts';
import { downloadFile } from '../../lib/download-file.ts';

/** The dashboard looks back this many days (today included). */
export const GUEST_DAYS = 30;

import type { GuestAnalytics } from '../../../../shared/api.ts';

export type { GuestAnalytics };

export const guestKeys = {
  analytics: (organizationId: string, venueId: string) => ['dashboard-guests', organizationId, venueId] as const,
};

/** The query string of the analytics routes (`venue` empty: every venue of the organization). */
export function guestQuery(organizationId: string, venueId: string, days = GUEST_DAYS): string {
  const q = new URLSearchParams({ organization: organizationId, days: String(days) });
  if (venueId) q.set('venue', venueId);
  return q.toString();
}

/** The last 30 days of guest figures; refreshed every minute while the dashboard is open. */
export function useGuestAnalytics(organizationId: string | undefined, venueId: string) {
  return useSWR(
    organizationId ? guestKeys.analytics(organizationId, venueId) : null,
    () => pb.send<GuestAnalytics>(`/api/analytics/guests?${guestQuery(organizationId as string, venueId)}`, { method: 'GET' }),
    { refreshInterval: 60_000, keepPreviousData: true },
  );
}

/**
 * Downloads the daily CSV (saved under the server's file name).
 */
export function downloadGuestCsv(organizationId: string, venueId: string): Promise<string> {
  return downloadFile(`/api/analytics/guests.csv?${guestQuery(organizationId, venueId)}`, 'guest-analytics.csv');
}

/* ---------- Pure shaping ---------- */

export function totals(days: GuestAnalytics['days']): { views: number; scans: number } {
  return days.reduce((t, d) => ({ views: t.views + d.views, scans: t.scans + d.scans }), { views: 0, scans: 0 });
}

/** True when there is nothing to chart: no view and no scan in the period. */
export function isEmpty(data: GuestAnalytics): boolean {
  const t = totals(data.days);
  return t.views === 0 && t.scans === 0;
}

/** The smallest "nice" axis maximum (1–10 × 10ⁿ, with a whole half for the middle line) at or above `max`; at least 4. */
export function niceMax(max: number): number {
  if (!(max > 4)) return 4;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 3, 4, 5, 6, 8, 10]) {
    const candidate = step * power;
    if (candidate >= max && Number.isInteger(candidate / 2)) return candidate;
  }
  return 10 * power;
}

/** `value` as a percentage of `max` (0–100), for bar lengths; a non-zero value is at least 2 %. */
export function percent(value: number, max: number): number {
  if (max <= 0 || value <= 0) return 0;
  return Math.max(2, Math.min(100, (value / max) * 100));
}

const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);

/** Intl formatters are slow to create, and the charts label hundreds of cells: one per locale and options, kept. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function utcFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    dateFormats.set(key, format);
  }
  return format;
}

/** "Jun 3" (the day as the server counted it, never shifted by the browser's zone). */
export function dayLabel(day: string, options: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' }, locale?: string): string {
  const d = utcDay(day);
  return Number.isNaN(d.getTime()) ? day : utcFormat(locale, options).format(d);
}

/** Indexes of the days that get an axis label: about one a week, always the first and the last. */
export function labelledDays(count: number, every = 7): number[] {
  if (count <= 0) return [];
  const out: number[] = [];
  for (let i = count - 1; i >= 0; i -= every) out.unshift(i);
  // Keep the first day too unless it would crowd the next label.
  if (out[0] !== 0 && (out[0] ?? 0) >= every / 2) out.unshift(0);
  return out;
}

/** Short weekday name of 0 = Sunday … 6 = Saturday. */
export function weekdayName(weekday: number, locale?: string, style: 'short' | 'long' = 'short'): string {
  // 2024-01-07 was a Sunday.
  return utcFormat(locale, { weekday: style }).format(new Date(Date.UTC(2024, 0, 7 + weekday)));
}

/** "18:00–19:00". */
export function hourRange(hour: number): string {
  const h = (n: number) => `${String(n % 24).padStart(2, '0')}:00`;
  return `${h(hour)}–${h(hour + 1)}`;
}

/** Monday first, as most of our venues' calendars. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** The heatmap's rows in display order, each with 24 hourly values (missing values are 0). */
export function heatmapRows(heatmap: number[][]): { weekday: number; values: number[] }[] {
  return WEEK_ORDER.map((weekday) => ({ weekday, values: Array.from({ length: 24 }, (_, h) => Number(heatmap[weekday]?.[h] ?? 0)) }));
}

/** Colour level 0 (none) … 4 (busiest) of a heatmap value. */
export function heatLevel(value: number, max: number): 0 | 1 | 2 | 3 | 4 {
  if (value <= 0 || max <= 0) return 0;
  return Math.min(4, Math.max(1, Math.ceil((value / max) * 4))) as 1 | 2 | 3 | 4;
}

/** The `count` busiest weekday-hours, busiest first (ties: earlier in the week, then earlier hour). */
export function busiestSlots(heatmap: number[][], count = 3): { weekday: number; hour: number; views: number }[] {
  const slots = heatmapRows(heatmap).flatMap((row, order) =>
    row.values.map((views, hour) => ({ weekday: row.weekday, hour, views, order })),
  );
  return slots
    .filter((s) => s.views > 0)
    .sort((a, b) => b.views - a.views || a.order - b.order || a.hour - b.hour)
    .slice(0, count)
    .map(({ weekday, hour, views }) => ({ weekday, hour, views }));
}

export interface VenueRow {
  venue: string;
  name: string;
  views: number;
  scans: number;
}

/**
 * Every venue of the organization with its figures (venues without visits included, at 0),
 * busiest first, then by name; venues only the server knows (e.g. renamed) keep its name.
 */
export function venueBreakdown(stats: GuestAnalytics['venues'], venues: { id: string; name: string }[]): VenueRow[] {
  const byId = new Map(stats.map((s) => [s.venue, s]));
  const rows: VenueRow[] = venues.map((v) => ({
    venue: v.id,
    name: v.name,
    views: byId.get(v.id)?.views ?? 0,
    scans: byId.get(v.id)?.scans ?? 0,
  }));
  for (const s of stats) if (!venues.some((v) => v.id === s.venue)) rows.push({ ...s });
  return rows.sort((a, b) => b.views - a.views || b.scans - a.scans || a.name.localeCompare(b.name));
}

/**
 * The `points` of a sparkline's polyline: one point per value, left to right across `width`, the
 * largest value `pad` below the top and zero on the baseline (`pad` above the bottom).
 */
export function sparklinePoints(values: readonly number[], width: number, height: number, pad = 0): string {
  if (!values.length) return '';
  const max = Math.max(0, ...values);
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  const round = (v: number) => Math.round(v * 100) / 100;
  return values
    .map((v, i) => {
      const y = height - pad - (max > 0 ? (Math.max(0, v) / max) * (height - 2 * pad) : 0);
      return `${round(values.length > 1 ? i * step : width / 2)},${round(y)}`;
    })
    .join(' ');
}

/**
 * The organization's venues by name, the venue filter's choices: ids and names only, under the
 * dashboard's own key, so the dashboard does not load the menu screens' data code (and its schemas)
 * for a list of names.
 */
export function useVenueChoices(organizationId: string) {
  return useSWR(['dashboard-venues', organizationId], async () => {
    const list = await pb.collection('venues').getFullList({
      batch: FULL_LIST_BATCH,
      filter: pb.filter('organization = {:org}', { org: organizationId }),
      sort: 'name',
      fields: 'id,name',
    });
    return list.map((v) => ({ id: v.id, name: String(v.name ?? '') }));
  });
}
