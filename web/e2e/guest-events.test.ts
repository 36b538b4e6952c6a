import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { seed, superuserRequest } from '../../server/test/test-app.ts';
import { hasBrowser, screenshot, startE2E, type E2E } from './harness.ts';

/**
 * Issue 22 item 7 in a phone-sized Chromium: a guest searches a word the menu lacks, ticks a
 * filter, opens a dish and switches language (each beacon awaited as the sentinel, no sleeps);
 * another guest without JavaScript searches the same word through the form. The owner's
 * dashboard then shows the dish, the word (seen twice), the filter and the language; the guest
 * page set no cookie. Screenshots of the cards at 390 and 1280 px, light and dark.
 */
const EMAIL = 'events-owner@example.com';
const PASSWORD = 'kitchen-password-1';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, locale: 'en-GB' } as const;
type Storage = Awaited<ReturnType<BrowserContext['storageState']>>;

describe.skipIf(!hasBrowser)('guest events on the dashboard', () => {
  let e: E2E;
  let session: Storage;

  const beacon = (page: Page, kind: string): Promise<Request> =>
    page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/m/osteria/events' && r.postDataJSON()?.k === kind);

  beforeAll(async () => {
    e = await startE2E();
    const ctx = e.app.ctx;
    const user = await seed(ctx, 'users', {
      email: EMAIL,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      name: 'Olga Owner',
      verified: true,
    });
    const org = String(ctx.stmts.get('SELECT currentOrganization AS o FROM users WHERE id = ?', [String(user.id)])?.o);
    const admin = superuserRequest(ctx);
    const update = (collection: string, id: string, data: Record<string, unknown>) =>
      ctx.engine.update(ctx.engine.collection(collection), id, { data, files: {}, fromForm: false }, admin);
    await update('organizations', org, { name: 'Osteria Uno', subscriptionStatus: 'active' });
    await update('users', String(user.id), { onboardingComplete: true });
    const menu = await seed(ctx, 'menus', {
      organization: org,
      name: 'Carta',
      status: 'published',
      languages: ['en', 'de'],
      publishIncomplete: ['de'],
    });
    const mains = await seed(ctx, 'sections', { menu: menu.id, name: 'Mains', translations: { de: { name: 'Hauptgerichte' } } });
    await seed(ctx, 'items', {
      section: mains.id,
      name: 'Tomato soup',
      description: 'With basil',
      prices: [{ label: '', amount: 650 }],
      diets: ['vegan'],
      translations: { de: { name: 'Tomatensuppe' } },
    });
    await seed(ctx, 'items', {
      section: mains.id,
      name: 'Crème brûlée',
      prices: [{ label: '', amount: 700 }],
      allergens: ['milk', 'eggs'],
    });
    await seed(ctx, 'venues', {
      organization: org,
      name: 'Osteria',
      slug: 'osteria',
      timezone: 'Europe/Rome',
      primaryColor: '#9a3412',
      menus: [menu.id],
    });

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

  it('counts what guests search, filter, open and read in, with no cookie', async () => {
    const context = await e.context(PHONE);
    const guest = await context.newPage();
    const first = await guest.goto('/m/osteria');
    expect(first?.headers()['set-cookie']).toBeUndefined();
    await guest.getByText('Tomato soup').waitFor();

    const searches: unknown[] = [];
    guest.on('request', (r) => {
      if (r.method() === 'POST' && r.postDataJSON()?.k === 'search') searches.push(r.postDataJSON());
    });
    // A word the menu has, then the field left: nothing to count.
    await guest.getByRole('searchbox').fill('soup');
    await guest.getByRole('searchbox').blur();
    await guest.getByRole('searchbox').fill('');
    // A word the menu does not have: the beacon goes 1.5 s after the last key, with the final words only.
    const search = beacon(guest, 'search');
    await guest.getByRole('searchbox').pressSequentially('Trüffel', { delay: 30 });
    await guest.locator('#nq').waitFor();
    const sent = await search;
    expect(sent.postDataJSON()).toEqual({ m: '', k: 'search', t: 'Trüffel' });
    expect((await sent.response())?.status()).toBe(204);
    // The search that found a dish (checked 0.2 s after the blur, well before this beacon) sent nothing.
    expect(searches).toEqual([{ m: '', k: 'search', t: 'Trüffel' }]);
    await guest.getByRole('searchbox').fill('');

    const filter = beacon(guest, 'filter');
    await guest.getByText('Show only…').click();
    await guest.locator('#d-vegan').check();
    expect((await filter).postDataJSON()).toEqual({ m: '', k: 'filter', t: 'diet:vegan' });
    await guest.locator('#d-vegan').uncheck();

    // The dish opens as the overlay (its page fetched: the server counts the open).
    const opened = guest.waitForResponse((r) => /\/m\/osteria\/i\/\w+/.test(new URL(r.url()).pathname));
    await guest.getByRole('link', { name: 'Tomato soup' }).click();
    expect((await opened).status()).toBe(200);
    await guest.getByRole('dialog').waitFor();
    await guest.goBack();
    await guest.getByRole('dialog').waitFor({ state: 'hidden' });

    const lang = beacon(guest, 'lang');
    await guest.getByRole('link', { name: 'DE', exact: true }).click();
    expect((await lang).postDataJSON()).toEqual({ m: '', k: 'lang', t: 'de' });
    await guest.getByText('Tomatensuppe').waitFor();
    expect(await context.cookies()).toEqual([]);
    await context.close();

    // Without JavaScript the form is sent and the server counts the search that found nothing.
    const plain = await e.context({ ...PHONE, javaScriptEnabled: false });
    const noJs = await plain.newPage();
    await noJs.goto('/m/osteria');
    await noJs.getByRole('searchbox').fill('truffel');
    await noJs.getByRole('searchbox').press('Enter');
    await noJs.waitForURL(/q=truffel/);
    await noJs.locator('#nq').waitFor();
    expect(await plain.cookies()).toEqual([]);
    await plain.close();
  });

  async function dashboard(options: Parameters<E2E['context']>[0] = {}): Promise<Page> {
    const context = await e.context({ storageState: session, ...options });
    await context.addInitScript(() => localStorage.setItem('cookie_consent', 'no'));
    const page = await context.newPage();
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Most viewed dishes' }).waitFor();
    return page;
  }

  it('shows the owner the dish, the word seen twice, the filter and the language', async () => {
    const page = await dashboard();
    const dishes = page.getByRole('list', { name: 'Most viewed dishes' });
    expect(await dishes.getByRole('listitem').allTextContents()).toEqual(['1.Tomato soup1 open']);
    const spark = await dishes.getByRole('img').getAttribute('aria-label');
    expect(spark).toMatch(/^Tomato soup, opens per day from .+ to .+: (0, ){29}1$/);
    expect(
      await page.getByRole('list', { name: 'What guests searched for and did not find' }).getByRole('listitem').allTextContents(),
    ).toEqual(['truffel2 times']);
    expect(await page.getByText(/shows once guests made it at least 2 times/).isVisible()).toBe(true);
    expect(await page.getByRole('list', { name: 'Filters used' }).getByRole('listitem').allTextContents()).toEqual(['Only: Vegan1 time']);
    expect(await page.getByRole('list', { name: 'Languages chosen' }).getByRole('listitem').allTextContents()).toEqual([
      'German (DE)1 time',
    ]);

    // Four weeks of opens, written as the dish pages would, so the screenshots show real sparklines.
    const ctx = e.app.ctx;
    const venue = ctx.stmts.get("SELECT id, organization FROM venues WHERE slug = 'osteria'");
    const items = ctx.stmts.all('SELECT id, section FROM items ORDER BY name DESC');
    let n = 0;
    for (let ago = 29; ago >= 1; ago--) {
      const date = new Date(Date.now() - ago * 86400000);
      for (const [i, item] of items.entries())
        ctx.stmts.run(
          "INSERT INTO guest_stats (id, organization, venue, menu, day, hour, weekday, kind, tableNo, item, count) VALUES (?, ?, ?, '', ?, 12, ?, 'item', '', ?, ?)",
          [
            `ge${String(++n).padStart(13, '0')}`,
            String(venue?.organization),
            String(venue?.id),
            date.toISOString().slice(0, 10),
            date.getUTCDay(),
            String(item.id),
            1 + ((ago * (i + 3)) % 7),
          ],
        );
    }
    await page.reload();
    await page.getByRole('list', { name: 'Most viewed dishes' }).getByRole('listitem').nth(1).waitFor();
    await screenshot(page, 'dashboard-guest-events-light-1280');
    const dark = await dashboard({ colorScheme: 'dark' });
    await screenshot(dark, 'dashboard-guest-events-dark-1280');
    for (const colorScheme of ['light', 'dark'] as const) {
      const phone = await dashboard({ colorScheme, viewport: { width: 390, height: 844 }, isMobile: true });
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(phone, `dashboard-guest-events-${colorScheme}-390`);
    }
    const narrow = await dashboard({ viewport: { width: 320, height: 700 }, isMobile: true });
    expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});
