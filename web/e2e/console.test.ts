import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { seed } from '../../server/test/test-app.ts';
import { formatDateTime } from '../../server/core/datetime.ts';
import { installerUrl } from '../../server/ops/installer.ts';
import { adminUpdate, hasBrowser, screenPairs, screenshot, startE2E, waitForToast, type E2E } from './harness.ts';

/**
 * ACCEPTANCE of the operator console: the first superuser through the installer link, superuser
 * sign-in on the staff login page, an organization found and its trial extended, a cron run, a
 * backup created and downloaded, a test email delivered to the SMTP sink, a user deleted with the
 * account of what goes, and "open as owner" with the way back.
 */
const ROOT_EMAIL = 'operator@example.com';
const ROOT_PASSWORD = 'operator-password-1';
const DAY = 86_400_000;

type Storage = Awaited<ReturnType<BrowserContext['storageState']>>;

describe.skipIf(!hasBrowser)('operator console', () => {
  let e: E2E;
  let session: Storage;
  let lapsedOrg = '';
  let expiredOrg = '';

  const row = (sql: string, params: string[] = []) => e.app.ctx.stmts.get(sql, params);

  async function newContext(options: Parameters<E2E['context']>[0] = {}): Promise<BrowserContext> {
    const context = await e.context(options);
    await context.addInitScript(() => localStorage.setItem('cookie_consent', 'no'));
    return context;
  }

  async function consolePage(options: Parameters<E2E['context']>[0] = {}): Promise<Page> {
    return (await newContext({ storageState: session, ...options })).newPage();
  }

  /** A user with an organization named `name` in the given billing state; returns the organization id. */
  async function orgWithOwner(email: string, name: string, data: Record<string, unknown>): Promise<string> {
    const user = await seed(e.app.ctx, 'users', {
      email,
      password: 'owner-password-1',
      passwordConfirm: 'owner-password-1',
      verified: true,
    });
    const org = String(row('SELECT currentOrganization AS o FROM users WHERE id = ?', [String(user.id)])?.o);
    await adminUpdate(e, 'organizations', org, { name, ...data });
    await adminUpdate(e, 'users', String(user.id), { onboardingComplete: true });
    return org;
  }

  beforeAll(async () => {
    // Trial mode on purpose: the trial cron exists and organizations lapse.
    e = await startE2E({ BILLING: 'trial' });
    lapsedOrg = await orgWithOwner('lapsed@example.com', 'Lapsed Bistro', {
      subscriptionStatus: 'past_due',
      trialEndsAt: formatDateTime(new Date(Date.now() - 3 * DAY)),
    });
    expiredOrg = await orgWithOwner('expired@example.com', 'Overdue Diner', {
      subscriptionStatus: 'trialing',
      trialEndsAt: formatDateTime(new Date(Date.now() - DAY)),
    });
    const menu = await seed(e.app.ctx, 'menus', { organization: lapsedOrg, name: 'Dinner', status: 'published' });
    await seed(e.app.ctx, 'venues', {
      organization: lapsedOrg,
      name: 'Bistro Main',
      timezone: 'UTC',
      primaryColor: '#0f766e',
      menus: [menu.id],
    });
    for (let i = 0; i < 6; i++) {
      await orgWithOwner(`owner${i}@example.com`, `Café Number ${i}`, {
        subscriptionStatus: i % 2 ? 'active' : 'trialing',
        trialEndsAt: formatDateTime(new Date(Date.now() + (i + 2) * DAY)),
      });
    }
  }, 600_000);

  afterAll(async () => {
    await e?.close();
  });

  it('creates the first superuser from the installer link, once', async () => {
    const url = await installerUrl(e.app.ctx);
    expect(url).toContain('/_/#/install/');
    const page = await (await newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await page.goto(String(url));
    await page.getByRole('heading', { name: 'Create the first superuser' }).waitFor();
    await screenshot(page, 'console-installer-390');
    await page.getByLabel('Email').fill(ROOT_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(ROOT_PASSWORD);
    await page.getByLabel('Confirm password').fill(ROOT_PASSWORD);
    await page.getByRole('button', { name: 'Create superuser' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    // The spent link left the address bar.
    expect(new URL(page.url()).hash).toBe('');
    expect(Number(row('SELECT COUNT(*) AS c FROM _superusers')?.c)).toBe(1);
    expect(await installerUrl(e.app.ctx)).toBeNull();

    // The same link in another browser: refused, with the reason.
    const other = await (await newContext()).newPage();
    await other.goto(String(url));
    await other.getByLabel('Email').fill('intruder@example.com');
    await other.getByLabel('Password', { exact: true }).fill('intruder-password-1');
    await other.getByLabel('Confirm password').fill('intruder-password-1');
    await other.getByRole('button', { name: 'Create superuser' }).click();
    await other.getByText('The installer link is invalid or has expired.', { exact: false }).waitFor();
    expect(Number(row('SELECT COUNT(*) AS c FROM _superusers')?.c)).toBe(1);
  });

  it('signs a superuser in on the staff login page and lands in the console', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(ROOT_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(ROOT_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/_/');
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await page.getByText('Healthy', { exact: true }).waitFor();
    // A reload keeps the superuser session (refreshed as a superuser, not as a staff user).
    await page.reload();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    session = await context.storageState();
  });

  it('shows its own sign-in at /_/ and refuses a wrong password', async () => {
    const page = await (await newContext()).newPage();
    await page.goto('/_/');
    await page.getByRole('heading', { name: 'Superuser sign in' }).waitFor();
    await page.getByLabel('Email').fill(ROOT_EMAIL);
    await page.getByLabel('Password').fill('wrong-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await waitForToast(page, 'Failed to authenticate.');
    await page.getByLabel('Password').fill(ROOT_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
  });

  it('finds an organization and extends its trial', async () => {
    const page = await consolePage();
    await page.goto('/_/organizations/');
    await page.getByRole('list', { name: 'Organizations' }).getByRole('link').first().waitFor();
    await page.getByLabel('Search organizations').fill('lapsed');
    await page.getByRole('link', { name: 'Lapsed Bistro' }).click();
    await page.getByRole('heading', { name: 'Lapsed Bistro' }).waitFor();
    await page.getByText('Bistro Main').waitFor();
    await page.getByRole('button', { name: 'Extend trial' }).click();
    await page.getByLabel('Days to add').fill('10');
    await page.getByRole('dialog').getByRole('button', { name: 'Extend trial' }).click();
    await waitForToast(page, /Trial extended until/);
    const org = row('SELECT subscriptionStatus, trialEndsAt FROM organizations WHERE id = ?', [lapsedOrg]);
    expect(org?.subscriptionStatus).toBe('trialing');
    // The trial had ended: the ten days count from today.
    const end = new Date(String(org?.trialEndsAt).replace(' ', 'T')).getTime();
    expect(end).toBeGreaterThan(Date.now() + 9.9 * DAY);
    expect(end).toBeLessThan(Date.now() + 10.1 * DAY);
    // The status badge (the status picker below offers "Free trial" too).
    await page
      .getByTitle('trialing')
      .filter({ hasText: /^Free trial$/ })
      .waitFor();
  });

  it('sends a signed-in superuser who opens a staff page to the console', async () => {
    const page = await consolePage();
    for (const staffPage of ['/dashboard', '/login', '/onboarding']) {
      await page.goto(staffPage);
      await page.waitForURL((url) => url.pathname === '/_/');
      await page.getByRole('heading', { name: 'Overview' }).waitFor();
    }
  });

  it('runs a cron now', async () => {
    const page = await consolePage({ viewport: { width: 390, height: 844 } });
    await page.goto('/_/crons/');
    await page.getByRole('button', { name: 'Run trialExpiry now' }).click();
    await waitForToast(page, 'trialExpiry ran.');
    // The overdue trial was expired by that very run.
    expect(row('SELECT subscriptionStatus FROM organizations WHERE id = ?', [expiredOrg])?.subscriptionStatus).toBe('past_due');
    await screenshot(page, 'console-crons-390');
  });

  it('creates and downloads a backup', async () => {
    const page = await consolePage();
    await page.goto('/_/backups/');
    await page.getByText('No backup yet.').waitFor();
    await page.getByRole('button', { name: 'Create backup' }).click();
    await waitForToast(page, 'Backup created.');
    const item = page.getByRole('list', { name: 'Backups' }).getByRole('listitem').first();
    const key = (await item.locator('.font-mono').textContent())?.trim() ?? '';
    expect(key).toMatch(/\.zip$/);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Download ${key}` }).click()]);
    const file = await download.path();
    const bytes = fs.readFileSync(file);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    expect(bytes.length).toBeGreaterThan(1000);
    // Restore names what it replaces before anything happens.
    await page.getByRole('button', { name: `Restore ${key}` }).click();
    await page
      .getByRole('dialog')
      .getByText(/Everything stored now/)
      .waitFor();
    await page.keyboard.press('Escape');
  });

  it('sends a test email to the SMTP sink', async () => {
    const page = await consolePage();
    await page.goto('/_/settings/');
    await page.getByRole('heading', { name: 'Mail (SMTP)' }).waitFor();
    await page.getByLabel('Send a test email to').fill('inbox@example.com');
    await page.getByRole('button', { name: 'Send test email' }).click();
    await waitForToast(page, 'Test email sent to inbox@example.com.');
    const mail = await e.smtp.waitFor((m) => m.to.includes('inbox@example.com'));
    expect(mail.subject).toMatch(/verify/i);
    // A field error of a section lands on its input.
    await page.getByLabel('App URL').fill('not a url');
    await page.getByRole('form', { name: 'Application' }).getByRole('button', { name: 'Save' }).click();
    await page.getByRole('form', { name: 'Application' }).getByRole('alert').waitFor();
  });

  it('sets the grace period of lapsed subscriptions', async () => {
    const page = await consolePage();
    await page.goto('/_/settings/');
    const form = page.getByRole('form', { name: 'Lapsed subscriptions' });
    await form.getByLabel('Grace period (days)').fill('21');
    await form.getByRole('button', { name: 'Save' }).click();
    await waitForToast(page, 'Lapsed subscriptions saved.');
    expect(e.app.ctx.settings.get().billing.lapseGraceDays).toBe(21);
    await form.getByLabel('Grace period (days)').fill('400');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByRole('alert').waitFor();
    expect(e.app.ctx.settings.get().billing.lapseGraceDays).toBe(21);
  });

  it('filters the request logs and opens an entry', async () => {
    const page = await consolePage();
    await page.goto('/_/logs/');
    await page.getByRole('img', { name: /requests over/ }).waitFor();
    await page.getByRole('button', { name: 'Errors', exact: true }).click();
    await page.getByRole('list', { name: 'Log entries' }).getByRole('button').first().click();
    await page.getByRole('dialog').getByText('"status": 4', { exact: false }).waitFor();
  });

  it('deletes a user with a clear account of what goes', async () => {
    const page = await consolePage();
    await page.goto('/_/users/');
    await page.getByLabel('Search users').fill('lapsed@');
    await page.getByRole('button', { name: 'Actions for lapsed@example.com' }).click();
    await page.getByRole('menuitem', { name: 'Delete…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('the organization Lapsed Bistro (only member), with 1 venue and 1 menu').waitFor();
    await dialog.getByText('1 membership').waitFor();
    await dialog.getByLabel(/Type DELETE/).fill('DELETE');
    await dialog.getByRole('button', { name: 'Delete user' }).click();
    await waitForToast(page, 'lapsed@example.com was deleted.');
    expect(row('SELECT id FROM users WHERE email = ?', ['lapsed@example.com'])).toBeUndefined();
    expect(row('SELECT id FROM organizations WHERE id = ?', [lapsedOrg])).toBeUndefined();
    expect(row('SELECT COUNT(*) AS c FROM venues WHERE organization = ?', [lapsedOrg])?.c).toBe(0);
  });

  it('disables a user, who is then refused at sign-in', async () => {
    const page = await consolePage({ viewport: { width: 390, height: 844 } });
    await page.goto('/_/users/');
    await page.getByLabel('Search users').fill('owner5@');
    await page.getByRole('button', { name: 'Actions for owner5@example.com' }).click();
    await page.getByRole('menuitem', { name: 'Disable' }).click();
    await waitForToast(page, 'owner5@example.com is disabled and signed out.');
    await page.getByText('Disabled', { exact: true }).waitFor();
    expect(row('SELECT disabled FROM users WHERE email = ?', ['owner5@example.com'])?.disabled).toBe(1);
    await screenshot(page, 'console-users-390');
    const staff = await (await newContext()).newPage();
    await staff.goto('/login');
    await staff.getByLabel('Email', { exact: true }).fill('owner5@example.com');
    await staff.getByLabel('Password', { exact: true }).fill('owner-password-1');
    await staff.getByRole('button', { name: 'Sign in', exact: true }).click();
    await waitForToast(staff, 'This account has been disabled. Please contact the people who run this service.');
    expect(staff.url()).toContain('/login');
  });

  it('opens an organization as its owner and comes back', async () => {
    const page = await consolePage();
    await page.goto('/_/organizations/');
    await page.getByLabel('Search organizations').fill('Number 1');
    await page.getByRole('link', { name: 'Café Number 1' }).click();
    await page.getByRole('button', { name: 'Open as owner' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText('Viewing as owner1@example.com (Café Number 1)').waitFor();
    // A reload keeps viewing (the impersonation token is not refreshable: the record is reloaded).
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Back to console' }).click();
    await page.getByRole('heading', { name: 'Café Number 1' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('console-return'))).toBeNull();
  });

  it('closes the OAuth2 popup landing at once', async () => {
    const page = await (await newContext()).newPage();
    await page.goto('/login');
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.evaluate(() => void window.open('/_/#/auth/oauth2-redirect-success', 'oauth')),
    ]);
    await popup.waitForEvent('close', { timeout: 10_000 });
    expect(popup.isClosed()).toBe(true);
  });

  it.each(screenPairs([1280, 390]).map(({ scheme, width }) => [scheme, width] as const))(
    'lays out the organizations list in %s at %i px',
    async (scheme, width) => {
      const page = await consolePage({ viewport: { width, height: 900 }, colorScheme: scheme });
      await page.goto('/_/organizations/');
      await page.getByRole('link', { name: 'Café Number 0' }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, `console-organizations-${scheme}-${width}`);
    },
  );
});
