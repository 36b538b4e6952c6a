import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import PocketBase from 'pocketbase';
import { hasBrowser, screenshot, startE2E, type E2E } from './harness.ts';
import { seed, superuserRequest } from '../../server/test/test-app.ts';

/** The page a QR code opens, in a real phone-sized browser. */
describe.skipIf(!hasBrowser)('guest menu', () => {
  let e: E2E;
  let org = '';
  let soupId = '';
  let staff: PocketBase;

  beforeAll(async () => {
    e = await startE2E();
    const ctx = e.app.ctx;
    const su = superuserRequest(ctx);
    const user = await seed(ctx, 'users', {
      email: 'chef@example.com',
      password: 'chef-password',
      passwordConfirm: 'chef-password',
      verified: true,
      name: 'Chef',
    });
    org = String(ctx.stmts.get('SELECT currentOrganization AS o FROM users WHERE id = ?', [String(user.id)])?.o);
    await ctx.engine.update(
      ctx.engine.collection('organizations'),
      org,
      { data: { subscriptionStatus: 'active' }, files: {}, fromForm: false },
      su,
    );
    const vegan = await seed(ctx, 'tags', { organization: org, name: 'Vegan', color: '#15803d' });
    // German is partly translated and published anyway (its missing texts show in English).
    const menu = await seed(ctx, 'menus', {
      organization: org,
      name: 'Lunch',
      status: 'published',
      languages: ['en', 'de'],
      publishIncomplete: ['de'],
    });
    const soups = await seed(ctx, 'sections', { menu: menu.id, name: 'Soups', translations: { de: { name: 'Suppen' } } });
    const mains = await seed(ctx, 'sections', { menu: menu.id, name: 'Mains', translations: { de: { name: 'Hauptgerichte' } } });
    const soup = await seed(ctx, 'items', {
      section: soups.id,
      name: 'Pumpkin soup',
      description: 'Roasted pumpkin, ginger',
      prices: [{ label: '', amount: 650 }],
      allergens: ['celery'],
      tags: [vegan.id],
      translations: { de: { name: 'Kürbissuppe' } },
    });
    soupId = String(soup.id);
    await seed(ctx, 'items', {
      section: mains.id,
      name: 'Wiener Schnitzel',
      description: 'Veal, potato salad',
      prices: [{ label: '', amount: 1890 }],
      allergens: ['gluten', 'eggs', 'milk'],
    });
    await seed(ctx, 'items', {
      section: mains.id,
      name: 'Risotto',
      description: 'Mushrooms, parmesan',
      prices: [
        { label: 'small', amount: 1190 },
        { label: 'large', amount: 1590 },
      ],
      allergens: ['milk'],
    });
    await seed(ctx, 'venues', {
      organization: org,
      name: 'Gasthaus Demo',
      address: 'Ringstraße 1, Wien',
      timezone: 'Europe/Vienna',
      primaryColor: '#0f766e',
      menus: [menu.id],
      tables: ['7'],
    });
    staff = new PocketBase(e.url);
    await staff.collection('users').authWithPassword('chef@example.com', 'chef-password');
  });
  afterAll(async () => {
    await e?.close();
  });

  it('renders at 390 px in light and dark, with no cookies or storage', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await e.context({ viewport: { width: 390, height: 844 }, colorScheme, isMobile: true });
      const page = await context.newPage();
      await page.goto('/m/gasthaus-demo');
      await page.getByRole('heading', { name: 'Gasthaus Demo' }).waitFor();
      expect(await page.getByText('Pumpkin soup').isVisible()).toBe(true);
      expect(await page.evaluate(() => document.body.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, `guest-${colorScheme}-390`);
      expect(await context.cookies()).toEqual([]);
      expect(await page.evaluate(() => localStorage.length)).toBe(0);
    }
  });

  it('hides dishes with a chosen allergen', async () => {
    const page = await (await e.context({ viewport: { width: 390, height: 844 } })).newPage();
    await page.goto('/m/gasthaus-demo');
    await page.getByText('Hide dishes containing…').click();
    await page.getByLabel(/G · Milk/).check();
    expect(await page.getByText('Wiener Schnitzel').isVisible()).toBe(false);
    expect(await page.getByText('Risotto').isVisible()).toBe(false);
    expect(await page.getByText('Pumpkin soup').isVisible()).toBe(true);
  });

  it('is fully readable with JavaScript disabled', async () => {
    const page = await (await e.context({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } })).newPage();
    await page.goto('/m/gasthaus-demo');
    for (const text of ['Pumpkin soup', 'Wiener Schnitzel', 'Risotto', '€18.90', 'Allergens']) {
      expect(await page.getByText(text, { exact: false }).first().isVisible()).toBe(true);
    }
  });

  it('switches language', async () => {
    const page = await (await e.context({ locale: 'en-US' })).newPage();
    await page.goto('/m/gasthaus-demo');
    await page.getByRole('link', { name: 'DE' }).click();
    await page.getByText('Kürbissuppe').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await page.getByRole('link', { name: 'Suppen' }).isVisible()).toBe(true);
  });

  it('shows the German page at 390 px with German chrome and the official allergen names', async () => {
    const context = await e.context({ viewport: { width: 390, height: 844 }, isMobile: true, locale: 'de-AT' });
    const page = await context.newPage();
    await page.goto('/m/gasthaus-demo');
    await page.getByText('Kürbissuppe').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await page.getByText('Gerichte ausblenden mit…').click();
    await page.getByLabel('A · Glutenhaltiges Getreide').check();
    expect(await page.getByText('Wiener Schnitzel').isVisible()).toBe(false);
    expect(await page.locator('footer dd').allTextContents()).toEqual(['Glutenhaltiges Getreide', 'Eier', 'Milch', 'Sellerie']);
    // Beside the dish, a tap on the codes opens their full names.
    const line = page.locator('li.i details').filter({ hasText: 'Sellerie' }).first();
    expect(await line.locator('summary').textContent()).toMatch(/\bL\b/);
    expect(await line.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await line.locator('summary').click();
    await line.getByText('Sellerie').waitFor();
    expect(await page.evaluate(() => document.body.scrollWidth <= window.innerWidth)).toBe(true);
    await page.getByLabel('A · Glutenhaltiges Getreide').uncheck();
    await screenshot(page, 'guest-de-390');
  });

  it('keeps the section the guest is reading when they switch language', async () => {
    const page = await (await e.context({ viewport: { width: 390, height: 500 }, locale: 'en-US' })).newPage();
    await page.goto('/m/gasthaus-demo');
    await page.getByRole('link', { name: 'Mains' }).click();
    await page.getByRole('link', { name: 'DE' }).click();
    await page.getByText('Kürbissuppe').waitFor();
    expect(await page.evaluate(() => location.hash)).toMatch(/^#s-/);
    expect(await page.evaluate(() => document.querySelector(location.hash)?.querySelector('h2')?.textContent)).toBe('Hauptgerichte');
  });

  it('marks an item sold out on an already open page within 2 s', async () => {
    const page = await (await e.context()).newPage();
    await page.goto('/m/gasthaus-demo');
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.waitForTimeout(300); // the page's live subscription is set up after load
    const started = Date.now();
    await staff.collection('items').update(soupId, { available: false });
    await page.locator(`#i-${soupId} .so`).waitFor({ state: 'visible', timeout: 2000 });
    expect(Date.now() - started).toBeLessThan(2000);
    await staff.collection('items').update(soupId, { available: true });
    await page.locator(`#i-${soupId} .so`).waitFor({ state: 'hidden', timeout: 2000 });
  });

  it('counts a QR scan on the dashboard figures', async () => {
    const before = await staff.send(`/api/analytics/guests?organization=${org}&days=1`, {});
    const page = await (await e.context()).newPage();
    await page.goto('/m/gasthaus-demo?src=qr&t=7');
    const after = await staff.send(`/api/analytics/guests?organization=${org}&days=1`, {});
    expect(after.days.at(-1).scans).toBe(before.days.at(-1).scans + 1);
    expect(after.tables).toContainEqual(expect.objectContaining({ tableNo: '7', scans: 1, name: 'Gasthaus Demo' }));
  });
});
