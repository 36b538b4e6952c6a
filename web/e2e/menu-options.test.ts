import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { seed, superuserRequest } from '../../server/test/test-app.ts';
import type { SqlParam } from '../../server/db/statements.ts';
import { hasBrowser, keyboardMove, screenshot, signedInPage, startE2E, type E2E } from './harness.ts';

/**
 * The staff editor of issue 20 in a real browser, at 1280 px and 390 px: a pizza with a shared
 * "Extras" group (attached to two pizzas, its options reordered with the keyboard), dietary
 * labels and kcal, a per-venue sold-out mark and price; then the guest pages show the options,
 * labels and kcal, and the override at that venue only. Screenshots in light and dark.
 */
const PASSWORD = 'options-password-1';
const OWNER = 'pizza-owner@example.com';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

describe.skipIf(!hasBrowser)('menu options, labels, nutrition and per-venue overrides', () => {
  let e: E2E;
  let auth: { token: string; record: unknown };
  let sectionId = '';
  const ids: Record<string, string> = {};
  const slugs: Record<string, string> = {};

  const rows = (sql: string, params: unknown[] = []) => e.app.ctx.stmts.all(sql, params as SqlParam[]);
  const row = (sql: string, params: unknown[] = []) => e.app.ctx.stmts.get(sql, params as SqlParam[]);
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

  async function signedIn(options: Parameters<E2E['context']>[0] = {}): Promise<{ context: BrowserContext; page: Page }> {
    return signedInPage(e, auth, options);
  }

  /** Whether anything is wider than the viewport (sideways scrolling), and the same inside an open dialog. */
  const overflow = (page: Page) =>
    page.evaluate(() => {
      const doc = document.documentElement;
      const dialogs = [...document.querySelectorAll('[role="dialog"]')] as HTMLElement[];
      return {
        page: doc.scrollWidth > doc.clientWidth,
        dialogs: dialogs.map((d) => d.scrollWidth > d.clientWidth || d.getBoundingClientRect().right > window.innerWidth + 0.5),
      };
    });

  const optionNames = async (dialog: Locator) => (await dialog.getByTestId('option-name').allInnerTexts()).map((t) => t.trim());
  const optionOrder = (groupId: string) =>
    rows('SELECT name FROM options WHERE "group" = ? ORDER BY position', [groupId]).map((r) => r.name);

  async function openSection(page: Page) {
    await page.goto(`/sections/${sectionId}/items`);
    await page.getByRole('heading', { name: 'Pizza', level: 1 }).waitFor();
  }

  async function openItem(page: Page, name: string) {
    await page.getByTestId('item-name').filter({ hasText: name }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
    await dialog.waitFor();
    return dialog;
  }

  beforeAll(async () => {
    e = await startE2E();
    const { ctx } = e.app;
    const su = () => superuserRequest(ctx);
    const update = (collection: string, id: string, data: Record<string, unknown>) =>
      ctx.engine.update(ctx.engine.collection(collection), id, { data, files: {}, fromForm: false }, su());
    const owner = await seed(ctx, 'users', { email: OWNER, password: PASSWORD, passwordConfirm: PASSWORD, name: 'Pia', verified: true });
    const org = String(row('SELECT currentOrganization AS o FROM users WHERE id = ?', [owner.id])?.o);
    await update('organizations', org, { subscriptionStatus: 'active', name: 'Pizzeria Due', currency: 'EUR' });
    await update('users', String(owner.id), { onboardingComplete: true });
    const menu = await seed(ctx, 'menus', { organization: org, name: 'Pizzeria', status: 'published', languages: ['en'] });
    sectionId = String((await seed(ctx, 'sections', { menu: menu.id, name: 'Pizza' })).id);
    for (const [name, amount] of [
      ['Margherita', 900],
      ['Diavola', 1100],
    ] as const)
      ids[name] = String((await seed(ctx, 'items', { section: sectionId, name, prices: [{ label: '', amount }] })).id);
    for (const [key, name, timezone] of [
      ['centro', 'Centro', 'Europe/Rome'],
      ['airport', 'Airport', 'Europe/London'],
    ] as const) {
      const venue = await seed(ctx, 'venues', { organization: org, name, timezone, primaryColor: '#b45309', menus: [menu.id] });
      ids[key] = String(venue.id);
      slugs[key] = String(venue.slug);
    }
    auth = await e.app.sdk().collection('users').authWithPassword(OWNER, PASSWORD, { expand: 'currentOrganization' });
  });
  afterAll(async () => {
    await e?.close();
  });

  it('1280 px: builds a pizza with a shared Extras group, labels and kcal; reorders options with the keyboard', async () => {
    const { page } = await signedIn({ viewport: DESKTOP });
    await openSection(page);
    const editor = await openItem(page, 'Margherita');
    await editor.getByText('No options yet').waitFor();

    // A new group, created from the item editor and attached to it.
    await editor.getByRole('button', { name: 'New group' }).click();
    const groupDialog = page.getByRole('dialog', { name: 'New option group' });
    await groupDialog.getByLabel('Group name').fill('Extras');
    await groupDialog.getByLabel('Most choices').fill('3');
    await expect(groupDialog.getByTestId('choice-summary').innerText()).resolves.toBe('Optional, up to 3');
    await groupDialog.getByRole('button', { name: 'Create group' }).click();
    const extras = page.getByRole('dialog', { name: 'Option group: Extras' });
    await extras.getByText('No options in this group yet.').waitFor();
    ids.extras = String(row('SELECT id FROM option_groups WHERE name = ?', ['Extras'])?.id);

    // Options: price deltas in the currency, their own allergens and labels; a label against an
    // allergen is said at once and blocks the save.
    const addOption = async (name: string, price: string, fill?: (form: Locator) => Promise<void>) => {
      await extras.getByRole('button', { name: 'Add option' }).click();
      const form = extras.getByTestId('option-editor');
      await form.getByLabel('Option name').fill(name);
      await form.getByLabel('Adds to the price').fill(price);
      await fill?.(form);
      await form.getByRole('button', { name: 'Add option' }).click();
      await form.waitFor({ state: 'detached' });
      await extras.getByTestId('option-name').filter({ hasText: name }).waitFor();
    };
    await addOption('Mozzarella', '1,5', async (form) => {
      await form.getByRole('button', { name: /Milk/ }).click();
      await form.getByRole('button', { name: 'Vegan' }).click();
      await form.getByRole('alert').filter({ hasText: 'A dish labelled Vegan cannot contain Milk' }).waitFor();
      await form.getByRole('button', { name: 'Vegan' }).click();
      await form.getByRole('button', { name: 'Vegetarian' }).click();
    });
    await addOption('Olives', '0.80', (form) => form.getByRole('button', { name: 'Vegan' }).click());
    await addOption('Chilli oil', '0.50', (form) => form.getByRole('button', { name: 'Mildly spicy' }).click());
    await expect(optionNames(extras)).resolves.toEqual(['Mozzarella', 'Olives', 'Chilli oil']);
    expect(rows('SELECT name, priceDelta, allergens, diets FROM options WHERE "group" = ? ORDER BY position', [ids.extras])).toEqual([
      { name: 'Mozzarella', priceDelta: 150, allergens: '["milk"]', diets: '["vegetarian"]' },
      { name: 'Olives', priceDelta: 80, allergens: '[]', diets: '["vegan"]' },
      { name: 'Chilli oil', priceDelta: 50, allergens: '[]', diets: '["spicy-1"]' },
    ]);

    // Keyboard reorder: Chilli oil to the top.
    await keyboardMove(page, extras.getByRole('button', { name: 'Reorder Chilli oil' }), 'ArrowUp', 2);
    await expect.poll(() => optionOrder(ids.extras as string)).toEqual(['Chilli oil', 'Mozzarella', 'Olives']);
    await expect(optionNames(extras)).resolves.toEqual(['Chilli oil', 'Mozzarella', 'Olives']);
    await screenshot(page, 'menu-options-group-1280-light');
    await extras.getByRole('button', { name: 'Done' }).click();
    await extras.waitFor({ state: 'detached' });

    // Labels and nutrition on the item; kJ is derived as it is typed.
    await editor.getByRole('button', { name: 'Vegetarian' }).click();
    await editor.getByLabel('Energy (kcal)').fill('800');
    await editor.getByText('= 3,347 kJ').waitFor();
    await editor.getByLabel('Portion', { exact: true }).fill('350 g');
    await editor.getByRole('button', { name: 'Save item' }).click();
    await editor.waitFor({ state: 'detached' });
    await expect
      .poll(() => row('SELECT optionGroups, diets, nutrition FROM items WHERE id = ?', [ids.Margherita]))
      .toEqual({ optionGroups: JSON.stringify([ids.extras]), diets: '["vegetarian"]', nutrition: '{"kcal":800,"portion":"350 g"}' });

    // The second pizza attaches the same group; its editor then says the group is shared.
    const diavola = await openItem(page, 'Diavola');
    await diavola.getByLabel('Add an existing group').selectOption({ label: 'Extras (used by 1 item)' });
    await diavola.getByRole('button', { name: 'Add', exact: true }).click();
    await diavola.getByTestId('item-option-group').filter({ hasText: 'Extras' }).waitFor();
    await diavola.getByRole('button', { name: 'Very spicy' }).click();
    await diavola.getByRole('button', { name: 'Save item' }).click();
    await diavola.waitFor({ state: 'detached' });
    await expect
      .poll(() => row('SELECT optionGroups FROM items WHERE id = ?', [ids.Diavola])?.optionGroups)
      .toBe(JSON.stringify([ids.extras]));
    const again = await openItem(page, 'Diavola');
    await again.getByText('Used by 2 items').first().waitFor();
    await again.getByRole('button', { name: 'Edit group Extras' }).click();
    await page.getByRole('dialog', { name: 'Option group: Extras' }).getByText('Used by 2 items. Changes here apply').waitFor();
    await screenshot(page, 'menu-options-shared-1280-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'menu-options-shared-1280-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await overflow(page)).toEqual({ page: false, dialogs: [false, false] });
  });

  it('1280 px: marks the pizza sold out at the airport only, with its own price there', async () => {
    const { page } = await signedIn({ viewport: DESKTOP, timezoneId: 'Europe/Rome' });
    await openSection(page);
    const row0 = page.getByTestId('item-row').filter({ hasText: 'Margherita' });
    await row0.getByRole('button', { name: 'Actions for Margherita' }).click();
    await page.getByRole('menuitem', { name: 'Per venue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Margherita per venue' });
    const airport = dialog.getByTestId('venue-override').filter({ hasText: 'Airport' });
    await airport.getByRole('switch', { name: 'Sold out at Airport' }).click();
    // "Until" is typed in the airport's zone (London), whatever the browser's zone (Rome).
    await airport.getByLabel('Sold out until (optional)').fill('2099-06-01T18:00');
    await airport.getByText('Europe/London').waitFor();
    await airport.getByRole('switch', { name: 'Own prices at this venue' }).click();
    await airport.getByLabel('Price at Airport').fill('11');
    await airport.getByRole('button', { name: 'Save for Airport' }).click();
    await expect
      .poll(() =>
        row('SELECT available, soldOutUntil, prices FROM venue_items WHERE venue = ? AND item = ?', [ids.airport, ids.Margherita]),
      )
      .toEqual({ available: 0, soldOutUntil: '2099-06-01 17:00:00.000Z', prices: '[{"label":"","amount":1100}]' });
    expect(row('SELECT COUNT(*) AS n FROM venue_items WHERE venue = ?', [ids.centro])?.n).toBe(0);
    await screenshot(page, 'menu-options-per-venue-1280-light');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const badge = row0.getByTestId('venue-differences');
    await expect(badge.innerText()).resolves.toBe('Sold out and own prices at Airport');
    await expect(badge.getAttribute('aria-label')).resolves.toMatch(
      /^Sold out and own prices at Airport\. Airport: sold out until .*, Own prices\./,
    );
    await expect(page.getByTestId('item-row').filter({ hasText: 'Diavola' }).getByTestId('venue-differences').count()).resolves.toBe(0);
    await screenshot(page, 'menu-options-list-1280-light');
  });

  it('390 px: the editor, the group dialog (also at 320 px) and keyboard reorder fit a phone, light and dark', async () => {
    const { page } = await signedIn({ viewport: PHONE, isMobile: true, hasTouch: true });
    await openSection(page);
    expect((await overflow(page)).page).toBe(false);
    await screenshot(page, 'menu-options-list-390-light');
    const editor = await openItem(page, 'Margherita');
    await editor.getByRole('button', { name: 'Edit group Extras' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'menu-options-editor-390-light');
    await editor.getByRole('button', { name: 'Edit group Extras' }).click();
    const extras = page.getByRole('dialog', { name: 'Option group: Extras' });
    await extras.getByTestId('option-row').first().waitFor();
    await keyboardMove(page, extras.getByRole('button', { name: 'Reorder Olives' }), 'ArrowUp', 1);
    await expect.poll(() => optionOrder(ids.extras as string)).toEqual(['Chilli oil', 'Olives', 'Mozzarella']);
    await extras.getByRole('button', { name: 'Edit option Olives' }).click();
    await extras.getByTestId('option-editor').waitFor();
    expect(await overflow(page)).toEqual({ page: false, dialogs: [false, false] });
    await screenshot(page, 'menu-options-group-390-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'menu-options-group-390-dark');
    await page.setViewportSize({ width: 320, height: 700 });
    await pause(100);
    expect(await overflow(page)).toEqual({ page: false, dialogs: [false, false] });
    await screenshot(page, 'menu-options-group-320-dark');
  });

  it('390 px: the per-venue dialog fits a phone too', async () => {
    const { page } = await signedIn({ viewport: PHONE, isMobile: true, hasTouch: true, colorScheme: 'dark' });
    await openSection(page);
    await page.getByTestId('venue-differences').click();
    const dialog = page.getByRole('dialog', { name: 'Margherita per venue' });
    await dialog.getByTestId('venue-override').filter({ hasText: 'Airport' }).getByLabel('Price at Airport').waitFor();
    expect(await overflow(page)).toEqual({ page: false, dialogs: [false] });
    await screenshot(page, 'menu-options-per-venue-390-dark');
  });

  it('390 px: a venue chooses its nutrition display and the daily kcal note', async () => {
    const { page } = await signedIn({ viewport: PHONE, isMobile: true, hasTouch: true });
    await page.goto(`/venues/${ids.centro}`);
    const card = page.getByRole('form', { name: 'Nutrition on the menu' });
    await expect(card.getByRole('radio', { name: /Calories only/ }).isChecked()).resolves.toBe(true);
    await card.getByRole('radio', { name: /Calories and nutrients/ }).check();
    await card.getByRole('checkbox', { name: /2,000 kcal a day/ }).check();
    await card.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(() => row('SELECT nutritionDisplay, dailyKcalNote FROM venues WHERE id = ?', [ids.centro]))
      .toEqual({ nutritionDisplay: 'full', dailyKcalNote: 1 });
    await card.scrollIntoViewIfNeeded();
    expect((await overflow(page)).page).toBe(false);
    await screenshot(page, 'menu-options-venue-nutrition-390-light');
  });

  it('guests see the options, labels and kcal; the override only at the airport', async () => {
    const context = await e.context({ viewport: PHONE, isMobile: true, javaScriptEnabled: false });
    const page = await context.newPage();
    const dish = (name: string) => page.locator('li.i').filter({ has: page.locator('h3', { hasText: name }) });

    await page.goto(`/m/${slugs.centro}`);
    const centro = dish('Margherita');
    await expect(centro.locator('.og').innerText()).resolves.toMatch(/^Extras \(.*\): Chilli oil.*\+€0\.50, Olives.*\+€0\.80, Mozzarella/);
    await expect(centro.locator('.og').innerText()).resolves.toContain('+€1.50');
    await expect(centro.locator('h3 svg[role="img"]').getAttribute('aria-label')).resolves.toBe('Vegetarian');
    // Centro shows the full declaration and the daily note; the airport kcal only (the default).
    await expect(centro.locator('.nu').innerText()).resolves.toContain('3,347 kJ / 800 kcal');
    await expect(page.locator('body').innerText()).resolves.toContain('Adults need around 2,000 kcal a day.');
    await expect(centro.innerText()).resolves.toContain('€9.00');
    await expect(centro.locator('h3 .so').isVisible()).resolves.toBe(false);
    await expect(dish('Diavola').locator('.og').innerText()).resolves.toContain('Mozzarella');
    await screenshot(page, 'menu-options-guest-centro-390');

    await page.goto(`/m/${slugs.airport}`);
    const airport = dish('Margherita');
    await expect(airport.locator('h3 .so').isVisible()).resolves.toBe(true);
    await expect(airport.innerText()).resolves.toContain('€11.00');
    await expect(airport.locator('.nu').innerText()).resolves.toBe('800 kcal (per 350 g)');
    await expect(dish('Diavola').locator('h3 .so').isVisible()).resolves.toBe(false);
    await screenshot(page, 'menu-options-guest-airport-390');
  });
});
