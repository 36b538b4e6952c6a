import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { seed, superuserRequest } from '../../server/test/test-app.ts';
import type { SqlParam } from '../../server/db/statements.ts';
import { hasBrowser, screenshot, startE2E, type E2E } from './harness.ts';

/**
 * The dashboard's guest analytics in a real browser: the empty state, a QR scan of the guest
 * page showing up in the figures, the venue filter, the charts (screenshots at 1280 and 390 px,
 * light and dark) and the CSV export.
 */
const EMAIL = 'owner@example.com';
const PASSWORD = 'kitchen-password-1';
type Storage = Awaited<ReturnType<BrowserContext['storageState']>>;

describe.skipIf(!hasBrowser)('dashboard guest analytics', () => {
  let e: E2E;
  let org = '';
  let session: Storage;
  const ids = { lunch: '', dinner: '', centre: '', garden: '' };

  const row = (sql: string, params: SqlParam[] = []) => e.app.ctx.stmts.get(sql, params);
  const update = (collection: string, id: string, data: Record<string, unknown>) =>
    e.app.ctx.engine.update(e.app.ctx.engine.collection(collection), id, { data, files: {}, fromForm: false }, superuserRequest(e.app.ctx));

  async function signedInPage(options: Parameters<E2E['context']>[0] = {}): Promise<Page> {
    const context = await e.context({ storageState: session, ...options });
    await context.addInitScript(() => localStorage.setItem('cookie_consent', 'no'));
    const page = await context.newPage();
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Guests', exact: true }).waitFor();
    return page;
  }

  /** The 30-day figure of a stat tile ("QR scans" or "Page views"). */
  async function figure(page: Page, label: 'QR scans' | 'Page views'): Promise<number> {
    const tile = page.getByLabel(new RegExp(`^${label}, last 30 days: `));
    await tile.waitFor();
    return Number((await tile.textContent())?.replace(/\D/g, ''));
  }

  /** Four weeks of lunch and dinner traffic at the Garden venue, written as the guest pages would. */
  function seedHistory(): void {
    let n = 0;
    for (let ago = 29; ago >= 1; ago--) {
      const date = new Date(Date.now() - ago * 86400000);
      const day = date.toISOString().slice(0, 10);
      const weekday = date.getUTCDay();
      const weekend = weekday === 0 || weekday === 5 || weekday === 6 ? 2 : 1;
      for (const [hour, base, menu] of [
        [11, 2, ids.lunch],
        [12, 6, ids.lunch],
        [13, 4, ids.lunch],
        [18, 5, ids.dinner],
        [19, 8, ids.dinner],
        [20, 7, ids.dinner],
        [21, 3, ids.dinner],
      ] as const) {
        const views = base * weekend + ((ago * 7 + hour) % 5);
        const scans = Math.round(views * 0.4);
        for (const [kind, count, tableNo] of [
          ['view', views, ''],
          ['scan', scans, String(1 + ((ago + hour) % 8))],
        ] as const) {
          if (!count) continue;
          e.app.ctx.stmts.run(
            'INSERT INTO guest_stats (id, organization, venue, menu, day, hour, weekday, kind, tableNo, count) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
            [`gs${String(++n).padStart(13, '0')}`, org, ids.garden, menu, day, hour, weekday, kind, tableNo, count],
          );
        }
      }
    }
  }

  beforeAll(async () => {
    e = await startE2E();
    const ctx = e.app.ctx;
    const user = await seed(ctx, 'users', {
      email: EMAIL,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      name: 'Olivia Owner',
      verified: true,
    });
    org = String(row('SELECT currentOrganization AS o FROM users WHERE id = ?', [String(user.id)])?.o);
    await update('organizations', org, { name: 'Trattoria Due', subscriptionStatus: 'active' });
    await update('users', String(user.id), { onboardingComplete: true });
    const lunch = await seed(ctx, 'menus', { organization: org, name: 'Lunch', status: 'published', languages: ['en'] });
    const dinner = await seed(ctx, 'menus', { organization: org, name: 'Dinner', status: 'published', languages: ['en'] });
    const soups = await seed(ctx, 'sections', { menu: lunch.id, name: 'Soups' });
    await seed(ctx, 'items', { section: soups.id, name: 'Minestrone', prices: [{ label: '', amount: 750 }] });
    ids.lunch = String(lunch.id);
    ids.dinner = String(dinner.id);
    ids.centre = String(
      (
        await seed(ctx, 'venues', {
          organization: org,
          name: 'Centro',
          timezone: 'Europe/Rome',
          primaryColor: '#0f766e',
          menus: [lunch.id],
          tables: ['4'],
        })
      ).id,
    );
    ids.garden = String(
      (
        await seed(ctx, 'venues', {
          organization: org,
          name: 'Giardino',
          timezone: 'UTC',
          primaryColor: '#b45309',
          menus: [lunch.id, dinner.id],
        })
      ).id,
    );

    const context = await e.context();
    await context.addInitScript(() => localStorage.setItem('cookie_consent', 'no'));
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/dashboard');
    session = await context.storageState();
  });
  afterAll(async () => {
    await e?.close();
  });

  it('shows the empty state before any guest visit, linking to the venues', async () => {
    const page = await signedInPage();
    await page.getByText('No guest visits yet — print your QR code').waitFor();
    expect(await page.getByRole('link', { name: 'Get your QR code' }).getAttribute('href')).toBe('/venues/');
    await screenshot(page, 'dashboard-guests-empty-light-1280');
  });

  /** A guest's phone opening the venue page from the table's QR code (own browser cache). */
  async function scan(): Promise<void> {
    const guest = await (await e.context({ viewport: { width: 390, height: 844 }, isMobile: true })).newPage();
    await guest.goto('/m/centro?src=qr&t=4');
    await guest.getByText('Minestrone').waitFor();
  }

  it('counts a guest page opened from a QR code on the dashboard', async () => {
    await scan();
    const page = await signedInPage();
    expect(await figure(page, 'QR scans')).toBe(1);
    expect(await figure(page, 'Page views')).toBe(1);
    // The venue page shows one menu only, so the view is that menu's.
    const top = page.getByRole('list', { name: 'Top menus' });
    expect(await top.getByRole('listitem').allTextContents()).toEqual(['Lunch1 view']);

    await scan();
    await page.reload();
    expect(await figure(page, 'QR scans')).toBe(2);
    expect(await figure(page, 'Page views')).toBe(2);
  });

  it('filters by venue and draws the charts (1280 and 390 px, light and dark)', async () => {
    seedHistory();
    const page = await signedInPage();
    const scansAll = await figure(page, 'QR scans');
    expect(scansAll).toBeGreaterThan(100);
    const perVenue = page.getByRole('list', { name: 'Guests per venue' });
    expect((await perVenue.getByRole('listitem').allTextContents()).map((t) => t.replace(/\d.*$/, ''))).toEqual(['Giardino', 'Centro']);
    expect(await page.getByRole('img', { name: /^Bar chart of page views and QR scans per day/ }).isVisible()).toBe(true);
    expect(
      await page
        .getByRole('img', { name: /^Heatmap of page views by weekday and hour.*Busiest: (Friday|Saturday|Sunday) 19:00–20:00/ })
        .isVisible(),
    ).toBe(true);
    // A cell's tooltip is written as the pointer reaches it: the exact count for that hour.
    const cell = page.locator('[data-weekday="5"][data-hour="19"]');
    expect(await cell.getAttribute('title')).toBeNull();
    await cell.hover();
    expect(await cell.getAttribute('title')).toMatch(/^Fri 19:00–20:00: [\d,]+ views?$/);
    await page.getByText('Show as table').first().click();
    expect(await page.getByRole('table', { name: 'Page views and QR scans per day' }).getByRole('row').count()).toBe(31);
    await page.getByText('Show as table').first().click();
    await screenshot(page, 'dashboard-guests-light-1280');

    await page.getByLabel('Venue', { exact: true }).selectOption({ label: 'Centro' });
    await page.getByLabel('QR scans, last 30 days: 2').waitFor();
    expect(await page.getByRole('list', { name: 'Guests per venue' }).count()).toBe(0);
    expect(await page.getByRole('list', { name: 'QR scans per table' }).getByRole('listitem').allTextContents()).toEqual([
      'Table 42 scans',
    ]);
    await page.getByLabel('Venue', { exact: true }).selectOption({ label: 'All venues' });
    await page.getByLabel(`QR scans, last 30 days: ${scansAll.toLocaleString('en-US')}`).waitFor();

    for (const colorScheme of ['light', 'dark'] as const) {
      const phone = await signedInPage({ colorScheme, viewport: { width: 390, height: 844 }, isMobile: true });
      await phone.getByLabel(/^QR scans, last 30 days: /).waitFor();
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await phone.getByRole('heading', { name: 'Guests', exact: true }).scrollIntoViewIfNeeded();
      await screenshot(phone, `dashboard-guests-${colorScheme}-390`);
    }
    const dark = await signedInPage({ colorScheme: 'dark' });
    await dark.getByLabel(/^QR scans, last 30 days: /).waitFor();
    await screenshot(dark, 'dashboard-guests-dark-1280');
  });

  it('shows a phone its first screen whole, builds only what it shows, and opens live updates once the page is on screen', async () => {
    const context = await e.context({ storageState: session, viewport: { width: 390, height: 844 }, isMobile: true });
    await context.addInitScript(() => {
      localStorage.setItem('cookie_consent', 'no');
      // When the page opens its live-updates connection, next to when its first contentful paint
      // reached the screen (the Paint Timing entry's time).
      const Native = window.EventSource;
      const opened: number[] = [];
      (window as unknown as { eventSourcesOpenedAt: number[] }).eventSourcesOpenedAt = opened;
      // Whether a loading placeholder (the route's skeleton, the figures' skeleton) ever showed
      // before the figures: the first screen should come whole, with the start-up requests' data.
      const flags = { busyBeforeFigures: false };
      (window as unknown as { firstScreen: typeof flags }).firstScreen = flags;
      const watch = new MutationObserver(() => {
        if (document.querySelector('section[aria-label="Totals"]')) watch.disconnect();
        else if (document.querySelector('[aria-busy="true"]')) flags.busyBeforeFigures = true;
      });
      document.addEventListener('DOMContentLoaded', () => watch.observe(document.body, { childList: true, subtree: true }));
      window.EventSource = class extends Native {
        constructor(url: string | URL, init?: EventSourceInit) {
          opened.push(performance.now());
          super(url, init);
        }
      };
    });
    const phone = await context.newPage();
    await phone.goto('/dashboard');
    await phone.getByLabel(/^QR scans, last 30 days: /).waitFor();
    await phone.locator('[data-status="connected"]').waitFor();
    const timing = await phone.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
      opened: (window as unknown as { eventSourcesOpenedAt: number[] }).eventSourcesOpenedAt,
    }));
    expect(await phone.evaluate(() => (window as unknown as { firstScreen: { busyBeforeFigures: boolean } }).firstScreen)).toEqual({
      busyBeforeFigures: false,
    });
    expect(timing.opened.length).toBeGreaterThan(0);
    expect(Math.min(...timing.opened)).toBeGreaterThanOrEqual(timing.fcp);
    // The sidebar is the wide screens' (the phone's navigation is the sheet behind the menu button).
    expect(await phone.locator('aside').count()).toBe(0);
    // A chart's data table is made when opened, not before.
    expect(await phone.locator('details table').count()).toBe(0);
    await phone.getByText('Show as table').first().click();
    expect(await phone.getByRole('table', { name: 'Page views and QR scans per day' }).getByRole('row').count()).toBe(31);
    await phone.setViewportSize({ width: 1280, height: 800 });
    await phone.getByRole('complementary').getByRole('navigation').waitFor();
    await context.close();
  });

  it('downloads the figures as CSV, for all venues or one', async () => {
    const page = await signedInPage();
    await page.getByLabel(/^QR scans, last 30 days: /).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^guest-analytics-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = fs
      .readFileSync(await download.path(), 'utf8')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('"section","day","key","name","count"');
    const all = lines.slice(1).map((l) => JSON.parse(`[${l}]`) as string[]);
    expect(all.filter((r) => r[0] === 'views')).toHaveLength(30);
    const sum = all.filter((r) => r[0] === 'scans').reduce((s, r) => s + Number(r[4]), 0);
    expect(sum).toBe(await figure(page, 'QR scans'));

    await page.getByLabel('Venue', { exact: true }).selectOption({ label: 'Centro' });
    await page.getByLabel('QR scans, last 30 days: 2').waitFor();
    const [one] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    const rows = fs
      .readFileSync(await one.path(), 'utf8')
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => JSON.parse(`[${l}]`) as string[]);
    expect(rows.filter((r) => r[0] === 'scans').reduce((s, r) => s + Number(r[4]), 0)).toBe(2);
    expect(rows.filter((r) => r[0] === 'table')).toEqual([['table', '', '4', 'Centro', '2']]);
  });
});
