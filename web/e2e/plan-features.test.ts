import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { seed } from '../../server/test/test-app.ts';
import { adminUpdate, hasBrowser, screenshot, startE2E, waitForToast, type E2E } from './harness.ts';

/**
 * Plans enforce what they sell, seen by staff (issue 20, item 7): on the Starter plan the menu
 * editor's schedule, the dashboard's guest analytics and the editor role say which plan includes
 * them, with a link to billing, whose plan picker lists the features from the same map. At 1280
 * and 390 px, light and dark, without sideways scrolling.
 */
const EMAIL = 'starter-owner@example.com';
const PASSWORD = 'kitchen-password-1';
type Storage = Awaited<ReturnType<BrowserContext['storageState']>>;

describe.skipIf(!hasBrowser)('plan features in the staff app', () => {
  let e: E2E;
  let org = '';
  let menuId = '';
  let session: Storage;

  const noSideways = async (page: Page) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  async function signedIn(width: number, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
    const context = await e.context({ storageState: session, viewport: { width, height: 900 }, colorScheme });
    await context.addInitScript(() => localStorage.setItem('cookie_consent', 'no'));
    return context.newPage();
  }

  beforeAll(async () => {
    e = await startE2E();
    const ctx = e.app.ctx;
    const user = await seed(ctx, 'users', {
      email: EMAIL,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      name: 'Sam Starter',
      verified: true,
    });
    org = String(ctx.stmts.get('SELECT currentOrganization AS o FROM users WHERE id = ?', [String(user.id)])?.o);
    const starter = String(ctx.stmts.get("SELECT id FROM plans WHERE code = 'starter'")?.id);
    await adminUpdate(e, 'organizations', org, {
      name: 'Osteria Piccola',
      subscriptionStatus: 'active',
      plan: starter,
      billingInterval: 'month',
      currentPeriodEnd: '2099-01-01 00:00:00.000Z',
    });
    await adminUpdate(e, 'users', String(user.id), { onboardingComplete: true });
    menuId = String((await seed(ctx, 'menus', { organization: org, name: 'Lunch', status: 'published', languages: ['en'] })).id);
    await seed(ctx, 'venues', { organization: org, name: 'Piccola', timezone: 'Europe/Rome', primaryColor: '#0f766e', menus: [menuId] });

    const context = await e.context();
    await context.addInitScript(() => localStorage.setItem('cookie_consent', 'no'));
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/dashboard');
    session = await context.storageState();
  });
  afterAll(async () => {
    await e?.close();
  });

  it.each([1280, 390])('the menu editor says scheduled menus are part of Pro and links to the plans (%i px)', async (width) => {
    const page = await signedIn(width);
    await page.goto(`/menus/${menuId}`);
    const notice = page.getByTestId('plan-feature-schedules');
    await notice.getByText('Scheduled menus are part of the Pro plan.').waitFor();
    // No schedule editor to fill in only for the server to refuse it.
    expect(await page.getByRole('list', { name: 'Weekly hours' }).count()).toBe(0);
    await noSideways(page);
    await notice.scrollIntoViewIfNeeded();
    await screenshot(page, `plan-features-schedule-light-${width}`);

    await notice.getByRole('link', { name: 'View plans and billing' }).click();
    await page.waitForURL('**/settings/billing');
    const pro = page.getByRole('list', { name: 'Pro features' });
    await pro.getByText('Scheduled menus').waitFor();
    const starterLines = await page.getByRole('list', { name: 'Starter features' }).locator('li').allTextContents();
    expect(starterLines).toContain('Scheduled menus (not included)');
    expect(starterLines).toContain('1 venue');
    await page.getByText(/^Every plan includes QR codes and table cards/).waitFor();
    await noSideways(page);
    await screenshot(page, `plan-features-billing-light-${width}`);
  });

  it('duplicating a menu whose schedule was set on a bigger plan copies it without the schedule', async () => {
    // As a downgrade from Pro leaves it: the stored schedule stays (unapplied).
    const brunch = await seed(e.app.ctx, 'menus', { organization: org, name: 'Brunch', status: 'draft', languages: ['en'] });
    e.app.ctx.stmts.run('UPDATE menus SET schedule = ? WHERE id = ?', [
      JSON.stringify([{ day: 6, start: '09:00', end: '13:00' }]),
      String(brunch.id),
    ]);
    const page = await signedIn(1280);
    await page.goto('/menus/');
    await page.getByRole('button', { name: 'Actions for Brunch' }).click();
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    await waitForToast(page, 'Duplicated “Brunch”');
    const copy = e.app.ctx.stmts.get("SELECT schedule FROM menus WHERE name = 'Brunch (copy)'");
    expect(JSON.parse(String(copy?.schedule ?? '[]'))).toEqual([]);
  });

  it.each([1280, 390])('the dashboard shows why guest analytics are missing, in dark mode too (%i px)', async (width) => {
    const page = await signedIn(width, 'dark');
    await page.goto('/dashboard');
    const notice = page.getByTestId('plan-feature-analytics');
    await notice.getByText('Guest analytics are part of the Pro plan.').waitFor();
    await notice.getByText('Guest visits are counted on every plan').waitFor();
    await noSideways(page);
    await notice.scrollIntoViewIfNeeded();
    await screenshot(page, `plan-features-analytics-dark-${width}`);
  });

  it('the invitation form offers owners and admins, and says the editor role is part of Business', async () => {
    const page = await signedIn(390);
    await page.goto('/settings/organization');
    const notice = page.getByTestId('plan-feature-teamRoles');
    await notice.getByText('Team roles are part of the Business plan.').waitFor();
    const role = page.getByLabel('Role', { exact: true });
    await expect.poll(() => role.inputValue()).toBe('admin');
    expect(await role.locator('option[value="editor"]').isDisabled()).toBe(true);
    await noSideways(page);
    await notice.scrollIntoViewIfNeeded();
    await screenshot(page, 'plan-features-team-roles-light-390');
  });
});
