import fs from 'node:fs';
import path from 'node:path';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import { PDFDocument } from 'pdf-lib';
import type { BrowserContext, Download, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed, superuserRequest } from '../../server/test/test-app.ts';
import { type E2E, hasBrowser, loaded, savePng, screenPairs, screenshot, SCREENSHOT_DIR, startE2E } from './harness.ts';

/** Venues, the QR code dialog and tags, in a real browser against the real server. */

const EMAIL = 'olivia@example.com';
const PASSWORD = 'venues-password-1';
const VARIANTS = screenPairs([1280, 390]).map(({ scheme, width }) => ({ theme: scheme, width }));

/** A 96 × 96 PNG logo: a dark ring on white. */
function logoPng(): Buffer {
  const size = 96;
  const png = new PNG({ width: size, height: size });
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x - size / 2, y - size / 2);
      const ink = d < 44 && d > 26;
      const i = (y * size + x) * 4;
      png.data[i] = ink ? 190 : 255;
      png.data[i + 1] = ink ? 24 : 255;
      png.data[i + 2] = ink ? 93 : 255;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/** A screenshot of the viewport only: a modal's overlay covers the viewport, not the full page. */
async function dialogShot(page: Page, name: string): Promise<void> {
  await savePng(page, name);
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ download: Download; data: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await download.path();
  return { download, data: fs.readFileSync(file) };
}

// jsqr is CommonJS whose types declare an ES default export: unwrap it either way.
const jsQR = ((jsQRModule as unknown as { default?: typeof jsQRModule }).default ?? jsQRModule) as unknown as typeof jsQRModule.default;

function decodeQr(png: Buffer): { width: number; height: number; text: string | null } {
  const img = PNG.sync.read(png);
  const code = jsQR(new Uint8ClampedArray(img.data.buffer, img.data.byteOffset, img.data.byteLength), img.width, img.height);
  return { width: img.width, height: img.height, text: code?.data ?? null };
}

describe.skipIf(!hasBrowser)('venues, QR codes and tags', () => {
  let e: E2E;
  let auth: { token: string; record: Record<string, unknown> };
  let orgId = '';
  let venueId = '';
  let slug = '';
  const menuIds: Record<string, string> = {};

  beforeAll(async () => {
    e = await startE2E();
    const { ctx } = e.app;
    const su = superuserRequest(ctx);
    // Sign-up hooks give the user their own organization; make it subscribed and the user onboarded.
    const user = await seed(ctx, 'users', {
      email: EMAIL,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      name: 'Olivia Owner',
      verified: true,
    });
    orgId = String(user.currentOrganization);
    await ctx.engine.update(
      ctx.engine.collection('organizations'),
      orgId,
      { data: { subscriptionStatus: 'active', name: 'Olivia’s Kitchen' }, files: {}, fromForm: false },
      su,
    );
    await ctx.engine.update(
      ctx.engine.collection('users'),
      String(user.id),
      { data: { onboardingComplete: true }, files: {}, fromForm: false },
      su,
    );
    for (const [name, status] of [
      ['Lunch', 'published'],
      ['Dinner', 'published'],
      ['Drinks', 'draft'],
    ] as const) {
      menuIds[name] = String((await seed(ctx, 'menus', { organization: orgId, name, status })).id);
    }
    // The login page may not exist yet: sign in through the SDK and hand the session to the browser.
    const result = await e.app.sdk().collection('users').authWithPassword(EMAIL, PASSWORD);
    auth = { token: result.token, record: result.record };
  });
  afterAll(async () => {
    await e?.close();
  });

  const signedIn = async (options: Parameters<E2E['context']>[0] = {}): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await e.context({ timezoneId: 'Europe/Vienna', ...options });
    await context.addInitScript((a) => {
      // Not in a same-origin frame (the design card's preview): its storage event would reset the app's session.
      if (window.top === window) localStorage.setItem('pocketbase_auth', JSON.stringify(a));
      // Keep the consent banner out of the screenshots.
      localStorage.setItem('cookie_consent', 'no');
    }, auth);
    const page = await context.newPage();
    // Surface browser-side failures in the test output.
    page.on('pageerror', (err) => console.error(`[browser] ${err.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error')
        void Promise.all(msg.args().map((a) => a.jsonValue().catch(() => String(a)))).then((v) =>
          console.error(`[console] ${msg.text()} ${JSON.stringify(v)}`),
        );
    });
    return { context, page };
  };
  const api = () => {
    const pb = e.app.sdk();
    pb.authStore.save(auth.token, auth.record as never);
    return pb;
  };

  let page: Page;
  let context: BrowserContext;

  it('creates a venue through the dialog, with validation and a keyboard time zone picker', async () => {
    ({ context, page } = await signedIn());
    await page.goto('/venues/');
    await page.getByRole('heading', { name: 'Venues', level: 1 }).waitFor();
    await page.getByText('No venues yet').waitFor();
    expect(await page.title()).toBe('Venues | QR Menu');
    await screenshot(page, 'venues-empty-light-1280');

    await page.getByRole('button', { name: 'Create your first venue' }).click();
    const dialog = page.getByRole('dialog', { name: 'New venue' });
    await dialog.waitFor();
    // The time zone defaults to the browser's.
    const zone = dialog.getByRole('combobox', { name: 'Time zone' });
    // Its label with the offset comes with the zone list, a moment after the dialog opens.
    await expect.poll(() => zone.inputValue()).toMatch(/^Europe\/Vienna \(GMT\+\d\)$/);

    await dialog.getByRole('button', { name: 'Create venue' }).click();
    await dialog.getByText('Venue name is required').waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Venue name' }).getAttribute('aria-invalid')).toBe('true');
    await dialogShot(page, 'venue-create-dialog-error-light-1280');

    // Type to search, arrows + Enter to pick.
    // Keys act on the list as filtered, so each waits for its option to be listed.
    await zone.fill('new york');
    await page
      .getByRole('option', { name: /New York/ })
      .first()
      .waitFor();
    await zone.press('Enter');
    await expect.poll(() => zone.inputValue()).toMatch(/^America\/New York/);
    await zone.fill('lisbon');
    await page
      .getByRole('option', { name: /Lisbon/ })
      .first()
      .waitFor();
    await page.getByRole('option', { name: /New York/ }).waitFor({ state: 'detached' });
    await zone.press('ArrowDown');
    await zone.press('ArrowUp');
    await zone.press('Enter');
    await expect.poll(() => zone.inputValue()).toMatch(/^Europe\/Lisbon/);

    await dialog.getByRole('textbox', { name: 'Venue name' }).fill('Café Central');
    await dialog.getByRole('button', { name: 'Teal #0f766e' }).click();
    expect(await dialog.getByRole('textbox', { name: 'Primary colour' }).inputValue()).toBe('#0f766e');
    await dialog.getByRole('button', { name: 'Create venue' }).click();
    await page.waitForURL(/\/venues\/[a-z0-9]{15}$/);
    venueId = page.url().split('/').pop() as string;
    await page.getByRole('heading', { name: 'Edit Venue', level: 1 }).waitFor();
    expect(await page.title()).toBe('Edit Venue | QR Menu');

    const venue = await api().collection('venues').getOne(venueId);
    expect(venue).toMatchObject({
      organization: orgId,
      name: 'Café Central',
      timezone: 'Europe/Lisbon',
      primaryColor: '#0f766e',
    });
    slug = String(venue.slug);
    expect(slug).toMatch(/^cafe-central/);
  });

  it('edits the venue: details, colour, menus in order, logo, guest link', async () => {
    const form = page.getByRole('form', { name: 'Venue details' });
    await form.getByRole('textbox', { name: 'Venue name' }).fill('Café Zentral');
    const color = form.getByRole('textbox', { name: 'Primary colour' });
    await color.fill('1D4ED8');
    await color.blur();
    expect(await color.inputValue()).toBe('#1d4ed8');
    await form.getByRole('textbox', { name: 'Address' }).fill('Herrengasse 14, 1010 Wien');
    await form.getByText('Unsaved changes').waitFor();

    // Leaving with unsaved changes asks first.
    const asked: string[] = [];
    page.once('dialog', (d) => {
      asked.push(d.message());
      void d.dismiss();
    });
    await page.getByRole('link', { name: 'Venues', exact: true }).first().click();
    expect(asked[0]).toMatch(/unsaved changes/i);
    expect(page.url()).toContain(`/venues/${venueId}`);

    await form.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Venue saved').waitFor();
    expect(await form.getByText('Unsaved changes').count()).toBe(0);
    await page.getByText('Café Zentral', { exact: true }).first().waitFor();
    const saved = await api().collection('venues').getOne(venueId);
    expect(saved).toMatchObject({
      name: 'Café Zentral',
      primaryColor: '#1d4ed8',
      address: 'Herrengasse 14, 1010 Wien',
      slug,
    });

    // Menus: add two, then move the second up with the keyboard.
    const add = page.getByRole('combobox', { name: 'Add a menu' });
    await add.selectOption({ label: 'Lunch' });
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: 'Move Lunch up' }).waitFor();
    await add.selectOption({ label: 'Dinner' });
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const up = page.getByRole('button', { name: 'Move Dinner up' });
    await up.focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await api().collection('venues').getOne(venueId)).menus).toEqual([menuIds.Dinner, menuIds.Lunch]);
    const order = await page.getByRole('list', { name: 'Menus in order' }).getByRole('listitem').allTextContents();
    expect(order.map((t) => t.replace(/Published|Draft/g, '').trim())).toEqual(['1Dinner', '2Lunch']);
    // Focus stays on the moved menu's controls.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move Dinner down');

    // A failed write rolls the optimistic change back and says so.
    const failWrites = async (data: Record<string, unknown>) => {
      await page.route(`**/api/collections/venues/records/${venueId}*`, (route) =>
        route.request().method() === 'PATCH'
          ? route.fulfill({
              status: 400,
              contentType: 'application/json',
              body: JSON.stringify({ status: 400, message: 'Failed to update record.', data }),
            })
          : route.continue(),
      );
    };
    await failWrites({});
    await page.getByRole('button', { name: 'Move Lunch up' }).click();
    await page.getByText('The menu list was not saved: Failed to update record.').waitFor();
    await expect
      .poll(async () =>
        (await page.getByRole('list', { name: 'Menus in order' }).getByRole('listitem').allTextContents()).map((t) =>
          t.replace(/Published|Draft/g, '').trim(),
        ),
      )
      .toEqual(['1Dinner', '2Lunch']);
    await page.unrouteAll();
    await failWrites({ name: { code: 'validation_not_unique', message: 'Value must be unique.' } });
    await form.getByRole('textbox', { name: 'Venue name' }).fill('Café Taken');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await form.getByText('Value must be unique.').waitFor();
    await page.getByText('Changes not saved. Check the highlighted fields.').waitFor();
    // The header shows the stored name again; the form keeps the edit to fix it.
    await expect.poll(() => page.locator('main h1 + p').textContent()).toBe('Café Zentral');
    expect(await form.getByRole('textbox', { name: 'Venue name' }).inputValue()).toBe('Café Taken');
    await page.unrouteAll();
    await form.getByRole('button', { name: 'Discard' }).click();
    expect(await form.getByRole('textbox', { name: 'Venue name' }).inputValue()).toBe('Café Zentral');

    // Logo upload with preview.
    await page
      .locator('input[type="file"][aria-label="Logo file"]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
    await page.getByText('Logo uploaded').waitFor();
    await expect.poll(async () => String((await api().collection('venues').getOne(venueId)).logo)).toMatch(/\.png$/);
    await expect.poll(() => page.getByTestId('logo-preview').getAttribute('src')).toContain(`/api/files/`);
    await page.getByRole('button', { name: 'Remove', exact: true }).waitFor();

    // The guest link.
    expect(await page.getByRole('textbox', { name: 'Guest link' }).inputValue()).toBe(`${e.url}/m/${slug}`);

    await page.reload();
    await page.getByRole('heading', { name: 'Edit Venue', level: 1 }).waitFor();
    expect(await page.getByRole('form', { name: 'Venue details' }).getByRole('textbox', { name: 'Venue name' }).inputValue()).toBe(
      'Café Zentral',
    );
    await screenshot(page, 'venue-edit-light-1280');
  });

  it('QR code dialog: contrast check, downloads (SVG, PNG that decodes to the guest URL, A6 PDF), copy link', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e.url });
    await page.getByRole('button', { name: 'QR code' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'QR code' });
    await dialog.waitFor();
    await dialog.getByTestId('qr-preview').waitFor();
    const color = dialog.getByRole('textbox', { name: 'Colour' });
    expect(await color.inputValue()).toBe('#1d4ed8');
    await dialog.getByText(/scans well/).waitFor();
    expect(await dialog.getByText(`${e.url}/m/${slug}?src=qr`, { exact: true }).count()).toBe(1);
    // APP_URL is a loopback address here: the dialog says so before anyone prints.
    await dialog.getByRole('alert').filter({ hasText: 'a local address guests’ phones cannot reach' }).waitFor();

    // Too light: downloads are refused with a clear message.
    await color.fill('#facc15');
    await dialog.getByRole('alert').filter({ hasText: 'too low to scan reliably' }).waitFor();
    for (const name of ['Download SVG', 'Download PNG', 'Download PDF table card']) {
      expect(await dialog.getByRole('button', { name }).isDisabled()).toBe(true);
    }
    await dialogShot(page, 'qr-dialog-low-contrast-light-1280');
    await color.fill('#888888');
    await dialog.getByText(/is low: some phones may struggle/).waitFor();
    expect(await dialog.getByRole('button', { name: 'Download PNG' }).isEnabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Teal #0f766e' }).click();
    await dialog.getByText(/scans well/).waitFor();
    await color.fill('#1d4ed8');
    await dialog.getByText(/scans well/).waitFor();
    // The logo is on by default once loaded.
    expect(await dialog.getByRole('checkbox', { name: 'Show the logo in the centre' }).isChecked()).toBe(true);

    const guest = `${e.url}/m/${slug}`;
    const png = await downloaded(page, () => dialog.getByRole('button', { name: 'Download PNG' }).click());
    expect(png.download.suggestedFilename()).toBe('qr-cafe-zentral.png');
    expect(decodeQr(png.data)).toEqual({ width: 1024, height: 1024, text: `${guest}?src=qr` });

    await dialog.getByRole('textbox', { name: 'Table number (optional)' }).fill('12');
    await dialog.getByText(`${guest}?src=qr&t=12`, { exact: true }).waitFor();
    const svg = await downloaded(page, () => dialog.getByRole('button', { name: 'Download SVG' }).click());
    expect(svg.download.suggestedFilename()).toBe('qr-cafe-zentral-table-12.svg');
    const svgText = svg.data.toString('utf8');
    expect(svgText).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    expect(svgText).toContain('stroke="#1d4ed8"');
    expect(svgText).toContain('href="data:image/');

    const tablePng = await downloaded(page, () => dialog.getByRole('button', { name: 'Download PNG' }).click());
    expect(decodeQr(tablePng.data).text).toBe(`${guest}?src=qr&t=12`);

    const pdf = await downloaded(page, () => dialog.getByRole('button', { name: 'Download PDF table card' }).click());
    expect(pdf.download.suggestedFilename()).toBe('qr-cafe-zentral-table-12.pdf');
    expect(pdf.data.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf.data);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round((width / 72) * 25.4), Math.round((height / 72) * 25.4)]).toEqual([105, 148]);
    expect(doc.getTitle()).toBe('Café Zentral – QR menu');
    // The card speaks the organization's language unless staff pick another.
    const cardLanguage = dialog.getByRole('combobox', { name: 'Table card language' });
    expect(await cardLanguage.inputValue()).toBe('en');
    expect(doc.getSubject()).toBe('Scan for the menu');
    await cardLanguage.selectOption('de');
    const german = await downloaded(page, () => dialog.getByRole('button', { name: 'Download PDF table card' }).click());
    const germanDoc = await PDFDocument.load(german.data);
    expect(germanDoc.getSubject()).toBe('Zur Speisekarte scannen');
    // Kept next to the screenshots for a person to look at.
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    fs.writeFileSync(path.join(SCREENSHOT_DIR, 'qr-table-card.pdf'), pdf.data);
    fs.writeFileSync(path.join(SCREENSHOT_DIR, 'qr-code-table-12.png'), tablePng.data);

    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Link copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${guest}?src=qr&t=12`);

    // Without the logo the code is still the guest link.
    await dialog.getByRole('checkbox', { name: 'Show the logo in the centre' }).uncheck();
    const plain = await downloaded(page, () => dialog.getByRole('button', { name: 'Download PNG' }).click());
    expect(decodeQr(plain.data).text).toBe(`${guest}?src=qr&t=12`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('creates, edits and deletes a tag (empty colour becomes #000000)', async () => {
    await page.goto('/tags/');
    await page.getByRole('heading', { name: 'Tags', level: 1 }).waitFor();
    expect(await page.title()).toBe('Tags | QR Menu');
    await page.getByText('No tags yet').waitFor();
    await screenshot(page, 'tags-empty-light-1280');
    await page.getByRole('button', { name: 'Create your first tag' }).click();
    const dialog = page.getByRole('dialog', { name: 'New tag' });
    await dialog.getByRole('button', { name: 'Create tag' }).click();
    await dialog.getByText('Tag name is required').waitFor();
    await dialog.getByRole('textbox', { name: 'Tag name' }).fill('Vegan');
    expect(await dialog.getByRole('textbox', { name: 'Colour' }).inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Create tag' }).click();
    await page.getByText('Tag “Vegan” created').waitFor();
    const list = page.getByRole('list', { name: 'Tags' });
    await list.getByText('#000000').waitFor();
    const [created] = await api()
      .collection('tags')
      .getFullList({ filter: `organization = "${orgId}"` });
    expect(created).toMatchObject({ name: 'Vegan', color: '#000000' });
    const chip = list.getByText('Vegan', { exact: true });
    // The chip's colours follow the saved record once the list shows it: polled, not read once.
    const textColour = (el: Element) => getComputedStyle(el.parentElement as Element).color;
    await expect.poll(() => chip.evaluate(textColour)).toBe('rgb(255, 255, 255)');

    await page.getByRole('button', { name: 'Edit Vegan' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit tag' });
    expect(await edit.getByRole('textbox', { name: 'Colour' }).inputValue()).toBe('#000000');
    await edit.getByRole('textbox', { name: 'Tag name' }).fill('Vegan friendly');
    await edit.getByRole('button', { name: 'Emerald #10b981' }).click();
    await edit.getByRole('button', { name: 'Save tag' }).click();
    await page.getByText('Tag “Vegan friendly” saved').waitFor();
    const renamed = list.getByText('Vegan friendly', { exact: true });
    // A light colour gets dark text.
    await expect.poll(() => renamed.evaluate(textColour)).toBe('rgb(0, 0, 0)');
    expect(await api().collection('tags').getOne(created!.id)).toMatchObject({ name: 'Vegan friendly', color: '#10b981' });

    await page.getByRole('button', { name: 'Delete Vegan friendly' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this tag?' });
    await confirm.getByRole('button', { name: 'Delete tag' }).click();
    await page.getByText('Tag “Vegan friendly” deleted').waitFor();
    await page.getByText('No tags yet').waitFor();
    expect(await api().collection('tags').getFullList()).toHaveLength(0);
  });

  it('shows a plan limit with a link to billing', async () => {
    const { ctx } = e.app;
    const plan = await seed(ctx, 'plans', {
      code: 'e2e-tiny',
      name: 'Tiny',
      active: true,
      priceMonthly: 900,
      currency: 'EUR',
      limits: { venues: 1 },
    });
    await ctx.engine.update(
      ctx.engine.collection('organizations'),
      orgId,
      { data: { plan: plan.id }, files: {}, fromForm: false },
      superuserRequest(ctx),
    );
    await page.goto('/venues/');
    await page.getByRole('button', { name: 'New venue' }).click();
    const dialog = page.getByRole('dialog', { name: 'New venue' });
    await dialog.getByRole('textbox', { name: 'Venue name' }).fill('Second place');
    await dialog.getByRole('button', { name: 'Create venue' }).click();
    const alert = dialog.getByRole('alert').filter({ hasText: 'Tiny plan includes 1 venue' });
    await alert.waitFor();
    expect(await alert.getByRole('link', { name: 'View plans and billing' }).getAttribute('href')).toBe('/settings/billing');
    await dialogShot(page, 'venue-create-plan-limit-light-1280');
    await page.keyboard.press('Escape');
    await ctx.engine.update(
      ctx.engine.collection('organizations'),
      orgId,
      { data: { plan: '' }, files: {}, fromForm: false },
      superuserRequest(ctx),
    );
  });

  it('searches the venue list', async () => {
    const { ctx } = e.app;
    for (const name of ['Harbour Bar', 'Rooftop Terrace'])
      await seed(ctx, 'venues', { organization: orgId, name, timezone: 'Europe/Vienna', primaryColor: '#7e22ce' });
    await api().collection('tags').create({ organization: orgId, name: 'Spicy', color: '#b91c1c' });
    await api().collection('tags').create({ organization: orgId, name: 'New', color: '#facc15' });
    await api().collection('tags').create({ organization: orgId, name: 'Gluten free', color: '' });
    await page.goto('/venues/');
    const list = page.getByRole('list', { name: 'Venues' });
    await list.getByText('Rooftop Terrace').waitFor();
    expect(await list.getByRole('listitem').count()).toBe(3);
    await page.getByRole('searchbox', { name: 'Search venues' }).fill('harb');
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    await list.getByText('Harbour Bar').waitFor();
    await page.getByRole('searchbox', { name: 'Search venues' }).fill('nothing like this');
    await page.getByText('No venues match “nothing like this”.').waitFor();
  });

  it('looks right in light and dark, at 1280 and 390 px', async () => {
    const open = async (p: Page, route: string, ready: (p: Page) => Locator) => {
      await p.goto(route);
      await ready(p).first().waitFor();
      await loaded(p);
    };
    for (const { theme, width } of VARIANTS) {
      const { page: p } = await signedIn({ colorScheme: theme, viewport: { width, height: width > 600 ? 800 : 844 } });
      const tag = `${theme}-${width}`;
      await open(p, '/venues/', (q) => q.getByRole('list', { name: 'Venues' }).getByText('Café Zentral'));
      await screenshot(p, `venues-${tag}`);
      await p.getByRole('button', { name: 'New venue' }).click();
      await p.getByRole('dialog', { name: 'New venue' }).waitFor();
      await dialogShot(p, `venue-create-dialog-${tag}`);
      await p.keyboard.press('Escape');

      await open(p, `/venues/${venueId}`, (q) => q.getByTestId('logo-preview'));
      expect(await p.getByRole('form', { name: 'Venue details' }).getByRole('textbox', { name: 'Venue name' }).inputValue()).toBe(
        'Café Zentral',
      );
      await screenshot(p, `venue-edit-${tag}`);
      await p.getByRole('button', { name: 'QR code' }).first().click();
      const dialog = p.getByRole('dialog', { name: 'QR code' });
      await dialog.getByTestId('qr-preview').waitFor();
      await dialog.getByText(/scans well/).waitFor();
      await dialogShot(p, `qr-dialog-${tag}`);
      await p.keyboard.press('Escape');

      await open(p, '/tags/', (q) => q.getByRole('list', { name: 'Tags' }).getByText('Spicy'));
      await screenshot(p, `tags-${tag}`);
      await p.getByRole('button', { name: 'Edit Spicy' }).click();
      await p.getByRole('dialog', { name: 'Edit tag' }).waitFor();
      await dialogShot(p, `tag-dialog-${tag}`);
      await p.close();
    }
  });

  it('deletes the venue after confirmation', async () => {
    await page.goto(`/venues/${venueId}`);
    await page.getByRole('heading', { name: 'Edit Venue', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this venue?' });
    await confirm.getByRole('button', { name: 'Delete venue' }).click();
    await page.waitForURL(/\/venues\/$/);
    await page.getByText('Venue “Café Zentral” deleted').waitFor();
    await expect(api().collection('venues').getOne(venueId)).rejects.toMatchObject({ status: 404 });
    expect(await page.getByRole('list', { name: 'Venues' }).getByText('Café Zentral').count()).toBe(0);
  });
});
