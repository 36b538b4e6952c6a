import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasBrowser, screenshot, startE2E, type E2E } from './harness.ts';
import { seed, superuserRequest } from '../../server/test/test-app.ts';

/**
 * The guest filter of issue 20 in a phone-sized Chromium: the GET form without JavaScript (the
 * server filters) and the instant filter with it show the same dishes for the same choices, and
 * the URL carries the state either way. Also the option groups, labels and kcal as they look.
 */
describe.skipIf(!hasBrowser)('guest filter: without and with JavaScript', () => {
  let e: E2E;
  const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, locale: 'en-GB' } as const;

  beforeAll(async () => {
    e = await startE2E();
    const ctx = e.app.ctx;
    const user = await seed(ctx, 'users', {
      email: 'filter@example.com',
      password: 'filter-password',
      passwordConfirm: 'filter-password',
      verified: true,
    });
    const org = String(ctx.stmts.get('SELECT currentOrganization AS o FROM users WHERE id = ?', [String(user.id)])?.o);
    await ctx.engine.update(
      ctx.engine.collection('organizations'),
      org,
      { data: { subscriptionStatus: 'active' }, files: {}, fromForm: false },
      superuserRequest(ctx),
    );
    const extras = await seed(ctx, 'option_groups', { organization: org, name: 'Extras', maxChoices: 3 });
    await seed(ctx, 'options', { group: extras.id, name: 'Mozzarella', priceDelta: 150, allergens: ['milk'] });
    await seed(ctx, 'options', { group: extras.id, name: 'Chilli oil', priceDelta: 50, diets: ['vegan', 'spicy-1'] });
    const sauce = await seed(ctx, 'option_groups', { organization: org, name: 'Sauce', minChoices: 1, maxChoices: 1 });
    await seed(ctx, 'options', { group: sauce.id, name: 'Cream', allergens: ['milk'] });
    await seed(ctx, 'options', { group: sauce.id, name: 'Butter', allergens: ['milk'] });
    const side = await seed(ctx, 'option_groups', { organization: org, name: 'Side', minChoices: 1, maxChoices: 1 });
    await seed(ctx, 'options', { group: side.id, name: 'Fries' });
    await seed(ctx, 'options', { group: side.id, name: 'Salad', diets: ['vegan'] });
    // German is published untranslated (names fall back to English): enough to switch languages.
    const menu = await seed(ctx, 'menus', {
      organization: org,
      name: 'Trattoria',
      status: 'published',
      languages: ['en', 'de'],
      publishIncomplete: ['de'],
    });
    const mains = await seed(ctx, 'sections', { menu: menu.id, name: 'Mains' });
    const dishes: [string, Record<string, unknown>][] = [
      [
        'Pizza marinara',
        { allergens: ['gluten'], diets: ['vegan'], optionGroups: [extras.id], nutrition: { kcal: 720, portion: '400 g' } },
      ],
      ['Gnocchi', { diets: ['vegetarian', 'chefs-pick'], optionGroups: [sauce.id], nutrition: { kcal: 650 } }],
      ['Burger', { allergens: ['gluten', 'sesame'], diets: ['halal', 'new'], optionGroups: [side.id, extras.id] }],
      ['Grilled trout', { allergens: ['fish'], diets: ['pescatarian', 'gluten-free'] }],
      ['Arrabbiata', { allergens: ['gluten'], diets: ['vegan', 'spicy-3'] }],
      ['Tiramisu', { allergens: ['milk', 'eggs', 'gluten'], diets: ['vegetarian', 'alcohol'] }],
    ];
    for (const [name, data] of dishes)
      await seed(ctx, 'items', { section: mains.id, name, prices: [{ label: '', amount: 1250 }], ...data });
    await seed(ctx, 'venues', {
      organization: org,
      name: 'Trattoria Filtro',
      timezone: 'Europe/Rome',
      primaryColor: '#b45309',
      menus: [menu.id],
      dailyKcalNote: true,
    });
  });
  afterAll(async () => {
    await e?.close();
  });

  /** The names of the dishes a guest sees. */
  const visibleDishes = (page: Page) =>
    page
      .locator('.i')
      .evaluateAll((lis) =>
        lis
          .filter((li) => (li as HTMLElement).offsetParent !== null)
          .map((li) => li.querySelector('h3')?.firstChild?.textContent?.trim() ?? ''),
      );
  /** The filter in a query, sorted (the page's `lang`, kept by the form on a two-language page, and the empty search field the form sends without JavaScript, left out). */
  const sorted = (search: string) =>
    [...new URLSearchParams(search).entries()]
      .filter(([k, v]) => k !== 'lang' && !(k === 'q' && v === ''))
      .map(([k, v]) => `${k}=${v}`)
      .sort();

  const choices: { diet: string[]; hide: string[] }[] = [
    { diet: ['vegetarian'], hide: [] },
    { diet: [], hide: ['milk'] },
    { diet: ['vegan'], hide: ['milk'] },
    { diet: ['pescatarian'], hide: ['milk', 'gluten'] },
    { diet: ['gluten-free'], hide: [] },
    // Nothing is left: both say so.
    { diet: ['halal', 'gluten-free'], hide: [] },
  ];

  it.each(choices)('shows the same dishes for %j: GET form without JavaScript = instant filter with it', async (choice) => {
    const query = new URLSearchParams([...choice.diet.map((d) => ['diet', d]), ...choice.hide.map((h) => ['hide', h])]).toString();

    // Without JavaScript: tick the boxes and submit the form; the server filters.
    const noJs = await (await e.context({ ...PHONE, javaScriptEnabled: false })).newPage();
    await noJs.goto('/m/trattoria-filtro');
    // <details> opens without JavaScript.
    if (choice.diet.length) await noJs.getByText('Show only…').click();
    if (choice.hide.length) await noJs.getByText('Hide dishes containing…').click();
    for (const d of choice.diet) await noJs.locator(`#d-${d}`).check();
    for (const h of choice.hide) await noJs.locator(`#x-${h}`).check();
    await Promise.all([noJs.waitForURL(/\?/), noJs.getByRole('button', { name: 'Apply' }).click()]);
    expect(sorted(new URL(noJs.url()).search)).toEqual(sorted(query));
    const served = await visibleDishes(noJs);

    // The same URL, opened fresh without JavaScript (a shared link).
    const shared = await (await e.context({ ...PHONE, javaScriptEnabled: false })).newPage();
    await shared.goto(`/m/trattoria-filtro?${query}`);
    expect(await visibleDishes(shared)).toEqual(served);

    // With JavaScript: the same boxes filter instantly (no navigation), and the URL follows.
    const js = await (await e.context(PHONE)).newPage();
    await js.goto('/m/trattoria-filtro');
    expect(await js.getByRole('button', { name: 'Apply' }).isVisible()).toBe(false);
    if (choice.diet.length) await js.getByText('Show only…').click();
    if (choice.hide.length) await js.getByText('Hide dishes containing…').click();
    // A mark on the window survives only while the document does: no page load happened.
    await js.evaluate(() => Object.assign(window, { sameDocument: true }));
    for (const d of choice.diet) await js.locator(`#d-${d}`).check();
    for (const h of choice.hide) await js.locator(`#x-${h}`).check();
    expect(await visibleDishes(js)).toEqual(served);
    expect(sorted(new URL(js.url()).search)).toEqual(sorted(query));
    expect(await js.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(served.length).toBeLessThan(6);
    for (const p of [noJs, shared, js]) expect(await p.getByText('No dishes match this filter.').isVisible()).toBe(served.length === 0);
  });

  it('unticking with JavaScript shows again what the server hid, and the URL drops the filter', async () => {
    const page = await (await e.context(PHONE)).newPage();
    await page.goto('/m/trattoria-filtro?hide=milk');
    expect(await visibleDishes(page)).not.toContain('Gnocchi');
    expect(await visibleDishes(page)).toContain('Pizza marinara');
    await page.locator('#x-milk').uncheck();
    expect(await visibleDishes(page)).toContain('Gnocchi');
    expect(sorted(new URL(page.url()).search)).toEqual([]);
  });

  it('switching language keeps the filter, with JavaScript and without', async () => {
    const js = await (await e.context(PHONE)).newPage();
    await js.goto('/m/trattoria-filtro?lang=en');
    const all = await visibleDishes(js);
    await js.getByText('Show only…').click();
    await js.locator('#d-vegan').check();
    const vegan = await visibleDishes(js);
    expect(vegan.length).toBeLessThan(all.length);
    await Promise.all([js.waitForURL(/lang=de/), js.getByRole('link', { name: 'DE' }).click()]);
    expect(await js.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(new URL(js.url()).searchParams.getAll('diet')).toEqual(['vegan']);
    expect(await visibleDishes(js)).toEqual(vegan);

    const noJs = await (await e.context({ ...PHONE, javaScriptEnabled: false })).newPage();
    await noJs.goto('/m/trattoria-filtro?hide=milk&lang=en');
    const served = await visibleDishes(noJs);
    await Promise.all([noJs.waitForURL(/lang=de/), noJs.getByRole('link', { name: 'DE' }).click()]);
    expect(new URL(noJs.url()).searchParams.getAll('hide')).toEqual(['milk']);
    expect(await visibleDishes(noJs)).toEqual(served);
  });

  it('does not shift the menu while it loads (the Apply button is only there without JavaScript)', async () => {
    const page = await (await e.context(PHONE)).newPage();
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/m/trattoria-filtro');
    await page.waitForLoadState('networkidle');
    // A sentinel paint after the page settled: a layout shift from loading would be reported before it.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
  });

  it('looks right at 390 px in light and dark: options, labels, kcal, the open filter; no sideways scrolling', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await (await e.context({ ...PHONE, colorScheme })).newPage();
      await page.goto('/m/trattoria-filtro?diet=vegan');
      await page.getByRole('heading', { name: 'Trattoria Filtro' }).waitFor();
      expect(await page.getByRole('img', { name: 'Vegan' }).first().isVisible(), 'vegan icon').toBe(true);
      expect(await page.locator('.og').first().textContent(), 'options').toMatch(
        /^Extras \(up to 3\): Mozzarella \(G\) \+€1\.50, Chilli oil/,
      );
      expect(await page.getByText('720 kcal (per 400 g)').isVisible(), 'kcal').toBe(true);
      expect(await page.getByText('Adults need around 2,000 kcal a day.').isVisible(), 'daily note').toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, `guest-filter-${colorScheme}-390`);
    }
  });
});
