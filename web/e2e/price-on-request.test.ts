import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeOwner, seed } from '../../server/test/test-app.ts';
import { hasBrowser, screenshot, signedInPage, startE2E, type E2E } from './harness.ts';

/**
 * "Price on request" in the staff editor (issue 21 lets imports bring such items; staff must be
 * able to keep and make them): ticking it drops the price rows, the list says so, the record has
 * no prices, and guests read "Price on request". Unticking asks for a price again.
 */
describe.skipIf(!hasBrowser)('price on request in the item editor', () => {
  let e: E2E;
  let section = '';
  let auth = { token: '', record: {} as unknown };

  beforeAll(async () => {
    e = await startE2E();
    const ctx = e.app.ctx;
    const owner = await activeOwner(ctx, 'fishmonger@example.com', 'fish-password-1');
    ctx.stmts.run('UPDATE users SET onboardingComplete = 1 WHERE id = ?', [owner.id]);
    const menu = await seed(ctx, 'menus', { organization: owner.org, name: 'Fish', status: 'published', languages: ['en'] });
    section = String((await seed(ctx, 'sections', { menu: menu.id, name: 'From the market' })).id);
    await seed(ctx, 'venues', {
      organization: owner.org,
      name: 'Harbour',
      slug: 'harbour',
      timezone: 'UTC',
      primaryColor: '#0e7490',
      menus: [menu.id],
    });
    const signed = await e.app.sdk().collection('users').authWithPassword('fishmonger@example.com', 'fish-password-1');
    auth = { token: signed.token, record: signed.record };
  });
  afterAll(async () => {
    await e?.close();
  });

  it.each([1280, 390])('keeps an item without an amount (%i px)', async (width) => {
    const name = `Catch of the day ${width}`;
    const { page } = await signedInPage(e, auth, { viewport: { width, height: 900 } });
    await page.goto(`/sections/${section}/items`);
    await page.getByRole('button', { name: 'Add item' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByLabel('Price on request (guests see no amount)').check();
    expect(await dialog.getByLabel('Price 1 amount').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Add price' }).isDisabled()).toBe(true);
    await screenshot(page, `price-on-request-editor-${width}`);
    await dialog.getByRole('button', { name: 'Add item' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByTestId('item-row').filter({ hasText: name });
    await row.getByText('Price on request').waitFor();
    const stored = e.app.ctx.stmts.get('SELECT prices, priceOnRequest FROM items WHERE name = ?', [name]);
    expect({ prices: JSON.parse(String(stored?.prices)), onRequest: stored?.priceOnRequest }).toEqual({ prices: [], onRequest: 1 });

    // Back to a priced dish: one row to fill, and a price is required again.
    await page.getByTestId('item-name').filter({ hasText: name }).click();
    const again = page.getByRole('dialog');
    await again.getByLabel('Price on request (guests see no amount)').uncheck();
    await again.getByRole('button', { name: 'Save item' }).click();
    await again.getByText('Enter a price like 12.50').waitFor();
    await again.getByLabel('Price on request (guests see no amount)').check();
    await again.getByRole('button', { name: 'Save item' }).click();
    await again.waitFor({ state: 'detached' });

    const guest = await (await e.context({ viewport: { width: 390, height: 844 } })).newPage();
    await guest.goto('/m/harbour');
    await guest.locator('.i').filter({ hasText: name }).getByText('Price on request').waitFor();
  });
});
