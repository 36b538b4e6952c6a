import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seed } from '../../server/test/test-app.ts';
import { adminUpdate, hasBrowser, SAVE_SCREENSHOTS, screenshot, startE2E, type E2E } from './harness.ts';
import { APP_NAME, englishLeft, seedGermanUser } from './english-left.ts';

/**
 * The staff app in German, second part (issue 19, item 5): a German user walks the dashboard with
 * data (guest charts, recent edits, quick actions), the venue list, a venue page with its QR code
 * dialog, the new-venue dialog, the tags screen with its dialog and onboarding, at 390 px (light
 * and dark) and 1280 px. Each screen fails on any English text left outside user data and on
 * sideways scrolling.
 */
const PASSWORD = 'kuechen-passwort-1';
const VENUE = 'Gasthof Post';
const USER_DATA = [
  'Hans Huber',
  'Hans',
  'hans@example.de',
  'Gasthaus Huber',
  VENUE,
  'gasthof-post',
  'Mittagskarte',
  'Abendkarte',
  'Suppen',
  'Leberknödelsuppe',
  'Hauptplatz 1, 8010 Graz',
  'Scharf',
  'Hausgemacht',
  'Europe/Vienna',
  'Europe',
  'Vienna',
  'Rosa Rot',
  'rosa@example.de',
];

describe.skipIf(!hasBrowser)('venues, tags, dashboard and onboarding in German', () => {
  let e: E2E;
  let venueId = '';

  /** Four weeks of guest figures at the venue, written as the guest pages would. */
  function seedGuestStats(org: string, menu: string): void {
    let n = 0;
    for (let ago = 27; ago >= 0; ago--) {
      const date = new Date(Date.now() - ago * 86400000);
      for (const [hour, views] of [
        [12, 5 + (ago % 4)],
        [19, 9 + (ago % 3)],
      ] as const) {
        for (const [kind, count, tableNo] of [
          ['view', views, ''],
          ['scan', Math.round(views / 2), String(1 + (ago % 4))],
        ] as const) {
          e.app.ctx.stmts.run(
            'INSERT INTO guest_stats (id, organization, venue, menu, day, hour, weekday, kind, tableNo, count) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
            [
              `gs${String(++n).padStart(13, '0')}`,
              org,
              venueId,
              menu,
              date.toISOString().slice(0, 10),
              hour,
              date.getUTCDay(),
              kind,
              tableNo,
              count,
            ],
          );
        }
      }
    }
  }

  beforeAll(async () => {
    e = await startE2E({ APP_NAME });
    const ctx = e.app.ctx;
    const { org } = await seedGermanUser(ctx, { email: 'hans@example.de', password: PASSWORD, name: 'Hans Huber' });
    await adminUpdate(e, 'organizations', org, { name: 'Gasthaus Huber', subscriptionStatus: 'active' });
    // Two languages, so the venue page shows its translations card too.
    const lunch = await seed(ctx, 'menus', { organization: org, name: 'Mittagskarte', status: 'published', languages: ['de', 'en'] });
    await seed(ctx, 'menus', { organization: org, name: 'Abendkarte', status: 'draft', languages: ['de'] });
    const soups = await seed(ctx, 'sections', { menu: lunch.id, name: 'Suppen' });
    await seed(ctx, 'items', { section: soups.id, name: 'Leberknödelsuppe', prices: [{ label: '', amount: 650 }] });
    await seed(ctx, 'tags', { organization: org, name: 'Scharf', color: '#b91c1c' });
    await seed(ctx, 'tags', { organization: org, name: 'Hausgemacht', color: '' });
    const venue = await seed(ctx, 'venues', {
      organization: org,
      name: VENUE,
      slug: 'gasthof-post',
      timezone: 'Europe/Vienna',
      primaryColor: '#0f766e',
      address: 'Hauptplatz 1, 8010 Graz',
      menus: [lunch.id],
    });
    venueId = String(venue.id);
    seedGuestStats(org, String(lunch.id));

    // A German editor who has not finished onboarding yet.
    const rosa = await seed(ctx, 'users', {
      email: 'rosa@example.de',
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      name: 'Rosa Rot',
      verified: true,
      language: 'de',
    });
    const rosaOrg = String(ctx.stmts.get('SELECT currentOrganization AS o FROM users WHERE id = ?', [String(rosa.id)])?.o);
    await adminUpdate(e, 'organizations', rosaOrg, { name: 'Rosa Rot', subscriptionStatus: 'active' });
  });
  afterAll(async () => {
    await e?.close();
  });

  async function signIn(email: string, viewport: { width: number; height: number }, colorScheme: 'light' | 'dark'): Promise<Page> {
    const context = await e.context({ locale: 'en-US', colorScheme, viewport });
    await context.addInitScript(() => localStorage.setItem('cookie_consent', 'no'));
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/(dashboard|onboarding)/);
    return page;
  }

  /** No English outside user data, and nothing wider than the window. */
  async function check(page: Page, what: string): Promise<void> {
    expect(await englishLeft(page, USER_DATA), what).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${what}: sideways scrolling`).toBe(0);
  }

  it.each([
    ['390-light', { width: 390, height: 844 }, 'light'],
    ...(SAVE_SCREENSHOTS ? ([['390-dark', { width: 390, height: 844 }, 'dark']] as const) : []),
    ['1280-light', { width: 1280, height: 900 }, 'light'],
  ] as const)('walks the dashboard, venues and tags at %s', async (name, viewport, colorScheme) => {
    const page = await signIn('hans@example.de', viewport, colorScheme);

    // The dashboard with data: figures, charts (their tables opened too), recent edits, shortcuts.
    await page.getByRole('heading', { name: 'Gäste', exact: true }).waitFor();
    await page.getByText('Zuletzt bearbeitet').waitFor();
    await page.getByText('Leberknödelsuppe').waitFor();
    await page.getByRole('img', { name: /^Balkendiagramm/ }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await check(page, 'dashboard');
    await screenshot(page, `i18n-de-dashboard-data-${name}`);
    for (const summary of await page.getByText('Als Tabelle zeigen').all()) await summary.click();
    await page.getByRole('table', { name: 'Seitenaufrufe und QR-Scans pro Tag' }).waitFor();
    await check(page, 'dashboard tables');

    // The venue list and the new-venue dialog.
    await page.goto('/venues/');
    await page.getByRole('heading', { name: 'Betriebe', exact: true }).waitFor();
    await page.getByText('1 Speisekarte').waitFor();
    await check(page, 'venues');
    await screenshot(page, `i18n-de-venues-${name}`);
    await page.getByRole('button', { name: 'Neuer Betrieb' }).click();
    await page.getByRole('dialog').getByText('Ein Betrieb ist ein Ort').waitFor();
    await check(page, 'new venue');
    await page.getByRole('dialog').getByRole('button', { name: 'Betrieb anlegen' }).click();
    await page.getByRole('dialog').getByText('Bitte geben Sie den Namen des Betriebs ein').waitFor();
    await check(page, 'new venue errors');
    await screenshot(page, `i18n-de-new-venue-${name}`);
    await page.getByRole('dialog').getByRole('button', { name: 'Abbrechen' }).click();

    // A venue page with every card, and its QR code dialog.
    await page.getByRole('link', { name: new RegExp(VENUE) }).click();
    await page.getByRole('heading', { name: 'Betrieb bearbeiten' }).waitFor();
    await page.getByText('Name und Adresse in anderen Sprachen').waitFor();
    await page.getByText('Original-Speisekarte (PDF)').waitFor();
    await check(page, 'venue page');
    await screenshot(page, `i18n-de-venue-${name}`);
    await page.getByRole('button', { name: 'QR-Code' }).first().click();
    await page.getByRole('dialog').getByTestId('qr-preview').waitFor();
    await check(page, 'QR code dialog');
    await screenshot(page, `i18n-de-qr-${name}`);
    await page.keyboard.press('Escape');

    // Tags and the tag dialog.
    await page.goto('/tags/');
    await page.getByRole('heading', { name: 'Merkmale', exact: true }).waitFor();
    await page.getByText('2 Merkmale').waitFor();
    await check(page, 'tags');
    await screenshot(page, `i18n-de-tags-${name}`);
    await page.getByRole('button', { name: 'Neues Merkmal' }).click();
    await page.getByRole('dialog').getByText('Vorschau').waitFor();
    await check(page, 'tag dialog');
    await screenshot(page, `i18n-de-tag-dialog-${name}`);
    await page.getByRole('dialog').getByRole('button', { name: 'Abbrechen' }).click();
    await page.context().close();
  });

  it('shows onboarding in German', async () => {
    const page = await signIn('rosa@example.de', { width: 390, height: 844 }, 'light');
    await page.waitForURL('**/onboarding');
    await page.getByRole('heading', { name: 'Betrieb einrichten' }).waitFor();
    await page.getByLabel('Name des Betriebs').waitFor();
    await check(page, 'onboarding');
    await screenshot(page, 'i18n-de-onboarding-390-light');
    // The form's own errors are German too.
    await page.getByRole('button', { name: 'Einrichtung abschließen' }).click();
    await page.getByRole('alert').first().waitFor();
    await check(page, 'onboarding errors');
    await page.context().close();
  });
});
