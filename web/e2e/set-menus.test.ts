import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { seed, superuserRequest } from '../../server/test/test-app.ts';
import type { SqlParam } from '../../server/db/statements.ts';
import { hasBrowser, screenshot, signedInPage, startE2E, type E2E } from './harness.ts';

/**
 * Set menus (issue 20, item 2) in a real browser at 1280 px and 390 px: the item editor's
 * "Set menu" kind, then a "Menu del día 14.90" built course by course (starter, main and dessert
 * each a choice of two dishes picked with the keyboard in the searchable list, one course of free
 * text moved into place with the keyboard), and the guest page showing it as one block.
 */
const PASSWORD = 'set-menu-password';
const OWNER = 'dia@example.com';

describe.skipIf(!hasBrowser)('set menus', () => {
  let e: E2E;
  let menuId = '';
  let setsSection = '';
  let auth: { token: string; record: unknown } = { token: '', record: null };
  const row = (sql: string, params: unknown[] = []) => e.app.ctx.stmts.get(sql, params as SqlParam[]);
  const rows = (sql: string, params: unknown[] = []) => e.app.ctx.stmts.all(sql, params as SqlParam[]);
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

  async function signedIn(options: Parameters<E2E['context']>[0] = {}): Promise<{ context: BrowserContext; page: Page }> {
    return signedInPage(e, auth, options);
  }

  /** No sideways scrolling: the document is no wider than the viewport. */
  const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  beforeAll(async () => {
    e = await startE2E();
    const { ctx } = e.app;
    const su = superuserRequest(ctx);
    const owner = await seed(ctx, 'users', {
      email: OWNER,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      name: 'Dolores',
      verified: true,
    });
    const org = String(row('SELECT currentOrganization AS o FROM users WHERE id = ?', [owner.id])?.o);
    const update = (collection: string, id: string, data: Record<string, unknown>) =>
      ctx.engine.update(ctx.engine.collection(collection), id, { data, files: {}, fromForm: false }, su);
    await update('organizations', org, { subscriptionStatus: 'active', name: 'Casa Dolores', currency: 'EUR' });
    await update('users', String(owner.id), { onboardingComplete: true });
    menuId = String((await seed(ctx, 'menus', { organization: org, name: 'Carta', status: 'published', languages: ['en'] })).id);
    const dishes: [string, [string, string[]][]][] = [
      [
        'Starters',
        [
          ['Gazpacho', ['celery']],
          ['Green salad', []],
        ],
      ],
      [
        'Mains',
        [
          ['Paella', ['molluscs', 'crustaceans']],
          ['Hake in green sauce', ['fish', 'gluten']],
        ],
      ],
      [
        'Desserts',
        [
          ['Flan', ['eggs', 'milk']],
          ['Seasonal fruit', []],
        ],
      ],
    ];
    for (const [section, items] of dishes) {
      const s = await seed(ctx, 'sections', { menu: menuId, name: section });
      for (const [name, allergens] of items)
        await seed(ctx, 'items', { section: s.id, name, prices: [{ label: '', amount: 750 }], allergens });
    }
    setsSection = String((await seed(ctx, 'sections', { menu: menuId, name: 'Set menus' })).id);
    await seed(ctx, 'venues', {
      organization: org,
      name: 'Casa Dolores',
      slug: 'casa-dolores',
      timezone: 'Europe/Madrid',
      primaryColor: '#b91c1c',
      currency: 'EUR',
      menus: [menuId],
    });
    const { token, record } = await e.app.sdk().collection('users').authWithPassword(OWNER, PASSWORD);
    auth = { token, record };
  });
  afterAll(async () => {
    await e?.close();
  });

  /** Picks dishes in a course's searchable list with the keyboard: type, arrow to the match, Enter. */
  async function pick(page: Page, combobox: Locator, dishes: string[]) {
    for (const dish of dishes) {
      await combobox.fill(dish.slice(0, 4));
      await page.getByRole('option', { name: new RegExp(dish) }).waitFor();
      await combobox.press('Enter');
      await page.getByRole('option', { name: new RegExp(dish), selected: true }).waitFor();
    }
    // Escape closes the list and leaves the dialog open.
    await combobox.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await combobox.fill('');
  }

  const viewports = [
    { label: 'desktop', name: 'Menu del día', viewport: { width: 1280, height: 900 } },
    { label: 'phone', name: 'Menu del día (terrace)', viewport: { width: 390, height: 844 }, isMobile: true },
  ] as const;

  it.each(viewports)('builds a three-course set menu in the editor at $label size', async ({ label, name, viewport, ...options }) => {
    const { page } = await signedIn({ viewport, ...options });
    await page.goto(`/sections/${setsSection}/items`);
    await page.getByRole('button', { name: 'Add item' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Set menu', { exact: true }).click();
    await expect(dialog.getByRole('radio', { name: 'Set menu' }).isChecked()).resolves.toBe(true);
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByLabel('Price 1 amount').fill('14.90');
    // A set has one fixed price: no second price to add.
    await expect(dialog.getByRole('button', { name: 'Add price' }).isDisabled()).resolves.toBe(true);
    await dialog.getByText('Save the set menu first, then add its courses.').waitFor();
    await dialog.getByRole('button', { name: 'Add item' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The items list says what it is.
    await page.getByText('Set menu', { exact: true }).first().waitFor();

    await page.getByTestId('item-name').filter({ hasText: name }).click();
    await dialog.getByText('No courses yet.', { exact: false }).waitFor();
    const setId = String(row('SELECT id FROM items WHERE name = ?', [name])?.id);
    expect(row('SELECT kind, prices FROM items WHERE id = ?', [setId])).toEqual({ kind: 'set', prices: '[{"label":"","amount":1490}]' });

    const newCourse = dialog.getByLabel('New course', { exact: true });
    const courses: [string, string[]][] = [
      ['Starter', ['Gazpacho', 'Green salad']],
      ['Main', ['Paella', 'Hake in green sauce']],
      ['Dessert', ['Flan', 'Seasonal fruit']],
      ['Bread and drink', []],
    ];
    for (const [n, [course, dishes]] of courses.entries()) {
      await newCourse.fill(course);
      await newCourse.press('Enter');
      const courseName = dialog.getByLabel(`Name of course ${n + 1}`);
      await expect.poll(() => courseName.inputValue()).toBe(course);
      if (dishes.length) await pick(page, dialog.getByRole('combobox', { name: `Add a dish of this menu (${course})` }), dishes);
    }
    // The free-text course: its text, saved when the field is left.
    const text = dialog.getByLabel('Free text of course 4');
    await text.fill('Bread, water or a glass of wine');
    await text.press('Enter');
    await expect
      .poll(() => row('SELECT description FROM set_courses WHERE item = ? AND name = ?', [setId, 'Bread and drink'])?.description)
      .toBe('Bread, water or a glass of wine');

    // Keyboard reorder: the drinks move up above the dessert (Space, ArrowUp, Space on the handle).
    const handle = dialog.getByRole('button', { name: 'Reorder Bread and drink' });
    await handle.focus();
    await page.keyboard.press('Space');
    await pause(150);
    await page.keyboard.press('ArrowUp');
    await pause(150);
    await page.keyboard.press('Space');
    const stored = () =>
      rows('SELECT name, choices, position FROM set_courses WHERE item = ? ORDER BY position', [setId]).map((r) => String(r.name));
    await expect.poll(stored).toEqual(['Starter', 'Main', 'Bread and drink', 'Dessert']);
    const dishNames = (json: unknown) =>
      (JSON.parse(String(json)) as string[]).map((id) => String(row('SELECT name FROM items WHERE id = ?', [id])?.name));
    expect(rows('SELECT choices FROM set_courses WHERE item = ? ORDER BY position', [setId]).map((r) => dishNames(r.choices))).toEqual([
      ['Gazpacho', 'Green salad'],
      ['Paella', 'Hake in green sauce'],
      [],
      ['Flan', 'Seasonal fruit'],
    ]);
    await expect(dialog.getByLabel('Name of course 3').inputValue()).resolves.toBe('Bread and drink');
    // The chosen dishes show as chips that can be removed by name.
    await dialog.getByRole('button', { name: 'Remove Paella from Main' }).waitFor();
    expect(await fits(page)).toBe(true);
    await screenshot(page, `set-menu-editor-${label}-light`);
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, `set-menu-editor-${label}-dark`);
  });

  it.each(viewports)(
    'shows each set menu as one block on the guest page at $label size, light and dark',
    async ({ label, viewport, ...options }) => {
      const context = await e.context({ viewport, ...options });
      const page = await context.newPage();
      await page.goto('/m/casa-dolores');
      const setId = String(row('SELECT id FROM items WHERE name = ?', ['Menu del día'])?.id);
      const block = page.locator(`#i-${setId}`);
      await expect(block.locator('h3').innerText()).resolves.toMatch(/^Menu del día\s+Set menu/);
      await expect(block.locator('.ps').innerText()).resolves.toBe('€14.90');
      await expect(block.locator('.cs li').allInnerTexts()).resolves.toEqual([
        'Starter (choose one): Gazpacho (L) or Green salad',
        'Main (choose one): Paella (B, R) or Hake in green sauce (A, D)',
        'Bread and drink: Bread, water or a glass of wine',
        'Dessert (choose one): Flan (C, G) or Seasonal fruit',
      ]);
      expect(await fits(page)).toBe(true);
      await block.scrollIntoViewIfNeeded();
      await screenshot(page, `set-menu-guest-${label}-light`);
      await page.emulateMedia({ colorScheme: 'dark' });
      await screenshot(page, `set-menu-guest-${label}-dark`);
    },
  );
});
