import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { hasBrowser, screenshot, startE2E, type E2E } from './harness.ts';
import { seed, superuserRequest } from '../../server/test/test-app.ts';

/**
 * Issue 22 items 1 and 2 in a phone-sized Chromium: typing filters the menu instantly (no page
 * load, the URL follows), a dish opens as an overlay with its own URL and Back returns to the same
 * place, and without JavaScript the dish is a page of its own with a way back to it on the menu.
 */
describe.skipIf(!hasBrowser)('guest search and dish details', () => {
  let e: E2E;
  const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, locale: 'en-GB' } as const;
  let bruleeId = '';

  beforeAll(async () => {
    e = await startE2E();
    const ctx = e.app.ctx;
    const user = await seed(ctx, 'users', {
      email: 'search@example.com',
      password: 'search-password',
      passwordConfirm: 'search-password',
      verified: true,
    });
    const org = String(ctx.stmts.get('SELECT currentOrganization AS o FROM users WHERE id = ?', [String(user.id)])?.o);
    await ctx.engine.update(
      ctx.engine.collection('organizations'),
      org,
      { data: { subscriptionStatus: 'active' }, files: {}, fromForm: false },
      superuserRequest(ctx),
    );
    const extras = await seed(ctx, 'option_groups', { organization: org, name: 'Extras', maxChoices: 2 });
    await seed(ctx, 'options', { group: extras.id, name: 'Whipped cream', priceDelta: 120, allergens: ['milk'] });
    const menu = await seed(ctx, 'menus', { organization: org, name: 'Brasserie', status: 'published', languages: ['en'] });
    // Enough dishes that the one we open is far down the page.
    for (const [n, name] of ['Starters', 'Mains', 'Sides'].entries()) {
      const section = await seed(ctx, 'sections', { menu: menu.id, name });
      for (let i = 0; i < 8; i++)
        await seed(ctx, 'items', {
          section: section.id,
          name: `${name.slice(0, -1)} ${i + 1}`,
          description: 'Seasonal vegetables, herbs and a little olive oil',
          prices: [{ label: '', amount: 900 + n * 100 + i * 10 }],
          allergens: i % 2 ? ['gluten'] : [],
        });
    }
    const desserts = await seed(ctx, 'sections', { menu: menu.id, name: 'Desserts' });
    const photo = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: '#d97706' },
    })
      .composite([{ input: Buffer.from('<svg width="1200" height="800"><circle cx="600" cy="400" r="300" fill="#fde68a"/></svg>') }])
      .jpeg()
      .toBuffer();
    const brulee = await ctx.engine.create(
      ctx.engine.collection('items'),
      {
        data: {
          section: desserts.id,
          name: 'Crème Brûlée',
          description: 'Vanilla custard under a crust of burnt sugar, made every morning.',
          prices: [{ label: '', amount: 790 }],
          allergens: ['milk', 'eggs'],
          diets: ['vegetarian'],
          optionGroups: [extras.id],
          nutrition: { kcal: 410, fat: 28, sugars: 31, protein: 6, portion: '150 g' },
        },
        files: { image: [{ name: 'brulee.jpg', data: photo }] },
        fromForm: false,
      },
      superuserRequest(ctx),
    );
    bruleeId = String(brulee.id);
    await seed(ctx, 'items', { section: desserts.id, name: 'Apple pie', prices: [{ label: '', amount: 650 }], allergens: ['gluten'] });
    await seed(ctx, 'venues', {
      organization: org,
      name: 'Brasserie Lumière',
      timezone: 'Europe/Paris',
      primaryColor: '#7c2d12',
      menus: [menu.id],
    });
  });
  afterAll(async () => {
    await e?.close();
  });

  const visibleDishes = (page: Page) =>
    page
      .locator('.i')
      .evaluateAll((lis) =>
        lis.filter((li) => (li as HTMLElement).offsetParent !== null).map((li) => li.querySelector('h3 a')?.textContent ?? ''),
      );
  const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  it('filters as the guest types, without a page load; the URL follows; no match says so and resets', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await (await e.context({ ...PHONE, colorScheme })).newPage();
      await page.goto('/m/brasserie-lumiere');
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      const field = page.getByRole('searchbox', { name: 'Search the menu' });
      await field.fill('BRULEE');
      await expect.poll(() => visibleDishes(page)).toEqual(['Crème Brûlée']);
      await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('BRULEE');
      // The dish's section keeps its heading; the others are gone.
      expect(await page.getByRole('heading', { name: 'Desserts' }).isVisible()).toBe(true);
      expect(await page.getByRole('heading', { name: 'Mains' }).isVisible()).toBe(false);
      await screenshot(page, `guest-search-${colorScheme}-390`);
      await field.fill('pizza');
      await expect.poll(() => visibleDishes(page)).toEqual([]);
      const none = page.getByText('No dishes match “pizza”.');
      expect(await none.isVisible()).toBe(true);
      await screenshot(page, `guest-search-none-${colorScheme}-390`);
      await page.getByRole('link', { name: 'Show all dishes' }).click();
      await expect.poll(() => visibleDishes(page)).toHaveLength(26);
      expect(new URL(page.url()).search).toBe('');
      expect(await field.inputValue()).toBe('');
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      expect(await noSideways(page)).toBe(true);
    }
  });

  it('opens a dish as an overlay with its own URL; Back and Esc close it at the same scroll position, focus back on the dish', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await (await e.context({ ...PHONE, colorScheme })).newPage();
      await page.goto('/m/brasserie-lumiere');
      const link = page.getByRole('link', { name: 'Crème Brûlée' });
      await link.scrollIntoViewIfNeeded();
      const y = await page.evaluate(() => window.scrollY);
      expect(y).toBeGreaterThan(1000);
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      await link.click();
      const dialog = page.getByRole('dialog', { name: 'Crème Brûlée' });
      await dialog.waitFor();
      expect(new URL(page.url()).pathname).toBe(`/m/brasserie-lumiere/i/${bruleeId}`);
      expect(await dialog.getByText('Vanilla custard under a crust of burnt sugar').isVisible()).toBe(true);
      expect(await dialog.getByText('Milk').first().isVisible()).toBe(true);
      // The photo is loaded from the thumbs, in a size the screen needs.
      await expect.poll(() => dialog.locator('img.ph').evaluate((img) => (img as HTMLImageElement).complete)).toBe(true);
      expect(await dialog.locator('img.ph').evaluate((img) => (img as HTMLImageElement).currentSrc)).toMatch(/thumb=(480x320|960x640)$/);
      expect(await dialog.locator('img.ph').evaluate((img) => img.getBoundingClientRect().width)).toBe(358);
      // Focus is inside the dialog (the close button), and the page behind is inert.
      expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
      await screenshot(page, `guest-detail-overlay-${colorScheme}-390`);
      expect(await noSideways(page)).toBe(true);

      await page.goBack();
      await expect.poll(() => dialog.isVisible()).toBe(false);
      expect(new URL(page.url()).pathname).toBe('/m/brasserie-lumiere');
      expect(await page.evaluate(() => window.scrollY)).toBe(y);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Crème Brûlée');

      // Esc: the same, through history.
      await link.click();
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await expect.poll(() => new URL(page.url()).pathname).toBe('/m/brasserie-lumiere');
      expect(await dialog.isVisible()).toBe(false);
      expect(await page.evaluate(() => window.scrollY)).toBe(y);
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    }
  });

  it('without JavaScript: the dish is a page of its own, and Back to the menu lands on the dish', async () => {
    const page = await (await e.context({ ...PHONE, javaScriptEnabled: false })).newPage();
    await page.goto('/m/brasserie-lumiere');
    await page.getByRole('searchbox', { name: 'Search the menu' }).fill('creme');
    await Promise.all([page.waitForURL(/q=creme/), page.getByRole('searchbox').press('Enter')]);
    expect(await visibleDishes(page)).toEqual(['Crème Brûlée']);
    await Promise.all([page.waitForURL(/\/i\//), page.getByRole('link', { name: 'Crème Brûlée' }).click()]);
    expect(await page.getByRole('heading', { level: 1, name: 'Crème Brûlée' }).isVisible()).toBe(true);
    expect(await page.title()).toBe('Crème Brûlée – Brasserie Lumière');
    expect(await page.getByText('Eggs').isVisible()).toBe(true);
    await screenshot(page, 'guest-detail-nojs-light-390');
    await Promise.all([page.waitForURL(/#i-/), page.getByRole('link', { name: '← Back to the menu' }).click()]);
    expect(new URL(page.url()).hash).toBe(`#i-${bruleeId}`);
    // The dish is in view, not under the sticky section bar.
    const box = await page.locator(`#i-${bruleeId}`).evaluate((el) => [el.getBoundingClientRect().top, el.getBoundingClientRect().bottom]);
    const bar = await page.locator('.sn').evaluate((el) => el.getBoundingClientRect().bottom);
    expect(box[0]).toBeGreaterThanOrEqual(bar);
    expect(box[1]).toBeLessThanOrEqual(844);
  });

  it('looks right at 1280 in light and dark, and has no sideways scrolling at 320', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await (await e.context({ viewport: { width: 1280, height: 900 }, colorScheme })).newPage();
      await page.goto('/m/brasserie-lumiere?q=creme');
      await screenshot(page, `guest-search-${colorScheme}-1280`);
      await page.getByRole('link', { name: 'Crème Brûlée' }).click();
      await page.getByRole('dialog').waitFor();
      await screenshot(page, `guest-detail-overlay-${colorScheme}-1280`);
    }
    const narrow = await (await e.context({ viewport: { width: 320, height: 640 }, isMobile: true })).newPage();
    for (const url of ['/m/brasserie-lumiere', `/m/brasserie-lumiere/i/${bruleeId}`]) {
      await narrow.goto(url);
      expect(await noSideways(narrow), url).toBe(true);
      await screenshot(narrow, `guest-${url.includes('/i/') ? 'detail' : 'search'}-light-320`);
    }
    await narrow.goto('/m/brasserie-lumiere');
    await narrow.getByRole('link', { name: 'Crème Brûlée' }).click();
    await narrow.getByRole('dialog').waitFor();
    expect(await noSideways(narrow)).toBe(true);
  });
});
