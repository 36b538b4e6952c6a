import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { BrowserContext, Page } from 'playwright-core';
import { seed, superuserRequest } from '../../server/test/test-app.ts';
import { formatDateTime } from '../../server/core/datetime.ts';
import type { SqlParam } from '../../server/db/statements.ts';
import { hasBrowser, loaded, screenPairs, screenshot, savePng, startE2E, type E2E } from './harness.ts';

/**
 * The signed-in app's own pages in a real browser: dashboard, help, profile, organization and
 * billing settings. The user is set up directly on the server (verified, subscribed, onboarded)
 * and signs in through the login page.
 */
const EMAIL = 'chef@example.com';
const PASSWORD = 'kitchen-password-1';
const COLLEAGUE = 'colleague@example.com';
const NEWCOMER = 'newcomer@example.com';

type Storage = Awaited<ReturnType<BrowserContext['storageState']>>;

describe.skipIf(!hasBrowser)('app pages', () => {
  let e: E2E;
  let userId = '';
  let orgId = '';
  let session: Storage;

  const row = (sql: string, params: SqlParam[] = []) => e.app.ctx.stmts.get(sql, params);
  const update = (collection: string, id: string, data: Record<string, unknown>) =>
    e.app.ctx.engine.update(e.app.ctx.engine.collection(collection), id, { data, files: {}, fromForm: false }, superuserRequest(e.app.ctx));

  /** A verified user whose organization is active and who finished onboarding. */
  async function createAppUser(email: string, name: string): Promise<{ id: string; org: string }> {
    const user = await seed(e.app.ctx, 'users', { email, password: PASSWORD, passwordConfirm: PASSWORD, name, verified: true });
    const id = String(user.id);
    const org = String(row('SELECT currentOrganization AS o FROM users WHERE id = ?', [id])?.o);
    // Business: it includes team roles (the editor role), which these tests hand out.
    const business = String(row("SELECT id FROM plans WHERE code = 'business'")?.id);
    await update('organizations', org, {
      subscriptionStatus: 'active',
      plan: business,
      billingInterval: 'month',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: formatDateTime(new Date(Date.now() + 30 * 86400000)),
    });
    await update('users', id, { onboardingComplete: true });
    return { id, org };
  }

  /** A browser context without the consent banner (it would cover the pages in screenshots). */
  async function newContext(options: Parameters<E2E['context']>[0] = {}): Promise<BrowserContext> {
    const context = await e.context(options);
    await context.addInitScript(() => localStorage.setItem('cookie_consent', 'no'));
    return context;
  }

  async function signIn(page: Page, email = EMAIL): Promise<void> {
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
  }

  async function signedInPage(options: Parameters<E2E['context']>[0] = {}): Promise<Page> {
    const context = await newContext({ storageState: session, ...options });
    return context.newPage();
  }

  const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();

  beforeAll(async () => {
    e = await startE2E();
    const owner = await createAppUser(EMAIL, 'Chef Anna');
    userId = owner.id;
    orgId = owner.org;
    await update('organizations', orgId, { name: 'Trattoria Uno' });
    await seed(e.app.ctx, 'users', {
      email: COLLEAGUE,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      name: 'Carla Colleague',
      verified: true,
    });
  });
  afterAll(async () => {
    await e?.close();
  });

  it('signs in through the login page and welcomes a new organization', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await page.title()).toBe('Dashboard | QR Menu');
    // The first-week checklist: nothing done yet, the first step's action leads to the menus.
    await page.getByRole('heading', { name: 'Get Trattoria Uno in front of guests' }).waitFor();
    await page.getByText('0 of 3 done').waitFor();
    const cta = page.getByRole('link', { name: 'Open menus' });
    expect(await cta.getAttribute('href')).toBe('/menus/');
    session = await context.storageState();
    await screenshot(page, 'dashboard-empty-light-1280');
    const phone = await signedInPage({ colorScheme: 'dark', viewport: { width: 390, height: 844 } });
    await phone.goto('/dashboard');
    await phone.getByRole('link', { name: 'Open menus' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(phone, 'dashboard-empty-dark-390');
  });

  it('help: shows the specification messages, then sends the request', async () => {
    const page = await signedInPage();
    await page.goto('/help');
    const send = page.getByRole('button', { name: 'Send request' });
    await send.click();
    await page.getByText('Title is required').waitFor();
    await page.getByText('Description must be at least 10 characters').waitFor();
    await page.getByLabel('Title').fill('x'.repeat(101));
    await page.getByLabel('Description').fill('y'.repeat(1001));
    await send.click();
    await page.getByText('Title must be less than 100 characters').waitFor();
    await page.getByText('Description must be less than 1000 characters').waitFor();
    expect(await page.getByLabel('Title').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'help-errors-light-1280');

    await page.getByLabel('Title').fill('QR code does not scan');
    await page.getByLabel('Description').fill('The printed code on table 4 opens an empty page on my phone.');
    await send.click();
    await toast(page, 'We received your request');
    expect(await page.getByLabel('Title').inputValue()).toBe('');
    const list = page.getByRole('list', { name: 'Previous requests' });
    await list.getByText('QR code does not scan').waitFor();
    await expect(list.textContent()).resolves.toContain('Open');
    const stored = row('SELECT * FROM help_requests WHERE user = ?', [userId]);
    expect(stored).toMatchObject({ title: 'QR code does not scan', organization: orgId, status: 'open', sessionReplayUrl: '' });
  });

  it('profile: changes the name and uploads an avatar with a preview', async () => {
    const page = await signedInPage();
    await page.goto('/profile/');
    await page.getByRole('heading', { name: 'Profile', exact: true }).first().waitFor();
    const name = page.getByLabel('Name', { exact: true });
    await expect(name.inputValue()).resolves.toBe('Chef Anna');
    await name.fill('Anna Rossi');
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
    await page.getByLabel('Avatar image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    expect(await page.getByRole('img', { name: 'Your avatar' }).getAttribute('src')).toMatch(/^blob:/);
    await page.getByRole('button', { name: 'Save profile' }).click();
    await toast(page, 'Profile saved');
    const stored = row('SELECT name, avatar FROM users WHERE id = ?', [userId]);
    expect(stored?.name).toBe('Anna Rossi');
    expect(String(stored?.avatar)).toMatch(/\.png$/);
    await page.waitForFunction(() => document.querySelector('img[alt="Your avatar"]')?.getAttribute('src')?.includes('thumb=100x100'));
    // Client-side checks: the wrong file type is refused before upload.
    await page.getByLabel('Avatar image').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByText('Use a JPEG, PNG, WebP or GIF image').waitFor();
    await page.getByLabel('Name', { exact: true }).fill('x'.repeat(101));
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Name must be less than 100 characters').waitFor();
  });

  it('profile: a wrong current password lands on its field; a new one keeps the user signed in', async () => {
    const page = await signedInPage();
    await page.goto('/profile/');
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('kitchen-password-2');
    await page.getByLabel('Confirm new password').fill('kitchen-password-2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Missing or invalid old password.').waitFor();
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await toast(page, 'Password changed');
    // Still signed in after the token rotation: a reload stays in the app.
    await page.reload();
    await page.getByRole('heading', { name: 'Profile', exact: true }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile/');
    // Change it back through the API so the other tests keep signing in with PASSWORD.
    await update('users', userId, { password: PASSWORD, passwordConfirm: PASSWORD });
    const context = await newContext();
    const fresh = await context.newPage();
    await signIn(fresh);
    session = await context.storageState();
  });

  it('organization: edits settings, invites an existing user and a new one by email', async () => {
    const page = await signedInPage();
    await page.goto('/settings/');
    await page.waitForURL('**/settings/organization');
    await page.getByLabel('Currency').selectOption('CHF');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Organization saved');
    expect(row('SELECT currency FROM organizations WHERE id = ?', [orgId])?.currency).toBe('CHF');

    const members = page.getByRole('list', { name: 'Members' });
    await members.getByText('Anna Rossi').waitFor();
    await page.getByLabel('Email', { exact: true }).fill(COLLEAGUE);
    await page.getByLabel('Role', { exact: true }).selectOption('admin');
    await page.getByRole('button', { name: 'Send invite' }).click();
    // An existing account is invited like anyone else and joins only by accepting the mailed link.
    await toast(page, `Invitation sent to ${COLLEAGUE}`);
    await page.getByRole('list', { name: 'Open invitations' }).getByText(COLLEAGUE).waitFor();
    await expect(members.textContent()).resolves.not.toContain('Carla Colleague');
    const invite = await e.smtp.waitFor((m) => m.to.includes(COLLEAGUE));
    const inviteToken = /invite=([\w-]+)/.exec(decodeURIComponent(invite.text))?.[1] ?? '';
    const carla = e.app.sdk();
    await carla.collection('users').authWithPassword(COLLEAGUE, PASSWORD);
    await carla.send(`/api/invitations/${inviteToken}/accept`, { method: 'POST' });
    await page.reload();
    await members.getByText('Carla Colleague').waitFor();
    await expect(members.textContent()).resolves.toContain(COLLEAGUE);
    expect(await page.getByLabel('Role of Carla Colleague').inputValue()).toBe('admin');

    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: 'Send invite' }).click();
    await page.getByText('Enter a valid email address').waitFor();
    await page.getByLabel('Email', { exact: true }).fill(NEWCOMER);
    await page.getByLabel('Role', { exact: true }).selectOption('editor');
    await page.getByRole('button', { name: 'Send invite' }).click();
    await toast(page, `Invitation sent to ${NEWCOMER}`);
    await page.getByRole('list', { name: 'Open invitations' }).getByText(NEWCOMER).waitFor();
    const mail = await e.smtp.waitFor((m) => m.to.includes(NEWCOMER));
    expect(mail.text).toMatch(/\/sign-up\?invite=[\w-]+/);

    // Role change through the members list.
    await page.getByLabel('Role of Carla Colleague').selectOption('editor');
    await toast(page, 'is now editor');
    expect(
      row('SELECT m.role FROM memberships m JOIN users u ON u.id = m.user WHERE u.email = ? AND m.organization = ?', [COLLEAGUE, orgId])
        ?.role,
    ).toBe('editor');
  });

  it('billing: cancels at period end and resumes', async () => {
    const page = await signedInPage();
    await page.goto('/settings/billing');
    await page.getByText('Renews on').waitFor();
    await expect(page.getByRole('main').textContent()).resolves.toContain('Active');
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
    await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
    await toast(page, 'will end at the end of the current period');
    await page.getByText('Cancels at period end').waitFor();
    expect(row('SELECT cancelAtPeriodEnd FROM organizations WHERE id = ?', [orgId])?.cancelAtPeriodEnd).toBe(1);
    await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached' });
    await screenshot(page, 'settings-billing-canceled-light-1280');
    await page.getByRole('button', { name: 'Resume subscription' }).click();
    await toast(page, 'Your subscription continues');
    await page.getByRole('button', { name: 'Cancel subscription' }).waitFor();
    expect(row('SELECT cancelAtPeriodEnd FROM organizations WHERE id = ?', [orgId])?.cancelAtPeriodEnd).toBe(0);
  });

  it('dashboard: counts and recent edits once there is content', async () => {
    const ctx = e.app.ctx;
    await seed(ctx, 'venues', { organization: orgId, name: 'Trattoria Uno – Centro', timezone: 'Europe/Rome', primaryColor: '#0f766e' });
    const menu = await seed(ctx, 'menus', { organization: orgId, name: 'Dinner', status: 'published' });
    const section = await seed(ctx, 'sections', { menu: menu.id, name: 'Pizza', position: 0 });
    await seed(ctx, 'items', { section: section.id, name: 'Margherita', prices: [{ label: '', amount: 1150 }], position: 0 });
    await seed(ctx, 'items', { section: section.id, name: 'Diavola', prices: [{ label: '', amount: 1350 }], position: 1 });
    const page = await signedInPage();
    await page.goto('/dashboard');
    const totals = page.getByRole('region', { name: 'Totals' });
    await totals.getByLabel('1 venues').waitFor();
    await totals.getByLabel('1 menus').waitFor();
    await totals.getByLabel('2 items').waitFor();
    const recent = page.getByRole('link', { name: /Diavola/ });
    await recent.waitFor();
    expect(await recent.getAttribute('href')).toBe(`/sections/${String(section.id)}/items`);
    await expect(recent.textContent()).resolves.toContain('Pizza · Dinner');
    expect(await page.getByRole('link', { name: /^Dinner/ }).getAttribute('href')).toBe(`/menus/${String(menu.id)}`);
  });

  it('an editor sees the settings read-only, and no billing: a visit lands on the dashboard, told why', async () => {
    const carla = String(row('SELECT id FROM users WHERE email = ?', [COLLEAGUE])?.id);
    await update('users', carla, { currentOrganization: orgId, onboardingComplete: true });
    const context = await newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, COLLEAGUE);
    await page.goto('/settings/organization');
    await page.getByText('Only owners and admins can change these settings.').waitFor();
    expect(await page.getByLabel('Name', { exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save changes' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Send invite' }).count()).toBe(0);
    expect(await page.getByRole('combobox', { name: /^Role of/ }).count()).toBe(0);
    await page.getByRole('list', { name: 'Members' }).getByText('Anna Rossi').waitFor();
    await page.getByRole('list', { name: 'Open invitations' }).getByText(NEWCOMER).waitFor();
    await screenshot(page, 'settings-organization-editor-light-390');
    expect(await page.getByRole('link', { name: 'Billing' }).count()).toBe(0);
    await page.goto('/settings/billing');
    await page.getByText('Billing is managed by owners and admins. Ask one of them to change the plan or payment.').first().waitFor();
    await page.waitForURL('**/dashboard');
    expect(await page.getByRole('button', { name: 'Cancel subscription' }).count()).toBe(0);
    await screenshot(page, 'settings-billing-editor-light-390');
  });

  const PAGES = [
    ['dashboard', '/dashboard', 'Dashboard'],
    ['help', '/help', 'Help'],
    ['profile', '/profile/', 'Profile'],
    ['settings-organization', '/settings/organization', 'Settings'],
    ['settings-billing', '/settings/billing', 'Settings'],
  ] as const;

  it.each(PAGES)('screenshots %s in light and dark at 1280 and 390 px', async (name, path, heading) => {
    for (const { scheme, width } of screenPairs([1280, 390])) {
      const page = await signedInPage({ colorScheme: scheme, viewport: { width, height: width > 500 ? 900 : 844 } });
      await page.goto(path);
      await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
      await loaded(page);
      expect(await page.evaluate(() => document.documentElement.className)).toContain(scheme);
      // Nothing may overflow sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `${name}-${scheme}-${width}`);
      await page.context().close();
    }
  });

  it('delete account asks to type DELETE, then signs out', async () => {
    await createAppUser('leaver@example.com', 'Leo Leaver');
    const context = await newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, 'leaver@example.com');
    await page.goto('/profile/');
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    const confirm = dialog.getByRole('button', { name: 'Delete account' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    // The viewport only: a full-page capture would cut the fixed overlay.
    await savePng(page, 'profile-delete-dialog-light-390');
    await confirm.click();
    await page.waitForURL('**/login');
    expect(row("SELECT id FROM users WHERE email = 'leaver@example.com'")).toBeUndefined();
  });

  it('sign out everywhere ends every session', async () => {
    const other = await signedInPage();
    await other.goto('/help');
    await other.getByRole('heading', { name: 'Help', exact: true }).waitFor();
    const page = await signedInPage();
    await page.goto('/profile/');
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('dialog', { name: 'Sign out everywhere?' }).getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.waitForURL('**/login');
    // The other session's token no longer works: reloading sends it to the login page.
    await other.reload();
    await other.waitForURL(/\/login/);
  });
});

describe.skipIf(!hasBrowser)('billing page when billing is off', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E({ BILLING: 'off' });
  });
  afterAll(async () => {
    await e?.close();
  });

  it('says billing is disabled on this server', async () => {
    const user = await seed(e.app.ctx, 'users', {
      email: EMAIL,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      name: 'Self Hoster',
      verified: true,
    });
    await e.app.ctx.engine.update(
      e.app.ctx.engine.collection('users'),
      String(user.id),
      { data: { onboardingComplete: true }, files: {}, fromForm: false },
      superuserRequest(e.app.ctx),
    );
    const context = await e.context({ colorScheme: 'dark' });
    await context.addInitScript(() => localStorage.setItem('cookie_consent', 'no'));
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/dashboard');
    await page.goto('/settings/billing');
    await page.getByRole('heading', { name: 'Billing is disabled on this server' }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel subscription' }).count()).toBe(0);
    await screenshot(page, 'settings-billing-off-dark-1280');
  });
});
