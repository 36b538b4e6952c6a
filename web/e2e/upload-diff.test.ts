import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { activeOwner, seed } from '../../server/test/test-app.ts';
import { renderMenu, type CorpusMenu } from '../../server/test/pdf-corpus/render.ts';
import { cafe } from '../../server/test/pdf-corpus/menus.ts';
import { adminUpdate, hasBrowser, savePng, signedInPage, startE2E, waitForToast, type E2E } from './harness.ts';

/**
 * Re-import as a diff in a real browser: a venue's café menu was imported from a PDF before; the
 * new version of the PDF is uploaded, and the review offers "Update “Corner Café”". The dialog lists
 * the changes grouped by kind with a checkbox each (the removal unchecked), at 1280 and 390 px, in
 * light and dark, without sideways scrolling at 320 px; another menu that already matches says so;
 * a menu edited meanwhile makes the apply show the changes again; the reviewer unchecks one change
 * by keyboard and applies the rest.
 */
const PASSWORD = 'diff-password-1';

/** The café menu's next version: two renames (one with a new price), a new and a removed pastry. */
function secondVersion(): CorpusMenu {
  const menu = structuredClone(cafe);
  const [coffee, pastries] = menu.sections;
  if (!coffee || !pastries) throw new Error('café menu changed');
  coffee.items = coffee.items.map((i) =>
    i.name === 'Cold brew'
      ? { ...i, name: 'Cold brew coffee' }
      : i.name === 'Chai latte'
        ? { ...i, name: 'Chai tea latte', prices: [{ label: '', amount: 460 }] }
        : i,
  );
  pastries.items = pastries.items.filter((i) => i.name !== 'Banana bread');
  pastries.items.push({ name: 'Almond croissant', prices: [{ label: '', amount: 330 }] });
  return menu;
}

/** The viewport as the reviewer sees it: the dialog over the review page (a full-page shot would leave the fixed dialog out of view). */
const screenshot = (page: Page, name: string) => savePng(page, name);

describe.skipIf(!hasBrowser)('re-import a menu as a diff', () => {
  let e: E2E;
  let auth = { token: '', record: {} as unknown };
  let org = '';
  let menuId = '';
  let uploadId = '';
  /** A third version, as its reviewer corrected the draft: a dish renamed and moved, pastries reordered, diets and traces. */
  let reorderedId = '';
  const ids = new Map<string, string>();

  /** A menu as the import would have made it. */
  async function seedMenu(name: string, menu: CorpusMenu): Promise<string> {
    const ctx = e.app.ctx;
    const id = String((await seed(ctx, 'menus', { organization: org, name, languages: ['en'] })).id);
    for (const s of menu.sections) {
      const section = String((await seed(ctx, 'sections', { menu: id, name: s.name })).id);
      for (const i of s.items) {
        const item = await seed(ctx, 'items', { section, name: i.name, description: i.description ?? '', prices: i.prices });
        if (name === 'Corner Café') ids.set(i.name, String(item.id));
      }
    }
    return id;
  }

  beforeAll(async () => {
    e = await startE2E();
    const ctx = e.app.ctx;
    const owner = await activeOwner(ctx, 'barista@example.com', PASSWORD);
    org = owner.org;
    ctx.stmts.run('UPDATE users SET onboardingComplete = 1 WHERE id = ?', [owner.id]);
    menuId = await seedMenu('Corner Café', cafe);
    await seedMenu('Weekend', secondVersion());
    const signed = await e.app.sdk().collection('users').authWithPassword('barista@example.com', PASSWORD);
    auth = { token: signed.token, record: signed.record };
    /** Uploads a PDF through the API like the upload page does; the real extractor reads it. */
    const upload = async (menu: CorpusMenu) => {
      const form = new FormData();
      form.append('organization', org);
      form.append('name', 'Corner Café');
      const bytes = await renderMenu(menu, { layout: 'left', priceFormat: 'dot', heading: { size: 14 } });
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'corner-cafe.pdf');
      const res = await fetch(`${e.url}/api/collections/menu_uploads/records`, {
        method: 'POST',
        body: form,
        headers: { authorization: signed.token },
      });
      expect(res.status).toBe(200);
      const id = String(((await res.json()) as { id: string }).id);
      for (let i = 0; i < 600; i++) {
        const status = String(ctx.stmts.get('SELECT status FROM menu_uploads WHERE id = ?', [id])?.status);
        if (status === 'ready') return id;
        if (status === 'failed') throw new Error('extraction failed');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('extraction did not finish');
    };
    // The first version's upload, imported into the menu (marked so here: the menu above stands for its import).
    const first = await upload(cafe);
    ctx.stmts.run("UPDATE menu_uploads SET status = 'imported', menu = ? WHERE id = ?", [menuId, first]);
    uploadId = await upload(secondVersion());
    reorderedId = await upload(secondVersion());
    type DraftItem = { name: string; diets?: string[]; mayContain?: string[] };
    const row = ctx.stmts.get('SELECT draft FROM menu_uploads WHERE id = ?', [reorderedId]);
    const draft = JSON.parse(String(row?.draft)) as { sections: Array<{ name: string; items: DraftItem[] }> };
    const [coffee, pastries, breakfast] = draft.sections;
    if (!coffee || !pastries || !breakfast) throw new Error('café draft changed');
    const brew = coffee.items.splice(
      coffee.items.findIndex((i) => i.name === 'Cold brew coffee'),
      1,
    )[0] as DraftItem;
    breakfast.items.push({ ...brew, name: 'Cold brew tonic' });
    pastries.items.unshift(pastries.items.splice(1, 1)[0] as DraftItem);
    (coffee.items[0] as DraftItem).diets = ['vegetarian'];
    (coffee.items[2] as DraftItem).mayContain = ['nuts'];
    ctx.stmts.run('UPDATE menu_uploads SET draft = ? WHERE id = ?', [JSON.stringify(draft), reorderedId]);
  });
  afterAll(async () => {
    await e?.close();
  });

  async function openDiff(page: Page, id = uploadId) {
    await page.goto(`/menus/upload/${id}`);
    await page.getByRole('button', { name: 'Update “Corner Café”' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Update “Corner Café”' });
    await dialog.getByTestId('diff-summary').waitFor();
    return dialog;
  }

  const noSidewaysScroll = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('html, [role="dialog"]')].every((el) => el.scrollWidth <= el.clientWidth + 1),
    );

  it('lists the changes by kind, removals unchecked, at 1280 px in light and 390 px in dark, no sideways scroll at 320 px', async () => {
    const { page } = await signedInPage(e, auth, { viewport: { width: 1280, height: 900 } });
    const dialog = await openDiff(page);
    expect(await dialog.locator('legend').allTextContents()).toEqual([
      'New items (1)',
      'Removed items (1)',
      'Renamed items (2)',
      'Price changes (1)',
    ]);
    expect(await dialog.getByTestId('diff-summary').textContent()).toBe('4 of 5 changes selected');
    const removal = dialog.getByRole('checkbox', { name: /Banana bread/ });
    expect(await removal.isChecked()).toBe(false);
    const price = dialog.getByTestId('diff-group-item.price');
    expect(await price.textContent()).toContain('€4.40');
    expect(await price.textContent()).toContain('€4.60');
    expect(await dialog.getByRole('checkbox', { name: /Cold brew coffee/ }).isChecked()).toBe(true);
    await screenshot(page, 'upload-diff-1280-light');

    const dark = await signedInPage(e, auth, { viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    await dark.page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    const phone = await openDiff(dark.page);
    expect(await noSidewaysScroll(dark.page)).toBe(true);
    await screenshot(dark.page, 'upload-diff-390-dark');
    await phone.getByRole('button', { name: 'Cancel' }).click();

    await dark.page.setViewportSize({ width: 320, height: 700 });
    await openDiff(dark.page);
    expect(await noSidewaysScroll(dark.page)).toBe(true);
    await screenshot(dark.page, 'upload-diff-320-dark');
  });

  it('says so when the chosen menu already matches the PDF', async () => {
    const { page } = await signedInPage(e, auth, { viewport: { width: 390, height: 844 } });
    const dialog = await openDiff(page);
    await dialog.getByLabel('Menu to update').selectOption({ label: 'Weekend' });
    // The dialog now names the chosen menu.
    const weekend = page.getByRole('dialog', { name: 'Update “Weekend”' });
    await weekend.getByTestId('diff-empty').waitFor();
    expect(await weekend.getByTestId('diff-empty').textContent()).toContain('No changes: the menu already matches this PDF.');
    expect(await weekend.getByRole('button', { name: /^Apply/ }).count()).toBe(0);
    await screenshot(page, 'upload-diff-390-empty');
  });

  it('shows a renamed dish that moved as one item, a new order, diets and traces, at 1280 px light and 390 px dark', async () => {
    const { page } = await signedInPage(e, auth, { viewport: { width: 1280, height: 900 } });
    const dialog = await openDiff(page, reorderedId);
    expect(await dialog.locator('legend').allTextContents()).toEqual([
      'New items (1)',
      'Removed items (1)',
      'Renamed items (2)',
      'Price changes (1)',
      'Dietary label changes (1)',
      '“May contain” changes (1)',
      'Moved items (1)',
      'Reordered items (1)',
    ]);
    // The cold brew is renamed and moved (its photo, translations and tags stay): not removed and added.
    expect(await dialog.getByTestId('diff-group-item.move').textContent()).toContain('Cold brew tonic');
    expect(await dialog.getByTestId('diff-group-item.move').textContent()).toContain('Breakfast');
    expect(await dialog.getByRole('checkbox', { name: /Cold brew tonic.*Cold brew/ }).isChecked()).toBe(true);
    expect(await dialog.getByTestId('diff-group-item.order').textContent()).toMatch(
      /Butter croissant.*in Pastries.*position 1.*position 2/,
    );
    expect(await dialog.getByTestId('diff-group-item.diets').textContent()).toContain('Vegetarian');
    expect(await dialog.getByTestId('diff-group-item.mayContain').textContent()).toContain('Nuts');
    expect(await dialog.getByRole('checkbox', { name: /Butter croissant/ }).isChecked()).toBe(true);
    await dialog.getByTestId('diff-group-item.order').scrollIntoViewIfNeeded();
    await screenshot(page, 'upload-diff-moves-1280-light');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await noSidewaysScroll(page)).toBe(true);
    await screenshot(page, 'upload-diff-moves-390-light');

    const dark = await signedInPage(e, auth, { viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    await dark.page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    const phone = await openDiff(dark.page, reorderedId);
    await phone.getByTestId('diff-group-item.order').scrollIntoViewIfNeeded();
    expect(await noSidewaysScroll(dark.page)).toBe(true);
    await screenshot(dark.page, 'upload-diff-moves-390-dark');
    await dark.page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(dark.page, 'upload-diff-moves-1280-dark');
    await dark.page.setViewportSize({ width: 320, height: 700 });
    expect(await noSidewaysScroll(dark.page)).toBe(true);
  });

  it('applies the checked changes only, from the keyboard, at 390 px', async () => {
    const { page } = await signedInPage(e, auth, { viewport: { width: 390, height: 844 } });
    const dialog = await openDiff(page);
    // Someone edits the menu meanwhile: applying then shows the changes again, nothing applied.
    await adminUpdate(e, 'items', ids.get('Flat white') ?? '', { description: 'Ristretto, velvety milk' });
    await dialog.getByRole('button', { name: 'Apply 4 changes' }).click();
    await waitForToast(page, 'The menu changed in the meantime. The list now shows the changes as they are.');
    await dialog.getByTestId('diff-summary').waitFor();
    expect(e.app.ctx.stmts.get('SELECT name FROM items WHERE id = ?', [ids.get('Cold brew') ?? ''])?.name).toBe('Cold brew');
    // Uncheck the chai's rename with the keyboard: its price change stays.
    await dialog.getByRole('checkbox', { name: /Chai tea latte.*Chai latte/ }).focus();
    await page.keyboard.press('Space');
    expect(await dialog.getByTestId('diff-summary').textContent()).toBe('3 of 5 changes selected');
    await screenshot(page, 'upload-diff-390-light');
    await dialog.getByRole('button', { name: 'Apply 3 changes' }).click();
    await waitForToast(page, '3 changes applied to “Corner Café”.');
    await page.waitForURL((url) => url.pathname.includes(menuId));

    const item = (id: string | undefined) => e.app.ctx.stmts.get('SELECT name, prices FROM items WHERE id = ?', [id ?? '']);
    expect(item(ids.get('Cold brew'))?.name).toBe('Cold brew coffee');
    expect(item(ids.get('Chai latte'))).toMatchObject({ name: 'Chai latte', prices: JSON.stringify([{ label: '', amount: 460 }]) });
    expect(item(ids.get('Banana bread'))?.name).toBe('Banana bread');
    expect(e.app.ctx.stmts.get("SELECT COUNT(*) AS c FROM items WHERE name = 'Almond croissant'")?.c).toBe(2); // here and in "Weekend"
    expect(e.app.ctx.stmts.get('SELECT status, menu FROM menu_uploads WHERE id = ?', [uploadId])).toEqual({
      status: 'imported',
      menu: menuId,
    });
  });
});
