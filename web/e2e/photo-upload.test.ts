import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seed, superuserRequest } from '../../server/test/test-app.ts';
import type { SqlParam } from '../../server/db/statements.ts';
import { CAFE_MARKUP, menuPhoto } from '../../server/test/menu-photo.ts';
import { ocrToolsMissing } from '../../server/test/ocr-tools.ts';
import { hasBrowser, SAVE_SCREENSHOTS, screenshot, startE2E, type E2E } from './harness.ts';

/**
 * A menu photographed page by page, in a real browser: several photos chosen at once (in
 * order), the OCR job's progress page by page on the upload screen, and the review beside the
 * photos, on a desktop and a phone width.
 */
const PASSWORD = 'photo-password-1';
const OWNER = 'photos@example.com';
const ocrSkip = await ocrToolsMissing();

describe.skipIf(!hasBrowser || Boolean(ocrSkip))('photo menu uploads', () => {
  let e: E2E;
  let auth: { token: string; record: unknown };
  const photos: Array<{ name: string; mimeType: string; buffer: Buffer }> = [];

  const row = (sql: string, params: unknown[] = []) => e.app.ctx.stmts.get(sql, params as SqlParam[]);

  beforeAll(async () => {
    e = await startE2E();
    const { ctx } = e.app;
    const engine = ctx.engine;
    const owner = await seed(ctx, 'users', {
      email: OWNER,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      name: 'Pia Photo',
      verified: true,
    });
    const orgId = String(row('SELECT currentOrganization AS o FROM users WHERE id = ?', [owner.id])?.o);
    const su = superuserRequest(ctx);
    await engine.update(
      engine.collection('organizations'),
      orgId,
      { data: { subscriptionStatus: 'active', name: 'Linde', currency: 'EUR' }, files: {}, fromForm: false },
      su,
    );
    await engine.update(
      engine.collection('users'),
      String(owner.id),
      { data: { onboardingComplete: true }, files: {}, fromForm: false },
      su,
    );
    const { token, record } = await e.app.sdk().collection('users').authWithPassword(OWNER, PASSWORD);
    auth = { token, record };
    photos.push(
      { name: 'cafe-1.jpg', mimeType: 'image/jpeg', buffer: await menuPhoto(CAFE_MARKUP, { degrees: 2.5 }) },
      {
        name: 'cafe-2.jpg',
        mimeType: 'image/jpeg',
        buffer: await menuPhoto(['<b>Desserts</b>', 'Tiramisu\t\t\t\t\t6.00', 'Panna cotta\t\t\t\t5.50'].join('\n'), { degrees: -2 }),
      },
      {
        name: 'cafe-3.png',
        mimeType: 'image/png',
        buffer: await menuPhoto(['<b>Drinks</b>', 'Espresso\t\t\t\t\t2.20', 'Lemonade\t\t\t\t\t3.80'].join('\n'), {
          degrees: 1,
          format: 'png',
        }),
      },
    );
  });
  afterAll(async () => {
    await e?.close();
  });

  async function signedIn(width: number, height: number): Promise<{ page: Page; errors: string[] }> {
    const context = await e.context({ viewport: { width, height } });
    await context.addInitScript((s) => {
      localStorage.setItem('cookie_consent', 'no');
      // Not in a same-origin frame (the design card's preview): its storage event would reset the app's session.
      if (window.top === window) localStorage.setItem('pocketbase_auth', JSON.stringify(s));
    }, auth);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) errors.push(m.text());
    });
    return { page, errors };
  }

  /** The review beside the photos: items from every photo, the item's region on the first photo, paging. */
  async function reviewsBesideThePhotos(page: Page, width: number): Promise<void> {
    for (const dish of ['Tomato soup', 'Mushroom risotto', 'Tiramisu', 'Lemonade'])
      await page.getByRole('group', { name: dish, exact: true }).waitFor();
    const photo = page.getByTestId('photo-page');
    await photo.waitFor();
    expect(await photo.getAttribute('data-page')).toBe('1');
    expect(await photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(500);
    await page.getByRole('group', { name: 'Greek salad with feta', exact: true }).getByLabel('Description').click();
    const box = page.getByTestId('pdf-highlight');
    await box.waitFor();
    const shown = await photo.boundingBox();
    const highlight = await box.boundingBox();
    expect(shown && highlight).toBeTruthy();
    if (shown && highlight) {
      expect(highlight.x).toBeGreaterThanOrEqual(shown.x - 4);
      expect(highlight.y).toBeGreaterThan(shown.y);
      expect(highlight.y + highlight.height).toBeLessThan(shown.y + shown.height);
    }
    // The selected item's region is cropped from the photo (it was a blank PDF canvas before).
    const region = page
      .getByRole('group', { name: 'Greek salad with feta', exact: true })
      .locator('[data-testid="pdf-region"][data-rendered="true"]');
    await region.waitFor({ timeout: 10_000 });
    expect(await region.getByRole('img', { name: 'Greek salad with feta on the photo' }).boundingBox()).toMatchObject({
      height: expect.any(Number),
    });
    expect(await region.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(500);
    // A photo upload's review speaks of photos, not of a PDF.
    await page.getByRole('button', { name: 'Read the photos again' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `photo-upload-review-${width}`);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => photo.getAttribute('data-page')).toBe('2');
  }

  /** The last photo upload read to the end (its review is checked again at the other width). */
  let readUpload = '';

  // Reading three photos takes OCR a while: without screenshots to look at (CI), one upload on
  // the phone, whose review is then checked at the desktop width too.
  const uploadWidths: ReadonlyArray<readonly [number, number]> = SAVE_SCREENSHOTS
    ? [
        [1280, 800],
        [390, 844],
      ]
    : [[390, 844]];
  for (const [width, height] of uploadWidths) {
    it(`uploads three photos at ${width} px, shows OCR progress per page and reviews beside the photos`, async () => {
      const { page, errors } = await signedIn(width, height);
      await page.goto('/menus/upload/');
      const form = page.getByRole('form', { name: 'Upload a PDF menu' });
      await form.getByLabel('PDF or photos').setInputFiles(photos);
      await expect.poll(() => page.getByTestId('chosen-file').allInnerTexts()).toEqual(['cafe-1.jpg', 'cafe-2.jpg', 'cafe-3.png']);
      await form.getByText('3 photos').waitFor();
      expect(await form.getByLabel('Menu name').inputValue()).toBe('Cafe 1');
      const name = `Café Linde ${width}`;
      await form.getByLabel('Menu name').fill(name);
      await screenshot(page, `photo-upload-chosen-${width}`);

      // The page's "Reading page N of 3" text, sampled while the job runs.
      const seen = new Set<string>();
      let sampling = true;
      const sample = (async () => {
        while (sampling) {
          const text = await page
            .getByText(/^Reading page \d of \d/)
            .first()
            .innerText({ timeout: 200 })
            .catch(() => '');
          if (text) seen.add(text.replace(/[…\s]+$/, ''));
          if (seen.size === 1 && text) await screenshot(page, `photo-upload-progress-${width}`).catch(() => undefined);
          await new Promise((r) => setTimeout(r, 50));
        }
      })();
      await form.getByRole('button', { name: 'Upload and read menu' }).click();
      await page.waitForURL(/\/menus\/upload\/[a-z0-9]{15}$/, { timeout: 30_000 });
      await page.getByText('Ready for review').first().waitFor({ timeout: 120_000 });
      sampling = false;
      await sample;
      const id = page.url().split('/').pop() as string;
      expect(row('SELECT pages, status FROM menu_uploads WHERE id = ?', [id])).toEqual({ pages: 3, status: 'ready' });
      // At least two different pages were shown as in progress, in order.
      const pagesSeen = [...seen].map((s) => Number(/page (\d)/.exec(s)?.[1])).sort();
      expect(pagesSeen.length, [...seen].join(' | ')).toBeGreaterThanOrEqual(2);
      expect(pagesSeen.every((p) => p >= 1 && p <= 3)).toBe(true);

      await reviewsBesideThePhotos(page, width);
      expect(errors).toEqual([]);
      readUpload = id;
    }, 240_000);
  }

  it('reviews the same photos beside the draft at 1280 px', async () => {
    expect(readUpload, 'an upload read by the test before').not.toBe('');
    const { page, errors } = await signedIn(1280, 800);
    await page.goto(`/menus/upload/${readUpload}`);
    await page.getByText('Ready for review').first().waitFor();
    await reviewsBesideThePhotos(page, 1280);
    expect(errors).toEqual([]);
  });
});
