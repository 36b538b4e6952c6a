import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { seed, superuserRequest } from '../../server/test/test-app.ts';
import type { SqlParam } from '../../server/db/statements.ts';
import { hasBrowser, screenshot, signedInPage, startE2E, waitForToast, type E2E } from './harness.ts';

/**
 * Menu CSV in a real browser: "Export CSV" downloads the menu, the file is edited as a person
 * would (a price raised, a dish added, a bad price), "Import CSV" previews it (counts, changes,
 * row problems with Import disabled), and the fixed file is imported: at 1280 px with the mouse,
 * at 390 px (dark) with the keyboard, without sideways scrolling.
 */
const PASSWORD = 'csv-password-1';
const OWNER = 'csv-owner@example.com';
const TIRAMISU: Record<string, string> = { section: 'Desserts', name: 'Tiramisu', price_1: '7.00', allergens: 'milk', available: 'yes' };

describe.skipIf(!hasBrowser)('menu CSV export and import', () => {
  let e: E2E;
  let auth: { token: string; record: unknown };
  let menuId = '';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'menu-csv-e2e-'));
  const row = (sql: string, params: unknown[] = []) => e.app.ctx.stmts.get(sql, params as SqlParam[]);
  const itemCount = () =>
    Number(row('SELECT COUNT(*) AS c FROM items i JOIN sections s ON s.id = i.section WHERE s.menu = ?', [menuId])?.c);
  const priceOf = (name: string) =>
    JSON.parse(
      String(
        row('SELECT i.prices AS p FROM items i JOIN sections s ON s.id = i.section WHERE s.menu = ? AND i.name = ?', [menuId, name])?.p,
      ),
    );

  async function signedIn(options: Parameters<E2E['context']>[0] = {}): Promise<{ context: BrowserContext; page: Page }> {
    return signedInPage(e, auth, { acceptDownloads: true, ...options });
  }

  async function exportFile(page: Page): Promise<string> {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('lunch.csv');
    return fs.readFileSync(String(await download.path()), 'utf8');
  }

  /** The file as a person leaves it: `edit` changes the cells of the rows (header excluded). */
  function edited(csv: string, name: string, edit: (rows: string[][], header: string[]) => string[][]): string {
    const [headerLine = '', ...lines] = csv
      .replace(/^\ufeff/, '')
      .split('\r\n')
      .filter(Boolean);
    const header = headerLine.split(',');
    const rows = edit(
      lines.map((l) => l.split(',')),
      header,
    ).map((cells) => cells.join(','));
    const file = path.join(dir, name);
    fs.writeFileSync(file, `\ufeff${[headerLine, ...rows].join('\r\n')}\r\n`);
    return file;
  }

  const noSidewaysScroll = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

  beforeAll(async () => {
    e = await startE2E();
    const { ctx } = e.app;
    const owner = await seed(ctx, 'users', { email: OWNER, password: PASSWORD, passwordConfirm: PASSWORD, name: 'Cora', verified: true });
    const orgId = String(row('SELECT currentOrganization AS o FROM users WHERE id = ?', [owner.id])?.o);
    const su = superuserRequest(ctx);
    const update = (collection: string, id: string, data: Record<string, unknown>) =>
      ctx.engine.update(ctx.engine.collection(collection), id, { data, files: {}, fromForm: false }, su);
    await update('organizations', orgId, { subscriptionStatus: 'active', currency: 'EUR' });
    await update('users', String(owner.id), { onboardingComplete: true });
    const staff = e.app.sdk();
    const session = await staff.collection('users').authWithPassword(OWNER, PASSWORD, { expand: 'currentOrganization' });
    auth = { token: session.token, record: session.record };
    const menu = await staff.collection('menus').create({ organization: orgId, name: 'Lunch', languages: ['en', 'de'] });
    menuId = menu.id;
    const soups = await staff.collection('sections').create({ menu: menuId, name: 'Soups', translations: { de: { name: 'Suppen' } } });
    const mains = await staff.collection('sections').create({ menu: menuId, name: 'Mains' });
    await staff.collection('items').create({
      section: soups.id,
      name: 'Minestrone',
      prices: [{ label: '', amount: 650 }],
      allergens: ['celery'],
      translations: { de: { name: 'Minestrone' } },
    });
    await staff
      .collection('items')
      .create({ section: mains.id, name: 'Risotto', prices: [{ label: '', amount: 1450 }], allergens: ['milk'] });
  });
  afterAll(async () => {
    await e?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('exports, previews a file with a bad price, then imports the fixed file at 1280 px', async () => {
    const { page } = await signedIn();
    await page.goto(`/menus/${menuId}`);
    const csv = await exportFile(page);
    expect(csv.startsWith('\ufeffid,section,section@de,')).toBe(true);
    expect(csv).toContain(',Soups,Suppen,,,Minestrone,Minestrone,,,6.50,,,celery,,,,yes,no\r\n');

    const price = (header: string[]) => header.indexOf('price_1');
    const bad = edited(csv, 'bad.csv', (rows, header) => [
      ...rows.map((cells) => (cells.includes('Risotto') ? cells.map((c, i) => (i === price(header) ? 'fifteen' : c)) : cells)),
    ]);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a CSV file' });
    await dialog.getByTestId('csv-file').setInputFiles(bad);
    await dialog.getByTestId('csv-errors').waitFor();
    await expect(dialog.getByTestId('csv-errors').innerText()).resolves.toContain('Row 3, price_1: "fifteen" is not a price in EUR');
    await expect(dialog.getByRole('button', { name: /^Import \d+ change/ }).isDisabled()).resolves.toBe(true);
    await screenshot(page, 'menu-csv-1280-errors');

    const good = edited(csv, 'good.csv', (rows, header) => [
      ...rows.map((cells) => (cells.includes('Risotto') ? cells.map((c, i) => (i === price(header) ? '15.90' : c)) : cells)),
      header.map((column) => TIRAMISU[column] ?? ''),
    ]);
    await dialog.getByTestId('csv-file').setInputFiles(good);
    await dialog.getByTestId('csv-changes').waitFor();
    const summary = await dialog.getByTestId('csv-summary').innerText();
    expect(summary.replace(/\s+/g, ' ')).toBe('New items 1 Updated 1 Unchanged 1 New sections 1');
    expect(await dialog.getByTestId('csv-changes').innerText()).toMatch(/Update\s+Mains › Risotto\s+prices/);
    expect(itemCount()).toBe(2);
    await screenshot(page, 'menu-csv-1280-preview');

    await dialog.getByRole('button', { name: 'Import 2 changes' }).click();
    await waitForToast(page, 'Imported: 1 new, 1 updated');
    expect(itemCount()).toBe(3);
    expect(priceOf('Risotto')).toEqual([{ label: '', amount: 1590 }]);
    await page.getByText('Desserts', { exact: true }).first().waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    await screenshot(page, 'menu-csv-1280-done');
  });

  it('does the same with the keyboard at 390 px in the dark', async () => {
    const { page } = await signedIn({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    await page.goto(`/menus/${menuId}`);
    const csv = await exportFile(page);
    const file = edited(csv, 'phone.csv', (rows, header) =>
      rows.map((cells) => (cells.includes('Tiramisu') ? cells.map((c, i) => (i === header.indexOf('price_1') ? '7.50' : c)) : cells)),
    );
    await page.getByRole('button', { name: 'Import CSV' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Import a CSV file' });
    await dialog.waitFor();
    // The file chooser is the operating system's: the test hands the file to the input.
    await dialog.getByTestId('csv-file').setInputFiles(file);
    await dialog.getByTestId('csv-changes').waitFor();
    expect((await dialog.getByTestId('csv-summary').innerText()).replace(/\s+/g, ' ')).toBe(
      'New items 0 Updated 1 Unchanged 2 New sections 0',
    );
    expect(await noSidewaysScroll(page)).toBe(true);
    await screenshot(page, 'menu-csv-390-preview');
    const apply = dialog.getByRole('button', { name: 'Import 1 change' });
    for (let i = 0; i < 10 && !(await apply.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await waitForToast(page, 'Imported: 0 new, 1 updated');
    expect(priceOf('Tiramisu')).toEqual([{ label: '', amount: 750 }]);
    await screenshot(page, 'menu-csv-390-done');
  });
});
