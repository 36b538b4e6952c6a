import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClientResponseError } from 'pocketbase';
import { pb } from '../../lib/pb.ts';
import { fileNameFromDisposition } from '../../lib/download-file.ts';
import {
  busiestSlots,
  dayLabel,
  downloadGuestCsv,
  guestQuery,
  heatLevel,
  heatmapRows,
  hourRange,
  isEmpty,
  labelledDays,
  niceMax,
  percent,
  sparklinePoints,
  totals,
  venueBreakdown,
  weekdayName,
  type GuestAnalytics,
} from './guest-analytics-data.ts';

const grid = (set: [weekday: number, hour: number, views: number][] = []) => {
  const h = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  for (const [w, hour, v] of set) (h[w] as number[])[hour] = v;
  return h;
};

const analytics = (days: GuestAnalytics['days']): GuestAnalytics => ({
  from: '',
  to: '',
  days,
  heatmap: grid(),
  topMenus: [],
  topItems: [],
  venues: [],
  tables: [],
  searches: [],
  filters: [],
  languages: [],
});

describe('guest analytics shaping', () => {
  it('draws a sparkline across the width, the busiest day at the top and zero on the baseline', () => {
    expect(sparklinePoints([0, 2, 1, 0, 4], 96, 24, 2)).toBe('0,22 24,12 48,17 72,22 96,2');
    expect(sparklinePoints([0, 0, 0], 96, 24, 2)).toBe('0,22 48,22 96,22');
    expect(sparklinePoints([3], 96, 24, 2)).toBe('48,2');
    expect(sparklinePoints([], 96, 24)).toBe('');
  });

  it('builds the query of the analytics routes', () => {
    expect(guestQuery('org1', '')).toBe('organization=org1&days=30');
    expect(guestQuery('org1', 'ven1', 7)).toBe('organization=org1&days=7&venue=ven1');
  });

  it('sums the days and knows when there is nothing to show', () => {
    const days = [
      { day: '2025-06-01', views: 3, scans: 1 },
      { day: '2025-06-02', views: 5, scans: 2 },
    ];
    expect(totals(days)).toEqual({ views: 8, scans: 3 });
    expect(totals([])).toEqual({ views: 0, scans: 0 });
    expect(isEmpty(analytics(days))).toBe(false);
    expect(isEmpty(analytics([{ day: '2025-06-01', views: 0, scans: 0 }]))).toBe(true);
  });

  it.each([
    [0, 4],
    [1, 4],
    [4, 4],
    [5, 6],
    [7, 8],
    [9, 10],
    [10, 10],
    [11, 20],
    [23, 30],
    [47, 50],
    [61, 80],
    [150, 200],
    [1234, 2000],
  ])('rounds an axis maximum of %i up to %i with a whole middle line', (max, nice) => {
    expect(niceMax(max)).toBe(nice);
    expect(Number.isInteger(niceMax(max) / 2)).toBe(true);
  });

  it('sizes bars as percentages, keeping tiny non-zero values visible', () => {
    expect(percent(0, 10)).toBe(0);
    expect(percent(5, 10)).toBe(50);
    expect(percent(1, 1000)).toBe(2);
    expect(percent(20, 10)).toBe(100);
    expect(percent(3, 0)).toBe(0);
  });

  it('labels the server’s days without shifting them into the browser’s zone', () => {
    expect(dayLabel('2025-06-03', undefined, 'en-US')).toBe('Jun 3');
    expect(dayLabel('2025-01-01', { weekday: 'short', month: 'short', day: 'numeric' }, 'en-US')).toBe('Wed, Jan 1');
    expect(dayLabel('not-a-day')).toBe('not-a-day');
  });

  it('labels about one day a week, always the last, the first when there is room', () => {
    expect(labelledDays(30)).toEqual([1, 8, 15, 22, 29]);
    expect(labelledDays(31)).toEqual([2, 9, 16, 23, 30]);
    expect(labelledDays(7)).toEqual([0, 6]);
    expect(labelledDays(12)).toEqual([0, 4, 11]);
    expect(labelledDays(0)).toEqual([]);
  });

  it('names weekdays from Sunday = 0 and hours as ranges', () => {
    expect([0, 1, 6].map((d) => weekdayName(d, 'en-US'))).toEqual(['Sun', 'Mon', 'Sat']);
    expect(weekdayName(5, 'en-US', 'long')).toBe('Friday');
    expect(hourRange(18)).toBe('18:00–19:00');
    expect(hourRange(23)).toBe('23:00–00:00');
  });

  it('orders heatmap rows Monday first and fills missing values', () => {
    const rows = heatmapRows([[1], [2, 3]]);
    expect(rows.map((r) => r.weekday)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(rows[0]?.values.slice(0, 3)).toEqual([2, 3, 0]);
    expect(rows[6]?.values[0]).toBe(1);
    expect(rows.every((r) => r.values.length === 24)).toBe(true);
  });

  it('maps heat to five levels', () => {
    expect([0, 1, 25, 26, 50, 75, 100].map((v) => heatLevel(v, 100))).toEqual([0, 1, 1, 2, 2, 3, 4]);
    expect(heatLevel(5, 0)).toBe(0);
  });

  it('finds the busiest weekday-hours, ties in week order', () => {
    const h = grid([
      [5, 19, 12],
      [6, 20, 12],
      [0, 12, 3],
      [1, 9, 12],
      [2, 8, 1],
    ]);
    expect(busiestSlots(h, 3)).toEqual([
      { weekday: 1, hour: 9, views: 12 },
      { weekday: 5, hour: 19, views: 12 },
      { weekday: 6, hour: 20, views: 12 },
    ]);
    expect(busiestSlots(grid())).toEqual([]);
  });

  it('lists every venue, busiest first, venues without visits at zero', () => {
    const rows = venueBreakdown(
      [
        { venue: 'b', name: 'Bistro', views: 9, scans: 4 },
        { venue: 'gone', name: 'Old place', views: 2, scans: 0 },
      ],
      [
        { id: 'a', name: 'Alpha' },
        { id: 'b', name: 'Bistro' },
        { id: 'c', name: 'Café' },
      ],
    );
    expect(rows).toEqual([
      { venue: 'b', name: 'Bistro', views: 9, scans: 4 },
      { venue: 'gone', name: 'Old place', views: 2, scans: 0 },
      { venue: 'a', name: 'Alpha', views: 0, scans: 0 },
      { venue: 'c', name: 'Café', views: 0, scans: 0 },
    ]);
  });

  it('reads the file name of a download', () => {
    expect(fileNameFromDisposition('attachment; filename="guest-analytics-2025-05-05-2025-06-03.csv"', 'x.csv')).toBe(
      'guest-analytics-2025-05-05-2025-06-03.csv',
    );
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''caf%C3%A9.csv", 'x.csv')).toBe('café.csv');
    expect(fileNameFromDisposition('attachment; filename="../../etc.csv"', 'x.csv')).toBe('.._.._etc.csv');
    expect(fileNameFromDisposition(null, 'x.csv')).toBe('x.csv');
  });
});

describe('CSV download', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('fetches with the auth token and saves the file under the server’s name', async () => {
    pb.authStore.save('token-123', null);
    const fetchMock = vi.fn(
      async () =>
        new Response('"day","views","scans"\r\n', {
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="guest-analytics-2025-05-05-2025-06-03.csv"',
          },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const clicks: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    expect(await downloadGuestCsv('org1', 'ven1')).toBe('guest-analytics-2025-05-05-2025-06-03.csv');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/api/analytics/guests.csv?organization=org1&days=30&venue=ven1');
    expect(init.headers).toEqual({ Authorization: 'token-123' });
    expect(clicks).toEqual(['guest-analytics-2025-05-05-2025-06-03.csv']);
    click.mockRestore();
    pb.authStore.clear();
  });

  it('throws the SDK’s error with the server’s message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ status: 403, message: 'Only members see analytics.', data: {} }, { status: 403 })),
    );
    const err = await downloadGuestCsv('org1', '').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ClientResponseError);
    expect(err).toMatchObject({ status: 403, message: 'Only members see analytics.' });
  });
});
