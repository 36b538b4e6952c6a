import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasBrowser, screenshot, signedInPage, startE2E, tokenFromEmail, viennaContext, waitForToast, type E2E } from './harness.ts';

/**
 * The first week (issue 23, item 4) in a real browser at 390 px: a new owner signs up, onboards
 * (the organization name is asked, not guessed), sees the getting-started checklist, publishes a
 * menu, links it to the venue and downloads a QR code, each step ticking itself until the card
 * leaves; a wrong password stays by the field; an editor has no Billing.
 */
describe.skipIf(!hasBrowser)('the first week', () => {
  let e: E2E;
  const PASSWORD = 'correct horse 42';
  const email = `first-week-${Date.now()}@example.com`;
  const PHONE = { width: 390, height: 844 };

  beforeAll(async () => {
    e = await startE2E({ RATE_LIMIT_ENABLED: 'false' });
  });
  afterAll(async () => {
    await e?.close();
  });

  const card = (page: Page) => page.getByTestId('getting-started');
  const step = (page: Page, key: string) => card(page).locator(`[data-step="${key}"]`);
  /** The document is no wider than the viewport (no sideways scrolling). */
  const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  async function shots(page: Page, name: string) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      // Colours change with a CSS transition: let it end before the picture.
      await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
      await screenshot(page, `${name}-${scheme}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }

  it('walks a new owner from sign-up to a downloaded QR code, the checklist ticking itself', async () => {
    const context = await viennaContext(e, { viewport: PHONE, acceptDownloads: true });
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await page.goto('/sign-up');
    await page.getByLabel('Your name').fill('Eve Empty');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/verify');
    const token = await tokenFromEmail(e.smtp, email, 'verify');
    await page.goto(`/verify?token=${encodeURIComponent(token)}`);
    await page.waitForURL('**/subscribe/');
    await page.getByRole('button', { name: 'Start free trial' }).first().click();

    // Onboarding asks for the organization's name: empty, with an example, required.
    await page.waitForURL('**/onboarding');
    const orgName = page.getByLabel('Organization name');
    await orgName.waitFor();
    await expect(orgName.inputValue()).resolves.toBe('');
    await expect(orgName.getAttribute('placeholder')).resolves.toBe('e.g. Rossi Hospitality');
    await page.getByLabel('Venue name').fill('Bistro Eins');
    await page.getByRole('button', { name: 'Finish setup' }).click();
    await expect(orgName.getAttribute('aria-invalid')).resolves.toBe('true');
    expect(page.url()).toMatch(/\/onboarding$/);
    await orgName.fill('First Week Bistro');
    await page.getByRole('button', { name: 'Finish setup' }).click();
    await page.waitForURL('**/dashboard');

    // The checklist, nothing done yet.
    await card(page).waitFor();
    await card(page).getByText('0 of 3 done').waitFor();
    await card(page).getByRole('heading', { name: 'Get First Week Bistro in front of guests' }).waitFor();
    for (const key of ['publish', 'link', 'qr']) await expect(step(page, key).getAttribute('data-done')).resolves.toBe('false');
    expect(await noSideways(page)).toBe(true);
    await shots(page, 'first-week-dashboard-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await shots(page, 'first-week-dashboard-1280');
    await page.setViewportSize({ width: 320, height: 700 });
    expect(await noSideways(page)).toBe(true);
    await page.setViewportSize(PHONE);

    // 1. Publish a menu (made through the API as the owner, published in the editor).
    const { stmts } = e.app.ctx;
    const org = String(stmts.get('SELECT currentOrganization AS o FROM users WHERE email = ?', [email])?.o);
    const sdk = e.app.sdk();
    await sdk.collection('users').authWithPassword(email, PASSWORD);
    const menu = await sdk.collection('menus').create({ organization: org, name: 'Mittagskarte', status: 'draft' });
    await card(page).getByRole('link', { name: 'Open menus' }).click();
    await page.waitForURL('**/menus/');
    await page.goto(`/menus/${menu.id}`);
    await page.getByRole('switch', { name: 'Published' }).click();
    await waitForToast(page, 'Published: guests can see this menu');
    await page.goto('/dashboard');
    await card(page).getByText('1 of 3 done').waitFor();
    await expect(step(page, 'publish').getAttribute('data-done')).resolves.toBe('true');

    // 2. Link it to the venue: the next step opens the venue.
    await card(page).getByRole('link', { name: 'Open the venue' }).click();
    await page.waitForURL(/\/venues\/\w+$/);
    await page.getByLabel('Add a menu').selectOption({ label: 'Mittagskarte' });
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect.poll(() => String(stmts.get('SELECT menus FROM venues WHERE organization = ?', [org])?.menus)).toContain(menu.id);
    await page.goto('/dashboard');
    await card(page).getByText('2 of 3 done').waitFor();

    // 3. Download a QR code from the venue page; the server records it.
    await card(page).getByRole('link', { name: 'Get the QR code' }).click();
    await page.waitForURL(/\/venues\/\w+$/);
    await page.getByRole('button', { name: 'QR code' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'QR code' });
    await dialog.getByTestId('qr-preview').waitFor();
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download PNG' }).click();
    expect((await download).suggestedFilename()).toBe('qr-bistro-eins.png');
    await expect.poll(() => String(stmts.get('SELECT qrDownloadedAt AS d FROM organizations WHERE id = ?', [org])?.d)).not.toBe('');
    await page.keyboard.press('Escape');

    // All three done: the card leaves, the usual dashboard stays.
    await page.goto('/dashboard');
    await page.getByRole('region', { name: 'Totals' }).waitFor();
    await card(page).waitFor({ state: 'detached' });
    await context.close();
  });

  it('keeps a wrong password next to the field', async () => {
    const context = await viennaContext(e, { viewport: PHONE, colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const inline = page.locator('form [role="alert"]').filter({ hasText: 'Failed to authenticate.' });
    await inline.waitFor();
    await expect(page.getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).resolves.toBe('true');
    await shots(page, 'first-week-login-wrong-password-390');
    await context.close();
  });

  it('refuses a second tag of the same name with a field error', async () => {
    const sdk = e.app.sdk();
    await sdk.collection('users').authWithPassword(email, PASSWORD);
    const org = String(e.app.ctx.stmts.get('SELECT currentOrganization AS o FROM users WHERE email = ?', [email])?.o);
    await sdk.collection('tags').create({ organization: org, name: 'Spicy', color: '#dc2626' });
    const { context, page } = await signedInPage(e, { token: sdk.authStore.token, record: sdk.authStore.record }, { viewport: PHONE });
    await page.goto('/tags/');
    await page.getByRole('button', { name: 'New tag' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New tag' });
    const name = dialog.getByRole('textbox', { name: 'Tag name' });
    await name.fill('  SPICY ');
    await dialog.getByRole('button', { name: 'Create tag' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'A tag with this name already exists' }).waitFor();
    await expect(name.getAttribute('aria-invalid')).resolves.toBe('true');
    await screenshot(page, 'first-week-tag-duplicate-390-light');
    expect(e.app.ctx.stmts.get('SELECT COUNT(*) AS n FROM tags WHERE organization = ?', [org])?.n).toBe(1);
    await context.close();
  });

  it('shows a truncated menu name in full on keyboard focus', async () => {
    const sdk = e.app.sdk();
    await sdk.collection('users').authWithPassword(email, PASSWORD);
    const org = String(e.app.ctx.stmts.get('SELECT currentOrganization AS o FROM users WHERE email = ?', [email])?.o);
    const long = 'Mittagskarte Montag bis Freitag mit Tagessuppe und Dessert des Hauses';
    await sdk.collection('menus').create({ organization: org, name: long, status: 'draft' });
    const { context, page } = await signedInPage(e, { token: sdk.authStore.token, record: sdk.authStore.record }, { viewport: PHONE });
    await page.goto('/menus/');
    const link = page.getByRole('link', { name: long });
    await link.waitFor();
    // Cut on a phone…
    await expect(link.locator('span[title]').evaluate((el) => el.scrollWidth > el.clientWidth)).resolves.toBe(true);
    await expect(link.locator('span[title]').getAttribute('title')).resolves.toBe(long);
    // …and whole in a tooltip while the link has keyboard focus.
    await page.keyboard.press('Tab');
    await link.focus();
    const tip = page.getByTestId('full-text');
    await tip.waitFor();
    await expect(tip.textContent()).resolves.toBe(long);
    const box = await tip.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    await screenshot(page, 'first-week-full-name-390-light');
    await link.blur();
    await tip.waitFor({ state: 'detached' });
    await context.close();
  });

  it('shows an editor no Billing, and sends a direct visit back with a message', async () => {
    const org = String(e.app.ctx.stmts.get('SELECT currentOrganization AS o FROM users WHERE email = ?', [email])?.o);
    const editorEmail = `editor-${Date.now()}@example.com`;
    const { engine } = e.app.ctx;
    const editor = await engine.create(
      engine.collection('users'),
      {
        data: { email: editorEmail, password: PASSWORD, passwordConfirm: PASSWORD, name: 'Ed Editor', verified: true },
        files: {},
        fromForm: false,
      },
      engine.systemRequest(),
    );
    await engine.create(
      engine.collection('memberships'),
      { data: { organization: org, user: editor.id, role: 'editor' }, files: {}, fromForm: false },
      engine.systemRequest(),
    );
    await engine.update(
      engine.collection('users'),
      String(editor.id),
      { data: { currentOrganization: org, onboardingComplete: true }, files: {}, fromForm: false },
      engine.systemRequest(),
    );
    const auth = await e.app.sdk().collection('users').authWithPassword(editorEmail, PASSWORD, { expand: 'currentOrganization' });
    const { context, page } = await signedInPage(e, { token: auth.token, record: auth.record });
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Tags' }).waitFor();
    // Until the role is known the team's navigation shows; then Billing goes.
    await expect.poll(() => nav.getByRole('link', { name: 'Billing' }).count()).toBe(0);
    await expect(nav.getByRole('link', { name: 'Organization' }).count()).resolves.toBe(1);
    // Not the owner: no checklist either.
    await page.getByRole('region', { name: 'Totals' }).waitFor();
    await expect(card(page).count()).resolves.toBe(0);
    await page.goto('/settings/billing');
    await page.waitForURL('**/dashboard');
    await waitForToast(page, 'Billing is managed by owners and admins.');
    await context.close();
  });
});
