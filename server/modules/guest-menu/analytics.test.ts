import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, seed, superuserRequest, type TestApp } from '../../test/test-app.ts';
import { flushGuestStats } from './index.ts';
import { guestAnalytics } from './analytics.ts';

/**
 * The analytics window in the venues' local dates, on a fixed clock: Sunday 2025-06-01 22:30 UTC
 * is already Monday 00:30 in Vienna and still Sunday 18:30 in New York.
 */
let t: TestApp;
let org = '';
let wien = '';
let nyc = '';

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date('2025-06-01T22:30:00Z') });
  const user = await seed(t.ctx, 'users', {
    email: 'owner@example.com',
    password: 'owner-password',
    passwordConfirm: 'owner-password',
    verified: true,
  });
  org = String(t.ctx.stmts.get('SELECT currentOrganization AS o FROM users WHERE id = ?', [String(user.id)])?.o);
  await t.ctx.engine.update(
    t.ctx.engine.collection('organizations'),
    org,
    { data: { subscriptionStatus: 'active' }, files: {}, fromForm: false },
    superuserRequest(t.ctx),
  );
  const menu = await seed(t.ctx, 'menus', { organization: org, name: 'Menu', status: 'published', languages: ['en'] });
  wien = String(
    (await seed(t.ctx, 'venues', { organization: org, name: 'Wien', timezone: 'Europe/Vienna', primaryColor: '#0f766e', menus: [menu.id] }))
      .id,
  );
  nyc = String(
    (
      await seed(t.ctx, 'venues', {
        organization: org,
        name: 'NYC',
        timezone: 'America/New_York',
        primaryColor: '#0f766e',
        menus: [menu.id],
      })
    ).id,
  );
  await t.app.inject({ method: 'GET', url: '/m/wien?src=qr&t=3' });
  await t.app.inject({ method: 'GET', url: '/m/nyc' });
  flushGuestStats(t.ctx);
});

afterAll(async () => {
  await t.close();
});

describe('guest analytics window', () => {
  it('ends all venues on the latest local today, so a venue ahead of UTC keeps its newest visits', () => {
    const data = guestAnalytics(t.ctx, org, '', 7);
    expect(data).toMatchObject({ from: '2025-05-27', to: '2025-06-02' });
    expect(data.days.map((d) => d.day)).toEqual([
      '2025-05-27',
      '2025-05-28',
      '2025-05-29',
      '2025-05-30',
      '2025-05-31',
      '2025-06-01',
      '2025-06-02',
    ]);
    expect(data.days.slice(-2)).toEqual([
      { day: '2025-06-01', views: 1, scans: 0 },
      { day: '2025-06-02', views: 1, scans: 1 },
    ]);
    // Local weekday and hour: Monday 00:00 in Vienna, Sunday 18:00 in New York.
    expect(data.heatmap[1]?.[0]).toBe(1);
    expect(data.heatmap[0]?.[18]).toBe(1);
  });

  it('ends one venue on its own today', () => {
    expect(guestAnalytics(t.ctx, org, nyc, 3)).toMatchObject({
      from: '2025-05-30',
      to: '2025-06-01',
      days: [{ day: '2025-05-30' }, { day: '2025-05-31' }, { day: '2025-06-01', views: 1 }],
    });
    expect(guestAnalytics(t.ctx, org, wien, 1).days).toEqual([{ day: '2025-06-02', views: 1, scans: 1 }]);
  });

  it('always answers exactly the days asked for, across month ends', () => {
    const data = guestAnalytics(t.ctx, org, '', 30);
    expect(data.days).toHaveLength(30);
    expect(data.days[0]?.day).toBe('2025-05-04');
    expect(new Set(data.days.map((d) => d.day)).size).toBe(30);
  });
});
