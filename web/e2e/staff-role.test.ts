import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seed } from '../../server/test/test-app.ts';
import { formatDateTime } from '../../server/core/datetime.ts';
import {
  adminUpdate,
  type E2E,
  hasBrowser,
  screenPairs,
  screenshot,
  startE2E,
  viennaContext,
  waitForToast,
  waitOrDescribe,
} from './harness.ts';

/**
 * Floor staff at 390 px: the owner invites a waiter as "Staff (service only)" for one of two
 * venues, the waiter signs up from the emailed link and sees the reduced navigation (their venue
 * and help); a team route sends them back to their venues with a message.
 */
const OWNER = 'owner@example.com';
const WAITER = 'waiter@example.com';
const PASSWORD = 'staff-password-1';

describe.skipIf(!hasBrowser)('floor staff', () => {
  let e: E2E;
  let orgId = '';

  beforeAll(async () => {
    e = await startE2E({ RATE_LIMIT_ENABLED: 'false' });
    const owner = await seed(e.app.ctx, 'users', {
      email: OWNER,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      name: 'Olivia Owner',
      verified: true,
    });
    orgId = String(owner.currentOrganization);
    const business = String(e.app.ctx.stmts.get("SELECT id FROM plans WHERE code = 'business'")?.id);
    await adminUpdate(e, 'organizations', orgId, {
      name: 'Trattoria Uno',
      subscriptionStatus: 'active',
      plan: business,
      billingInterval: 'month',
      currentPeriodEnd: formatDateTime(new Date(Date.now() + 30 * 86400000)),
    });
    await adminUpdate(e, 'users', String(owner.id), { onboardingComplete: true });
    for (const name of ['Trattoria am Hauptplatz mit Gastgarten', 'Terrace']) {
      await seed(e.app.ctx, 'venues', { organization: orgId, name, timezone: 'Europe/Vienna', primaryColor: '#112233' });
    }
  });
  afterAll(async () => {
    await e?.close();
  });

  const phone = () => viennaContext(e, { viewport: { width: 390, height: 844 } });
  const noSideways = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  it('invites a waiter as staff for one venue; the waiter sees their venue and help only', async () => {
    const owner = await (await phone()).newPage();
    await owner.goto('/login');
    await owner.getByLabel('Email', { exact: true }).fill(OWNER);
    await owner.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await owner.getByRole('button', { name: 'Sign in', exact: true }).click();
    await owner.waitForURL('**/dashboard');
    await owner.goto('/settings/organization');
    await owner.getByLabel('Email', { exact: true }).fill(WAITER);
    await owner.getByLabel('Role', { exact: true }).selectOption('staff');
    const picker = owner.getByRole('group', { name: 'Venues they serve' });
    await picker.getByLabel('Trattoria am Hauptplatz mit Gastgarten').check();
    await noSideways(owner);
    await screenshot(owner, 'staff-invite-light-390');
    await owner.getByRole('button', { name: 'Send invite' }).click();
    await waitForToast(owner, `Invitation sent to ${WAITER}`);
    const invited = String(e.app.ctx.stmts.get("SELECT id FROM venues WHERE name LIKE 'Trattoria%'")?.id);
    expect(e.app.ctx.stmts.get('SELECT role, venues FROM invitations WHERE email = ?', [WAITER])).toEqual({
      role: 'staff',
      venues: JSON.stringify([invited]),
    });

    const mail = await e.smtp.waitFor((m) => m.to.includes(WAITER));
    expect(mail.text).toContain('floor staff (service only)');
    const link = String(/(http:\/\/127\.0\.0\.1:\d+\/sign-up\?invite=[\w-]+)/.exec(mail.text)?.[1]);
    const page = await (await phone()).newPage();
    await page.goto(link);
    await page.getByText('as floor staff (service only)').waitFor();
    await page.getByLabel('Your name').fill('Walter Waiter');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    // Sign-in lands on the dashboard, which is the team's: staff go to service mode, silently
    // (their one venue: straight to it).
    const venueId = String(e.app.ctx.stmts.get("SELECT id FROM venues WHERE name LIKE 'Trattoria%'")?.id);
    await page.waitForURL(`**/service/${venueId}`);
    await page.goto('/venues/');
    await page.getByRole('heading', { name: 'Venues', exact: true }).waitFor();
    await page.getByText('The venues you serve.').waitFor();
    await page.getByText('Trattoria am Hauptplatz mit Gastgarten').waitFor();
    expect(await page.getByText('Terrace').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'New venue' }).count()).toBe(0);
    await noSideways(page);
    await screenshot(page, 'staff-venues-light-390');

    await page.getByRole('button', { name: 'Open navigation' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Venues' }).waitFor();
    expect(await nav.getByRole('link').allTextContents()).toEqual(
      ['Service mode', 'Venues', 'Help'].map((s) => expect.stringContaining(s)),
    );
    await screenshot(page, 'staff-navigation-light-390');
    await page.keyboard.press('Escape');

    // A team route (the menu editor, billing): back to service mode, with a message.
    for (const path of ['/menus/', '/settings/billing']) {
      await page.goto(path);
      await page.waitForURL(`**/service/${venueId}`);
      await waitForToast(page, 'Staff accounts use their venues only.');
    }
    await screenshot(page, 'staff-redirected-light-390');

    // The owner's members list shows the role and the venue, and can change it.
    await owner.reload();
    const members = owner.getByRole('list', { name: 'Members' });
    await members.getByText('Walter Waiter', { exact: true }).waitFor();
    const assigned = owner.getByRole('group', { name: 'Venues Walter Waiter serves' });
    await expect(assigned.getByLabel('Trattoria am Hauptplatz mit Gastgarten').isChecked()).resolves.toBe(true);
    await assigned.getByLabel('Terrace').click();
    await waitForToast(owner, 'Venues of Walter Waiter saved.');
    await expect(assigned.getByLabel('Terrace').isChecked()).resolves.toBe(true);
    await screenshot(owner, 'staff-members-light-390');
    await noSideways(owner);
    const waiterId = String(e.app.ctx.stmts.get('SELECT id FROM users WHERE email = ?', [WAITER])?.id);
    expect(JSON.parse(String(e.app.ctx.stmts.get('SELECT venues FROM memberships WHERE user = ?', [waiterId])?.venues)).length).toBe(2);
  });
  it('screenshots the staff screens light and dark at 1280, 390 and 320 px, without sideways scrolling', async () => {
    const signIn = async (page: Page, email: string, landing: string) => {
      await page.goto('/login');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL(landing);
    };
    for (const { scheme, width } of screenPairs([1280, 390, 320])) {
      const size = { width, height: width > 500 ? 900 : 844 };
      const owner = await (await viennaContext(e, { colorScheme: scheme, viewport: size })).newPage();
      await signIn(owner, OWNER, '**/dashboard');
      await owner.goto('/settings/organization');
      await owner.getByRole('group', { name: 'Venues Walter Waiter serves' }).waitFor();
      await owner.getByLabel('Role', { exact: true }).selectOption('staff');
      await owner.getByRole('group', { name: 'Venues they serve' }).getByLabel('Terrace').waitFor();
      expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(owner, `staff-settings-${scheme}-${width}`);
      await owner.context().close();

      const waiter = await (await viennaContext(e, { colorScheme: scheme, viewport: size })).newPage();
      // Two venues by now: service mode asks which one.
      await signIn(waiter, WAITER, '**/service');
      // Service mode's own page has loaded (the picker): the next address is not cut short by the hand-over.
      await waiter.getByRole('heading', { name: 'Service mode' }).waitFor();
      await waiter.goto('/venues/');
      await waitOrDescribe(waiter, waiter.getByText('Terrace', { exact: true }));
      expect(await waiter.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(waiter, `staff-venues-${scheme}-${width}`);
      await waiter.context().close();
    }
  });
});
