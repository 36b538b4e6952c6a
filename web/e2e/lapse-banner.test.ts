import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../server/test/test-app.ts';
import { adminUpdate, hasBrowser, screenshot, startE2E, waitForToast, type E2E } from './harness.ts';

const DAY = 86_400_000;
const OWNER = { email: 'owner@example.com', password: 'owner-password-1' };
const EDITOR = { email: 'editor@example.com', password: 'editor-password-1' };
const stored = (d: Date) => d.toISOString().replace('T', ' ');

/**
 * The lapse banner of the signed-in layout, and the guest page after the grace period.
 *
 * Staff are signed in while the organization is subscribed; the organization then lapses (as the
 * trial-expiry cron or Stripe's webhook would make it, here a superuser write) and the banner
 * appears live, without reloading; a page loaded while lapsed opens the app (read-only) with the
 * banner too.
 */
describe.skipIf(!hasBrowser)('lapse banner', () => {
  let e: E2E;
  let orgId = '';
  let owner: Page;
  let editor: Page;

  async function signedIn(account: { email: string; password: string }): Promise<{ context: BrowserContext; page: Page }> {
    const auth = await e.app.sdk().collection('users').authWithPassword(account.email, account.password);
    const context = await e.context();
    await context.addInitScript(
      (a) => {
        // Not in a same-origin frame (the design card's preview): its storage event would reset the app's session.
        if (window.top === window) localStorage.setItem('pocketbase_auth', JSON.stringify(a));
        localStorage.setItem('cookie_consent', 'no');
      },
      { token: auth.token, record: auth.record },
    );
    return { context, page: await context.newPage() };
  }

  beforeAll(async () => {
    e = await startE2E({ BILLING: 'trial' });
    const { ctx } = e.app;
    const user = await seed(ctx, 'users', { ...OWNER, passwordConfirm: OWNER.password, name: 'Olivia Owner', verified: true });
    orgId = String(user.currentOrganization);
    const ends = new Date(Date.now() + 10 * DAY);
    await adminUpdate(e, 'organizations', orgId, { name: 'Café Zentral', subscriptionStatus: 'trialing', trialEndsAt: stored(ends) });
    await adminUpdate(e, 'users', String(user.id), { onboardingComplete: true });
    const editorUser = await seed(ctx, 'users', { ...EDITOR, passwordConfirm: EDITOR.password, name: 'Eddie Editor', verified: true });
    await seed(ctx, 'memberships', { organization: orgId, user: editorUser.id, role: 'editor' });
    await adminUpdate(e, 'users', String(editorUser.id), { currentOrganization: orgId, onboardingComplete: true });
    const menu = await seed(ctx, 'menus', { organization: orgId, name: 'Dinner', status: 'published', languages: ['en'] });
    await seed(ctx, 'venues', {
      organization: orgId,
      name: 'Café Zentral',
      timezone: 'Europe/Vienna',
      primaryColor: '#b45309',
      menus: [menu.id],
    });
  });

  afterAll(async () => {
    await e?.close();
  });

  it('shows nothing while the trial runs', async () => {
    ({ page: owner } = await signedIn(OWNER));
    ({ page: editor } = await signedIn(EDITOR));
    for (const page of [owner, editor]) {
      await page.goto('/tags/');
      await page.getByRole('heading', { name: 'Tags', level: 1 }).waitFor();
      expect(await page.getByTestId('lapse-banner').count()).toBe(0);
    }
  });

  it('appears live when the trial lapses: days left, read-only, one button for owners', async () => {
    // The trial ended two days ago (billing/lapse.ts records a trial lapse at the trial's end).
    const ended = stored(new Date(Date.now() - 2 * DAY));
    await adminUpdate(e, 'organizations', orgId, { subscriptionStatus: 'past_due', trialEndsAt: ended, lapsedAt: ended });
    const banner = owner.getByRole('region', { name: 'Your free trial has ended' });
    await banner.waitFor();
    await banner.getByText(/Guests still see your menu for 12 more days \(until \w{3} \d{1,2}, \d{4}\)\./).waitFor();
    await banner.getByText('Your menus are read-only until the subscription is renewed.').waitFor();
    // Trial mode has no online payment: the one way out is to contact the operator.
    const button = banner.getByRole('link', { name: 'Contact us' });
    await button.waitFor();
    expect(await button.getAttribute('href')).toBe('/help');
    expect(await banner.getByRole('link').count()).toBe(1);
    await screenshot(owner, 'lapse-banner-owner-light-1280');
    await owner.setViewportSize({ width: 390, height: 844 });
    expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(owner, 'lapse-banner-owner-light-390');
    await owner.emulateMedia({ colorScheme: 'dark' });
    await owner.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await screenshot(owner, 'lapse-banner-owner-dark-390');
    await owner.setViewportSize({ width: 1280, height: 800 });
    await screenshot(owner, 'lapse-banner-owner-dark-1280');
    await owner.emulateMedia({ colorScheme: 'light' });
    // Loaded while lapsed: the guards keep the app open, with the banner.
    await owner.reload();
    await banner.waitFor();
    expect(new URL(owner.url()).pathname).not.toMatch(/^\/subscribe/);
  });

  it('tells editors to ask an owner (no button)', async () => {
    const banner = editor.getByRole('region', { name: 'Your free trial has ended' });
    await banner.getByText('Ask an owner of Café Zentral to renew it.').waitFor();
    expect(await banner.getByRole('link').count()).toBe(0);
    await editor.setViewportSize({ width: 390, height: 844 });
    await screenshot(editor, 'lapse-banner-editor-light-390');
  });

  it('a refused write says why instead of "not found"', async () => {
    await owner.getByRole('button', { name: 'Create your first tag' }).click();
    const dialog = owner.getByRole('dialog', { name: 'New tag' });
    await dialog.getByRole('textbox', { name: 'Tag name' }).fill('Vegan');
    await dialog.getByRole('button', { name: 'Create tag' }).click();
    await waitForToast(owner, 'Your subscription has lapsed: the menu is read-only until it is renewed.');
    await screenshot(owner, 'lapse-write-refused-light-1280');
    await owner.keyboard.press('Escape');
  });

  it('after the grace period, says since when guests see the unavailable page; the guest page answers 503', async () => {
    const lapsed = new Date(Date.now() - 20 * DAY);
    await adminUpdate(e, 'organizations', orgId, { subscriptionStatus: 'canceled', lapsedAt: stored(lapsed) });
    const banner = owner.getByRole('region', { name: 'Your subscription has ended' });
    await banner.getByText(/^Guests see an “unavailable” page since \w{3} \d{1,2}, \d{4}\./).waitFor();
    await banner.getByRole('link', { name: 'Contact us' }).waitFor();
    await screenshot(owner, 'lapse-banner-over-light-1280');

    const guest = await (await e.context({ viewport: { width: 390, height: 844 } })).newPage();
    const res = await guest.goto('/m/cafe-zentral');
    expect(res?.status()).toBe(503);
    await guest.getByRole('heading', { name: 'Café Zentral' }).waitFor();
    await guest.getByText('This menu is temporarily unavailable').waitFor();
    expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(guest, 'guest-unavailable-light-390');
    await guest.emulateMedia({ colorScheme: 'dark' });
    await screenshot(guest, 'guest-unavailable-dark-390');
  });

  it('disappears the moment the organization is active again', async () => {
    await adminUpdate(e, 'organizations', orgId, { subscriptionStatus: 'active' });
    await owner.getByTestId('lapse-banner').waitFor({ state: 'detached' });
    const guest = await (await e.context()).newPage();
    expect((await guest.goto('/m/cafe-zentral'))?.status()).toBe(200);
  });
});
