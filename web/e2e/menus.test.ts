import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { seed, superuserRequest } from '../../server/test/test-app.ts';
import type { SqlParam } from '../../server/db/statements.ts';
import { readTranslations } from '../../shared/translations.ts';
import { hasBrowser, keyboardMove, screenPairs, screenshot, startE2E, type E2E } from './harness.ts';

/**
 * The menu screens in a real browser: the menus list, the menu editor (sections, schedule,
 * languages, publishing) and a section's items (variants, allergens, tags, photo, sold out,
 * translations), drag-and-drop order that survives a reload, and two members editing live.
 * Users, organization and venue are set up on the server; the browser signs in through the
 * SDK's localStorage entry.
 */
const PASSWORD = 'menu-password-1';
const OWNER = 'owner@example.com';
const COLLEAGUE = 'colleague@example.com';

type Auth = { token: string; record: unknown };

describe.skipIf(!hasBrowser)('menus', () => {
  let e: E2E;
  let orgId = '';
  let venueId = '';
  let specialTag = '';
  let menuId = '';
  const sectionIds: Record<string, string> = {};
  const auth: Record<string, Auth> = {};

  const su = () => superuserRequest(e.app.ctx);
  const update = (collection: string, id: string, data: Record<string, unknown>) =>
    e.app.ctx.engine.update(e.app.ctx.engine.collection(collection), id, { data, files: {}, fromForm: false }, su());
  // Test ids come from loosely typed rows; the database accepts them as they are.
  const rows = (sql: string, params: unknown[] = []) => e.app.ctx.stmts.all(sql, params as SqlParam[]);
  const row = (sql: string, params: unknown[] = []) => e.app.ctx.stmts.get(sql, params as SqlParam[]);

  async function signedIn(email: string, options: Parameters<E2E['context']>[0] = {}): Promise<{ context: BrowserContext; page: Page }> {
    const context = await e.context(options);
    const session = auth[email];
    await context.addInitScript((s) => {
      localStorage.setItem('cookie_consent', 'no');
      // Not in a same-origin frame (the design card's preview): its storage event would reset the app's session.
      if (window.top === window) localStorage.setItem('pocketbase_auth', JSON.stringify(s));
    }, session);
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error(`[${email}] page error:`, err.message));
    if (process.env.E2E_DEBUG) page.on('console', (m) => console.log(`[${email}] ${m.type()}: ${m.text()}`));
    return { context, page };
  }

  const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
  const texts = async (locator: Locator) => (await locator.allInnerTexts()).map((t) => t.trim());
  const sectionNames = async (page: Page) => texts(page.getByTestId('section-row').locator('a .font-medium'));
  const itemNames = async (page: Page) => texts(page.getByTestId('item-name'));
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

  /** Mouse drag and drop from one handle to the position of another row. */
  async function mouseDrag(page: Page, handle: Locator, target: Locator) {
    const from = await handle.boundingBox();
    const to = await target.boundingBox();
    if (!from || !to) throw new Error('not visible');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 3 });
    await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 12 });
    await pause(150);
    await page.mouse.up();
    await pause(300);
  }

  async function addItem(page: Page, name: string, amount: string) {
    await page.getByRole('button', { name: 'Add item' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByLabel('Price 1 amount').fill(amount);
    await dialog.getByRole('button', { name: 'Add item' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('item-name').filter({ hasText: name }).waitFor();
  }

  async function openSection(page: Page, name: string) {
    await page.goto(`/menus/${menuId}`);
    await page
      .getByTestId('section-row')
      .getByRole('link', { name: new RegExp(name) })
      .click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
  }

  beforeAll(async () => {
    e = await startE2E();
    const { ctx } = e.app;
    const owner = await seed(ctx, 'users', {
      email: OWNER,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      name: 'Olga Owner',
      verified: true,
    });
    orgId = String(row('SELECT currentOrganization AS o FROM users WHERE id = ?', [owner.id])?.o);
    await update('organizations', orgId, { subscriptionStatus: 'active', name: 'Gasthaus Lindwurm', currency: 'EUR' });
    await update('users', String(owner.id), { onboardingComplete: true });
    const colleague = await seed(ctx, 'users', {
      email: COLLEAGUE,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      name: 'Carl Colleague',
      verified: true,
    });
    await seed(ctx, 'memberships', { organization: orgId, user: colleague.id, role: 'editor' });
    await update('users', String(colleague.id), { onboardingComplete: true, currentOrganization: orgId });
    venueId = String(
      (await seed(ctx, 'venues', { organization: orgId, name: 'Lindwurm Wörthersee', timezone: 'Europe/Vienna', primaryColor: '#0f766e' }))
        .id,
    );
    specialTag = String((await seed(ctx, 'tags', { organization: orgId, name: 'House special', color: '#b45309' })).id);
    await seed(ctx, 'tags', { organization: orgId, name: 'Vegan', color: '#15803d' });
    for (const email of [OWNER, COLLEAGUE]) {
      const { token, record } = await e.app.sdk().collection('users').authWithPassword(email, PASSWORD, { expand: 'currentOrganization' });
      auth[email] = { token, record };
    }
  });
  afterAll(async () => {
    await e?.close();
  });

  it('shows the empty state, then creates a menu through the dialog', async () => {
    const { page } = await signedIn(OWNER);
    await page.goto('/menus/');
    await page.getByRole('heading', { name: 'No menus yet' }).waitFor();
    expect(await page.title()).toBe('Menus | QR Menu');
    await screenshot(page, 'menus-empty-light-1280');

    await page.getByRole('button', { name: 'New menu' }).click();
    const dialog = page.getByRole('dialog', { name: 'New menu' });
    await dialog.getByRole('button', { name: 'Create menu' }).click();
    await dialog.getByText('Menu name is required').waitFor();
    await dialog.getByLabel('Menu name').fill('Dinner');
    await dialog.getByRole('button', { name: 'Create menu' }).click();
    await page.waitForURL(/\/menus\/[a-z0-9]{15}$/);
    menuId = page.url().split('/').pop() as string;
    await page.getByRole('heading', { name: 'Dinner', level: 1 }).waitFor();
    expect(await page.title()).toBe('QR Menu');
    expect(row('SELECT name, status, organization FROM menus WHERE id = ?', [menuId])).toEqual({
      name: 'Dinner',
      status: 'draft',
      organization: orgId,
    });
    // The venue shows the menu from now on (its time zone drives the schedule preview).
    await update('venues', venueId, { menus: [menuId] });
  });

  it('adds, renames and reorders sections; the order survives a reload', async () => {
    const { page } = await signedIn(OWNER);
    await page.goto(`/menus/${menuId}`);
    await page.getByText('No sections yet').waitFor();
    for (const name of ['Starters', 'Mains', 'Drinks', 'Desserts']) {
      await page.getByLabel('New section name').fill(name);
      await page.getByRole('button', { name: 'Add section' }).click();
      await page
        .getByTestId('section-row')
        .getByRole('link', { name: new RegExp(name) })
        .waitFor();
    }
    await page.getByRole('button', { name: 'Add section' }).click();
    await page.getByText('Section name is required').waitFor();

    // Inline rename and delete with confirmation.
    await page.getByRole('button', { name: 'Rename Drinks' }).click();
    await page.getByLabel('Section name', { exact: true }).fill('Drinks & wine');
    await page.keyboard.press('Enter');
    await page
      .getByTestId('section-row')
      .getByRole('link', { name: /Drinks & wine/ })
      .waitFor();
    await page.getByRole('button', { name: 'Delete Desserts' }).click();
    await page.getByRole('dialog', { name: 'Delete “Desserts”?' }).getByRole('button', { name: 'Delete section' }).click();
    await expect.poll(() => sectionNames(page)).toEqual(['Starters', 'Mains', 'Drinks & wine']);
    await expect
      .poll(() => rows('SELECT name, position FROM sections WHERE menu = ? ORDER BY position', [menuId]))
      .toEqual([
        { name: 'Starters', position: 0 },
        { name: 'Mains', position: 1 },
        { name: 'Drinks & wine', position: 2 },
      ]);

    // Keyboard: Drinks & wine up two places, saved as one batch request (no single updates).
    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET' && r.url().includes('/api/')) writes.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await keyboardMove(page, page.getByRole('button', { name: 'Reorder Drinks & wine' }), 'ArrowUp', 2);
    await expect.poll(() => sectionNames(page)).toEqual(['Drinks & wine', 'Starters', 'Mains']);
    await expect.poll(() => writes.filter((w) => !w.includes('/realtime'))).toEqual(['POST /api/batch']);
    // Mouse: Mains onto Starters.
    await mouseDrag(page, page.getByRole('button', { name: 'Reorder Mains' }), page.getByTestId('section-row').nth(1));
    await expect.poll(() => sectionNames(page)).toEqual(['Drinks & wine', 'Mains', 'Starters']);
    await expect
      .poll(() => rows('SELECT name FROM sections WHERE menu = ? ORDER BY position', [menuId]).map((r) => r.name))
      .toEqual(['Drinks & wine', 'Mains', 'Starters']);

    await page.reload();
    await page.getByTestId('section-row').first().waitFor();
    expect(await sectionNames(page)).toEqual(['Drinks & wine', 'Mains', 'Starters']);
    for (const r of rows('SELECT id, name FROM sections WHERE menu = ?', [menuId])) sectionIds[String(r.name)] = String(r.id);
  });

  it('edits details, languages and the schedule with a guest preview, then publishes', async () => {
    const { page } = await signedIn(OWNER);
    await page.goto(`/menus/${menuId}`);
    const form = page.getByRole('form', { name: 'Menu details' });
    await form.getByLabel('Description').fill('Served from 6 pm');
    await form.getByLabel('Language code to add').fill('de');
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await form.getByLabel('Language code to add').fill('english');
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await form.getByText('Use a language code like en or de-AT').waitFor();
    await form.getByLabel('Language code to add').fill('');

    // Friday and Saturday evenings, Saturday running past midnight.
    await form.getByRole('button', { name: 'Add hours on Friday' }).click();
    await form.getByLabel('Friday from').fill('18:00');
    await form.getByLabel('Friday until').fill('23:00');
    await form.getByRole('button', { name: 'Add hours on Saturday' }).click();
    await form.getByLabel('Saturday from').fill('18:00');
    await form.getByLabel('Saturday until').fill('01:00');
    await form.getByText('until next day').waitFor();

    const preview = form.getByTestId('schedule-preview');
    // Times as English writes them, the same in every sentence (Intl may join "PM" with a narrow space).
    const previewText = () => preview.innerText().then((s) => s.replace(/[\u202f\u00a0]/g, ' '));
    await form.getByLabel('Preview day').selectOption({ label: 'Friday' });
    await form.getByLabel('Preview time').fill('19:30');
    await expect.poll(previewText).toContain('On: guests see this menu on Friday at 7:30 PM');
    await form.getByLabel('Preview day').selectOption({ label: 'Sunday' });
    await form.getByLabel('Preview time').fill('00:30');
    await expect.poll(previewText).toContain('On: guests see this menu on Sunday at 12:30 AM');
    await form.getByLabel('Preview time').fill('12:00');
    await expect.poll(previewText).toContain('Off: guests don’t see this menu on Sunday at 12:00 PM. It comes back on Friday at 6:00 PM.');
    await form.getByText('Times in Europe/Vienna, the time zone of Lindwurm Wörthersee').waitFor();

    await form.getByText('Unsaved changes').waitFor();
    await form.getByRole('button', { name: 'Save menu' }).click();
    await toast(page, 'Menu saved');
    const saved = row('SELECT description, languages, schedule FROM menus WHERE id = ?', [menuId]);
    expect(saved?.description).toBe('Served from 6 pm');
    expect(JSON.parse(String(saved?.languages))).toEqual(['en', 'de']);
    expect(JSON.parse(String(saved?.schedule))).toEqual([
      { day: 5, start: '18:00', end: '23:00' },
      { day: 6, start: '18:00', end: '01:00' },
    ]);

    await page.getByRole('switch', { name: 'Published' }).click();
    await toast(page, 'Published: guests can see this menu');
    await expect.poll(() => row('SELECT status FROM menus WHERE id = ?', [menuId])?.status).toBe('published');
    await page.reload();
    await page.getByRole('switch', { name: 'Published' }).waitFor();
    expect(await page.getByRole('switch', { name: 'Published' }).getAttribute('aria-checked')).toBe('true');
    expect(await form.getByLabel('Saturday until').inputValue()).toBe('01:00');

    // The venue showing the menu gives it a guest link and a QR code.
    expect(await page.getByRole('link', { name: 'Guest view' }).getAttribute('href')).toMatch(/^\/m\/[a-z0-9-]+$/);
    await page.getByRole('button', { name: 'QR code' }).click();
    await page
      .getByRole('dialog', { name: 'QR code' })
      .getByText(/opens the menu of Lindwurm Wörthersee/)
      .waitFor();
    await page.keyboard.press('Escape');
  });

  it('creates items with variants, allergens, a tag and a photo; 10 items in three sections', async () => {
    const { page } = await signedIn(OWNER);
    await openSection(page, 'Mains');
    await page.getByRole('heading', { name: 'No items in Mains' }).waitFor();

    await page.getByRole('button', { name: 'Add item' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New item' });
    await dialog.getByRole('button', { name: 'Add item' }).click();
    await dialog.getByText('Item name is required').waitFor();
    await dialog.getByText('Enter a price like 12.50').waitFor();
    await dialog.getByLabel('Name', { exact: true }).fill('Wiener Schnitzel');
    await dialog.getByLabel('Description', { exact: true }).fill('Veal, parsley potatoes, cranberries');
    await dialog.getByLabel('Price 1 label').fill('Small');
    await dialog.getByLabel('Price 1 amount').fill('12,50');
    await dialog.getByRole('button', { name: 'Add price' }).click();
    await dialog.getByLabel('Price 2 amount').fill('16.9');
    await dialog.getByRole('button', { name: 'Add item' }).click();
    await dialog.getByText('Name each price, e.g. Small or 0.5 l').waitFor();
    await dialog.getByLabel('Price 2 label').fill('Large');
    expect(await dialog.getByLabel('Price 1 amount').inputValue()).toBe('12.50');
    const photo = await sharp({ create: { width: 640, height: 420, channels: 3, background: '#c2410c' } })
      .png()
      .toBuffer();
    await dialog.getByLabel('Item photo').setInputFiles({ name: 'schnitzel.png', mimeType: 'image/png', buffer: photo });
    await dialog.getByRole('img', { name: 'Item photo preview' }).waitFor();
    await dialog.getByRole('button', { name: 'House special' }).click();
    await dialog.getByRole('button', { name: /Cereals containing gluten/ }).click();
    await dialog.getByRole('button', { name: /Eggs/ }).click();
    await dialog.getByRole('button', { name: /^G Milk/ }).click();
    await dialog.getByRole('button', { name: /^G Milk/ }).click();
    expect(await dialog.getByRole('button', { name: /^G Milk/ }).getAttribute('aria-pressed')).toBe('mixed');
    expect(await dialog.getByRole('button', { name: /Eggs/ }).getAttribute('aria-pressed')).toBe('true');
    // Translations live in the menu's translation view; a new item has nothing to link to yet.
    await dialog.getByText('Save the item first; then translate it in the translation view.').waitFor();
    await screenshot(page, 'item-editor-light-1280');
    await dialog.getByRole('button', { name: 'Add item' }).click();
    await dialog.waitFor({ state: 'detached' });
    await toast(page, 'Added “Wiener Schnitzel”');

    const schnitzel = row('SELECT * FROM items WHERE name = ?', ['Wiener Schnitzel']);
    expect(JSON.parse(String(schnitzel?.prices))).toEqual([
      { label: 'Small', amount: 1250 },
      { label: 'Large', amount: 1690 },
    ]);
    expect(JSON.parse(String(schnitzel?.allergens))).toEqual(['gluten', 'eggs']);
    expect(JSON.parse(String(schnitzel?.mayContain))).toEqual(['milk']);
    expect(JSON.parse(String(schnitzel?.tags))).toEqual([specialTag]);
    expect(readTranslations(JSON.parse(String(schnitzel?.translations ?? 'null')))).toEqual({});
    expect(String(schnitzel?.image)).toMatch(/^schnitzel_\w+\.png$/);
    const row1 = page.getByTestId('item-row').first();
    await row1.getByText('Small €12.50 · Large €16.90').waitFor();
    await row1.getByText('Contains A, C').waitFor();
    await row1.getByText('May contain G').waitFor();
    await row1.locator('img').waitFor();
    await expect.poll(() => row1.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(160);

    for (const [name, price] of [
      ['Goulash', '14.50'],
      ['Käsespätzle', '11,90'],
      ['Fish & chips', '15'],
    ] as const)
      await addItem(page, name, price);
    await openSection(page, 'Starters');
    for (const [name, price] of [
      ['Beef broth', '6.50'],
      ['Burrata', '9,80'],
      ['Garden salad', '7.20'],
    ] as const)
      await addItem(page, name, price);
    await openSection(page, 'Drinks & wine');
    for (const [name, price] of [
      ['Lemonade', '4.20'],
      ['Grüner Veltliner', '5.80'],
      ['Espresso', '2.90'],
    ] as const)
      await addItem(page, name, price);
    expect(row('SELECT COUNT(*) AS c FROM items i JOIN sections s ON s.id = i.section WHERE s.menu = ?', [menuId])?.c).toBe(10);
    expect(row('SELECT prices FROM items WHERE name = ?', ['Burrata'])?.prices).toBe(JSON.stringify([{ label: '', amount: 980 }]));
  }, 180_000);

  it('reorders items by drag and drop, toggles sold out and filters untranslated items', async () => {
    const { page } = await signedIn(OWNER);
    await openSection(page, 'Mains');
    await page.getByTestId('item-row').nth(3).waitFor();
    expect(await itemNames(page)).toEqual(['Wiener Schnitzel', 'Goulash', 'Käsespätzle', 'Fish & chips']);

    await mouseDrag(page, page.getByRole('button', { name: 'Reorder Fish & chips' }), page.getByTestId('item-row').nth(0));
    await expect.poll(() => itemNames(page)).toEqual(['Fish & chips', 'Wiener Schnitzel', 'Goulash', 'Käsespätzle']);
    await keyboardMove(page, page.getByRole('button', { name: 'Reorder Goulash' }), 'ArrowDown', 1);
    await expect.poll(() => itemNames(page)).toEqual(['Fish & chips', 'Wiener Schnitzel', 'Käsespätzle', 'Goulash']);
    await expect
      .poll(() => rows('SELECT name FROM items WHERE section = ? ORDER BY position', [sectionIds.Mains]).map((r) => r.name))
      .toEqual(['Fish & chips', 'Wiener Schnitzel', 'Käsespätzle', 'Goulash']);
    await page.reload();
    await page.getByTestId('item-row').nth(3).waitFor();
    expect(await itemNames(page)).toEqual(['Fish & chips', 'Wiener Schnitzel', 'Käsespätzle', 'Goulash']);

    await page.getByRole('switch', { name: 'Available: Goulash' }).click();
    await toast(page, '“Goulash” is sold out');
    await page.getByTestId('item-row').filter({ hasText: 'Goulash' }).getByText('Sold out', { exact: true }).first().waitFor();
    await expect.poll(() => row('SELECT available FROM items WHERE name = ?', ['Goulash'])?.available).toBe(0);

    // Sold out until a time in the venue's time zone.
    await page.getByTestId('item-name').filter({ hasText: 'Käsespätzle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Käsespätzle' });
    await dialog.getByRole('switch').last().click();
    const tomorrow = new Date(Date.now() + 86400000);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Vienna', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      tomorrow,
    );
    await dialog.getByLabel('Sold out until (optional)').fill(`${day}T18:00`);
    await dialog.getByRole('button', { name: 'Save item' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByTestId('item-row')
      .filter({ hasText: 'Käsespätzle' })
      .getByText(/Sold out until/)
      .waitFor();
    const until = String(row('SELECT soldOutUntil FROM items WHERE name = ?', ['Käsespätzle'])?.soldOutUntil);
    expect(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Vienna', hour: '2-digit', minute: '2-digit' }).format(
        new Date(until.replace(' ', 'T')),
      ),
    ).toBe('18:00');

    // Nothing is translated into German yet.
    await page.getByRole('switch', { name: 'Untranslated only' }).click();
    await expect.poll(() => itemNames(page)).toEqual(['Fish & chips', 'Wiener Schnitzel', 'Käsespätzle', 'Goulash']);
    // The item editor links to the item's place in the translation view, which focuses its first field.
    await page.getByTestId('item-name').filter({ hasText: 'Goulash' }).click();
    const goulash = page.getByRole('dialog', { name: 'Edit Goulash' });
    await goulash.getByText('0 of 1 texts translated').waitFor();
    await goulash.getByRole('link', { name: 'Translate German' }).click();
    await page.waitForURL(/\/translate\?lang=de#item-/);
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.field ?? ''))
      .toMatch(/^items:\w+:name$/);
    await page.keyboard.type('Gulasch');
    await page.keyboard.press('Enter');
    await expect.poll(() => row('SELECT translations FROM items WHERE name = ?', ['Goulash'])?.translations).toContain('Gulasch');
    await page.goBack();
    await page.getByRole('switch', { name: 'Untranslated only' }).click();
    await expect.poll(() => itemNames(page)).toEqual(['Fish & chips', 'Wiener Schnitzel', 'Käsespätzle']);
    await page.getByText('Untranslated only (3)').waitFor();
    await page.getByRole('switch', { name: 'Untranslated only' }).click();
    await expect.poll(() => itemNames(page)).toHaveLength(4);
  });

  it('shows another member’s edits live and never overwrites unsaved input', async () => {
    const a = await signedIn(OWNER);
    const b = await signedIn(COLLEAGUE);
    await openSection(a.page, 'Starters');
    await openSection(b.page, 'Starters');
    // Both pages are subscribed once the realtime connection is up.
    for (const p of [a.page, b.page]) await p.locator('[data-status="connected"]').waitFor();

    await a.page.getByTestId('item-name').filter({ hasText: 'Burrata' }).click();
    const dialogA = a.page.getByRole('dialog', { name: 'Edit Burrata' });
    await dialogA.getByLabel('Name', { exact: true }).fill('Burrata pugliese');
    await dialogA.getByRole('button', { name: 'Save item' }).click();
    await dialogA.waitFor({ state: 'detached' });
    const started = Date.now();
    await b.page.getByTestId('item-name').filter({ hasText: 'Burrata pugliese' }).waitFor({ timeout: 2000 });
    expect(Date.now() - started).toBeLessThan(2000);

    // B toggles sold out; A sees it.
    await b.page.getByRole('switch', { name: 'Available: Beef broth' }).click();
    await a.page
      .getByTestId('item-row')
      .filter({ hasText: 'Beef broth' })
      .getByText('Sold out', { exact: true })
      .first()
      .waitFor({ timeout: 2000 });

    // A has unsaved input in the editor while B renames the same item: A keeps the input and is told.
    await a.page.getByTestId('item-name').filter({ hasText: 'Garden salad' }).click();
    const editA = a.page.getByRole('dialog', { name: 'Edit Garden salad' });
    await editA.getByLabel('Description', { exact: true }).fill('Leaves from our garden');
    await b.page.getByTestId('item-name').filter({ hasText: 'Garden salad' }).click();
    const editB = b.page.getByRole('dialog', { name: 'Edit Garden salad' });
    await editB.getByLabel('Name', { exact: true }).fill('Garden salad bowl');
    await editB.getByRole('button', { name: 'Save item' }).click();
    await editB.waitFor({ state: 'detached' });
    await editA.getByText('This item was changed by someone else.').waitFor({ timeout: 2000 });
    expect(await editA.getByLabel('Description', { exact: true }).inputValue()).toBe('Leaves from our garden');
    expect(await editA.getByLabel('Name', { exact: true }).inputValue()).toBe('Garden salad');
    await a.page.getByTestId('item-name').filter({ hasText: 'Garden salad bowl' }).waitFor();
    await editA.getByRole('button', { name: 'Reload' }).click();
    expect(await editA.getByLabel('Name', { exact: true }).inputValue()).toBe('Garden salad bowl');
    await editA.getByRole('button', { name: 'Cancel' }).click();

    // Sections on the menu page: B adds one, A's list shows it; A reorders, B's order follows.
    await a.page.goto(`/menus/${menuId}`);
    await b.page.goto(`/menus/${menuId}`);
    for (const p of [a.page, b.page]) await p.getByTestId('section-row').first().waitFor();
    await b.page.getByLabel('New section name').fill('Desserts');
    await b.page.getByRole('button', { name: 'Add section' }).click();
    await expect.poll(() => sectionNames(a.page), { timeout: 2000 }).toEqual(['Drinks & wine', 'Mains', 'Starters', 'Desserts']);
    await keyboardMove(a.page, a.page.getByRole('button', { name: 'Reorder Desserts' }), 'ArrowUp', 3);
    await expect.poll(() => sectionNames(b.page), { timeout: 2000 }).toEqual(['Desserts', 'Drinks & wine', 'Mains', 'Starters']);
    await expect
      .poll(() => rows('SELECT name FROM sections WHERE menu = ? ORDER BY position', [menuId]).map((r) => r.name))
      .toEqual(['Desserts', 'Drinks & wine', 'Mains', 'Starters']);
  });

  it('duplicates a menu with its sections and items, and deletes it after confirming', async () => {
    const { page } = await signedIn(OWNER);
    await page.goto('/menus/');
    const dinner = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Dinner', exact: true }) });
    await dinner.getByText('Published').first().waitFor();
    await dinner.getByText('Lindwurm Wörthersee').first().waitFor();
    await page.getByRole('button', { name: 'Actions for Dinner' }).click();
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    await toast(page, 'Duplicated “Dinner”');
    const copy = row("SELECT id, status FROM menus WHERE name = 'Dinner (copy)'");
    expect(copy?.status).toBe('draft');
    const count = (menu: string) =>
      row('SELECT COUNT(*) AS c FROM items i JOIN sections s ON s.id = i.section WHERE s.menu = ?', [menu])?.c;
    expect(count(String(copy?.id))).toBe(count(menuId));
    expect(rows('SELECT name FROM sections WHERE menu = ? ORDER BY position', [copy?.id]).map((r) => r.name)).toEqual([
      'Desserts',
      'Drinks & wine',
      'Mains',
      'Starters',
    ]);
    expect(
      String(
        row("SELECT i.image FROM items i JOIN sections s ON s.id = i.section WHERE s.menu = ? AND i.name = 'Wiener Schnitzel'", [copy?.id])
          ?.image,
      ),
    ).toMatch(/\.png$/);
    await page.getByRole('link', { name: 'Dinner (copy)' }).waitFor();

    await page.getByRole('button', { name: 'Actions for Dinner (copy)' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete “Dinner (copy)”?' }).getByRole('button', { name: 'Delete menu' }).click();
    await toast(page, 'Deleted “Dinner (copy)”');
    await page.getByRole('link', { name: 'Dinner (copy)' }).waitFor({ state: 'detached' });
    expect(row('SELECT COUNT(*) AS c FROM menus WHERE id = ?', [copy?.id])?.c).toBe(0);
  });

  it('shows a plan limit with a link to billing', async () => {
    const plan = await seed(e.app.ctx, 'plans', {
      code: 'tiny',
      name: 'Tiny',
      active: true,
      priceMonthly: 100,
      currency: 'EUR',
      limits: { menus: 1 },
    });
    await update('organizations', orgId, { plan: plan.id });
    const { page } = await signedIn(OWNER);
    await page.goto('/menus/');
    await page.getByRole('button', { name: 'New menu' }).click();
    const dialog = page.getByRole('dialog', { name: 'New menu' });
    await dialog.getByLabel('Menu name').fill('Brunch');
    await dialog.getByRole('button', { name: 'Create menu' }).click();
    await dialog.getByText('Your Tiny plan includes 1 menu. Upgrade your plan to add more.').waitFor();
    await dialog.getByRole('link', { name: 'View plans and billing' }).click();
    await page.waitForURL('**/settings/billing');
    await update('organizations', orgId, { plan: '' });
  });

  it('takes screenshots of every menu screen in both themes at 1280 and 390 px', async () => {
    for (const { scheme: colorScheme, width } of screenPairs([1280, 390])) {
      const { page } = await signedIn(OWNER, { colorScheme, viewport: { width, height: width > 500 ? 800 : 844 } });
      const tag = `${colorScheme}-${width}`;
      await page.goto('/menus/');
      await page.getByRole('link', { name: 'Dinner', exact: true }).waitFor();
      await screenshot(page, `menus-list-${tag}`);
      await page.getByRole('button', { name: 'New menu' }).click();
      await page.getByRole('dialog', { name: 'New menu' }).waitFor();
      await screenshot(page, `menus-create-${tag}`);
      await page.keyboard.press('Escape');

      await page.goto(`/menus/${menuId}`);
      await page.getByTestId('section-row').first().waitFor();
      await page.getByTestId('schedule-preview').waitFor();
      await screenshot(page, `menu-editor-${tag}`);

      await page.goto(`/sections/${sectionIds.Mains}/items`);
      await page.getByTestId('item-row').first().waitFor();
      await expect
        .poll(() =>
          page
            .getByTestId('item-row')
            .locator('img')
            .first()
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        )
        .toBe(true);
      await screenshot(page, `items-${tag}`);
      await page.getByTestId('item-name').filter({ hasText: 'Wiener Schnitzel' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Wiener Schnitzel' });
      await dialog.getByRole('img', { name: 'Item photo preview' }).waitFor();
      await screenshot(page, `item-editor-${tag}`);
      await dialog.getByRole('button', { name: /Cereals containing gluten/ }).scrollIntoViewIfNeeded();
      await screenshot(page, `item-editor-allergens-${tag}`);
      await page.keyboard.press('Escape');
      await page.context().close();
    }
  }, 180_000);
});
