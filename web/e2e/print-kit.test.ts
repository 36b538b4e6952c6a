import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seed, superuserRequest } from '../../server/test/test-app.ts';
import type { SqlParam } from '../../server/db/statements.ts';
import { hasBrowser, screenshot, savePng, signedInPage, startE2E, waitForToast, type E2E } from './harness.ts';

/**
 * The print kit dialog in a real browser: range and template chosen, a bad range refused with the
 * downloads disabled, the PDF (and at 390 px the ZIP, with the keyboard) downloaded under the
 * server's file name, the printed tables saved as the venue's table labels; light and dark at
 * 1280 and 390 px, no sideways scroll at 320 px.
 */
const PASSWORD = 'kit-password-1';
const OWNER = 'kit-owner@example.com';

describe.skipIf(!hasBrowser)('print kit dialog', () => {
  let e: E2E;
  let auth: { token: string; record: unknown };
  let venueId = '';
  const row = (sql: string, params: unknown[] = []) => e.app.ctx.stmts.get(sql, params as SqlParam[]);
  const tables = () => JSON.parse(String(row('SELECT tables AS t FROM venues WHERE id = ?', [venueId])?.t ?? '[]')) as string[];
  /** The full page (the harness's) and the dialog as the viewport shows it. */
  const shots = async (page: Page, name: string) => {
    await screenshot(page, name);
    await savePng(page, `${name}-view`);
  };
  const noSidewaysScroll = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

  beforeAll(async () => {
    e = await startE2E();
    const { ctx } = e.app;
    const owner = await seed(ctx, 'users', { email: OWNER, password: PASSWORD, passwordConfirm: PASSWORD, name: 'Kit', verified: true });
    const orgId = String(row('SELECT currentOrganization AS o FROM users WHERE id = ?', [owner.id])?.o);
    const su = superuserRequest(ctx);
    const update = (collection: string, id: string, data: Record<string, unknown>) =>
      ctx.engine.update(ctx.engine.collection(collection), id, { data, files: {}, fromForm: false }, su);
    await update('organizations', orgId, { subscriptionStatus: 'active' });
    await update('users', String(owner.id), { onboardingComplete: true });
    const staff = e.app.sdk();
    const session = await staff.collection('users').authWithPassword(OWNER, PASSWORD, { expand: 'currentOrganization' });
    auth = { token: session.token, record: session.record };
    const menu = await staff.collection('menus').create({ organization: orgId, name: 'Karte', languages: ['de', 'en'] });
    const venue = await staff.collection('venues').create({
      organization: orgId,
      name: 'Café Zentral',
      timezone: 'Europe/Vienna',
      primaryColor: '#0f766e',
      menus: [menu.id],
      wifiName: 'Zentral-Gäste',
      wifiPassword: 'melange2026',
    });
    venueId = venue.id;
  });
  afterAll(async () => {
    await e?.close();
  });

  it('refuses a bad range, then downloads a 40-table sticker PDF at 1280 px (light), saving the tables', async () => {
    const { page } = await signedInPage(e, auth, { acceptDownloads: true });
    await page.goto(`/venues/${venueId}`);
    await page.getByRole('button', { name: 'Create print kit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Print kit' });
    await dialog.waitFor();
    await dialog.getByLabel('First table').fill('10');
    await dialog.getByLabel('Last table').fill('3');
    await dialog.getByText('The last table cannot come before the first').waitFor();
    expect(await dialog.getByRole('button', { name: 'Download PDF' }).isDisabled()).toBe(true);

    await dialog.getByLabel('First table').fill('1');
    await dialog.getByLabel('Last table').fill('40');
    await dialog.getByRole('radio', { name: /A4, 12 stickers/ }).check();
    await dialog.getByLabel('Wi-Fi name and password').check();
    await dialog.getByText('Tables 1–40: 40 codes on 4 page(s).').waitFor();
    await shots(page, 'print-kit-1280-light');
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^qr-cafe-zentral(-\w+)?-tables-1-40-a4-12\.pdf$/);
    expect(
      fs
        .readFileSync(String(await download.path()))
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await waitForToast(page, /downloaded/);
    await expect.poll(tables).toEqual(Array.from({ length: 40 }, (_, i) => String(i + 1)));
  });

  it('works with the keyboard at 390 px in the dark and downloads the ZIP', async () => {
    const { page } = await signedInPage(e, auth, { acceptDownloads: true, viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    await page.goto(`/venues/${venueId}`);
    await page.getByRole('button', { name: 'Create print kit' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Print kit' });
    await dialog.waitFor();
    await dialog.getByLabel('First table').fill('41');
    await dialog.getByLabel('Last table').fill('44');
    await dialog.getByRole('radio', { name: /A5 table tent/ }).focus();
    await page.keyboard.press('Space');
    expect(await dialog.getByRole('radio', { name: /A5 table tent/ }).isChecked()).toBe(true);
    await shots(page, 'print-kit-390-dark');
    await dialog.getByRole('button', { name: 'Download ZIP (SVG + PNG)' }).focus();
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toMatch(/-tables-41-44\.zip$/);
    expect(
      fs
        .readFileSync(String(await download.path()))
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    await expect.poll(() => tables().length).toBe(44);
    expect(await noSidewaysScroll(page)).toBe(true);
  });

  it('fits 390 px light and 1280 px dark, and 320 px without sideways scroll', async () => {
    for (const [width, scheme] of [
      [390, 'light'],
      [1280, 'dark'],
      [320, 'light'],
    ] as const) {
      const { page } = await signedInPage(e, auth, { viewport: { width, height: 900 }, colorScheme: scheme });
      await page.goto(`/venues/${venueId}`);
      await page.getByRole('button', { name: 'Create print kit' }).click();
      await page.getByRole('dialog', { name: 'Print kit' }).waitFor();
      await shots(page, `print-kit-${width}-${scheme}`);
      expect(await noSidewaysScroll(page)).toBe(true);
    }
  });
});
