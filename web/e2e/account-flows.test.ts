import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { OAuth2Server } from 'oauth2-mock-server';
import { hasBrowser, screenPairs, screenshot, startE2E, tokenFromEmail, type E2E } from './harness.ts';
import { oauthMockEnv } from '../../server/test/oauth-mock-env.ts';

/** Every account page at each width, in both schemes (see screenPairs). */
const ACCOUNT_SCREENS = screenPairs([1280, 390]).map(({ scheme, width }) => [scheme, width] as const);
/**
 * The account pages in a real browser against the real server and SMTP sink: sign-up → verify →
 * subscribe → onboarding → dashboard, login (password, code, reset, redirect), email change, and
 * screenshots of every page in light and dark at desktop and phone widths.
 */
describe.skipIf(!hasBrowser)('account flows', () => {
  let e: E2E;
  let seq = 0;
  const PASSWORD = 'correct horse 42';

  // Emails are rate limited per IP; every test here comes from 127.0.0.1.
  beforeAll(async () => {
    e = await startE2E({ RATE_LIMIT_ENABLED: 'false' });
  });
  afterAll(async () => {
    await e?.close();
  });

  const newEmail = (tag: string) => `${tag}-${++seq}-${Date.now()}@example.com`;

  /** A user made through the API, then put into the wanted state directly (fixture only). */
  async function makeUser(state: { verified?: boolean; status?: string; onboarded?: boolean; name?: string } = {}) {
    const email = newEmail('user');
    const sdk = e.app.sdk();
    const user = await sdk
      .collection('users')
      .create({ name: state.name ?? 'Robin Tester', email, password: PASSWORD, passwordConfirm: PASSWORD });
    const { stmts } = e.app.ctx;
    stmts.run('UPDATE users SET verified = ?, onboardingComplete = ? WHERE id = ?', [
      state.verified ? 1 : 0,
      state.onboarded ? 1 : 0,
      user.id,
    ]);
    const org = String(stmts.get('SELECT currentOrganization AS o FROM users WHERE id = ?', [user.id])?.o);
    stmts.run('UPDATE organizations SET subscriptionStatus = ? WHERE id = ?', [state.status ?? 'none', org]);
    return { id: user.id, email, org };
  }
  const readyUser = () => makeUser({ verified: true, status: 'trialing', onboarded: true });

  /** A context with the consent banner already answered (so it doesn't cover the pages). */
  async function context(options: Parameters<E2E['context']>[0] = {}): Promise<BrowserContext> {
    const c = await e.context({ timezoneId: 'Europe/Vienna', ...options });
    await c.addInitScript(() => localStorage.setItem('cookie_consent', 'no'));
    return c;
  }

  /** Signs the browser in by storing the SDK's auth state (as the app itself would). */
  async function signIn(page: Page, email: string) {
    const auth = await e.app.sdk().collection('users').authWithPassword(email, PASSWORD, { expand: 'currentOrganization' });
    // Let the app finish refreshing any previous session first, or it writes that one back.
    await page.goto('/login');
    await page.waitForLoadState('networkidle');
    await page.evaluate((v) => localStorage.setItem('pocketbase_auth', v), JSON.stringify({ token: auth.token, record: auth.record }));
  }

  async function loginWithPassword(page: Page, email: string, password = PASSWORD) {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  const path = (page: Page) => {
    const u = new URL(page.url());
    return u.pathname + u.search;
  };

  it('takes a new user from sign-up through verification, trial and onboarding to the dashboard', async () => {
    const page = await (await context()).newPage();
    const email = newEmail('journey');
    await page.goto('/sign-up');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await expect(page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).resolves.toBe('name');
    // Client-side rules first.
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Enter a valid email address').waitFor();
    await page.getByText('Password must be at least 8 characters').waitFor();

    await page.getByLabel('Your name').fill('Alex Journey');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByText(/^(Fair|Good|Strong)\./).waitFor();
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.waitForURL('**/verify');
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    await page.getByText(email).waitFor();
    // The sign-up just sent an email: the resend button starts cooling down right away.
    await expect(page.getByRole('button', { name: /Resend email in \d+s/ }).isDisabled()).resolves.toBe(true);

    const token = await tokenFromEmail(e.smtp, email, 'verify');
    await page.goto(`/verify?token=${encodeURIComponent(token)}`);
    // Verified → guards: no subscription yet → the pricing table.
    await page.waitForURL('**/subscribe/');
    await page.getByRole('heading', { name: 'Choose your plan' }).waitFor();
    await page.getByRole('radio', { name: /Yearly/ }).click();
    const pro = page.getByRole('region', { name: 'Pro' });
    await expect(pro.textContent()).resolves.toMatch(/€290|290\s?€/);
    await pro.getByRole('button', { name: 'Start free trial' }).click();

    await page.waitForURL('**/onboarding');
    await page.getByRole('heading', { name: 'Set up your venue' }).waitFor();
    const orgName = page.getByLabel('Organization name');
    // Asked, not pre-filled with the person's name.
    await expect(orgName.inputValue()).resolves.toBe('');
    await orgName.fill('Journey Bistro GmbH');
    await page.getByLabel('Venue name').fill('Bistro Central');
    const tz = page.getByRole('combobox', { name: 'Time zone' });
    await expect(tz.inputValue()).resolves.toMatch(/^Europe\/Vienna/);
    await tz.fill('new york');
    await page.getByRole('option', { name: /America\/New York/ }).waitFor();
    await tz.press('Enter');
    await expect(tz.inputValue()).resolves.toMatch(/^America\/New York/);
    await page.getByRole('button', { name: /^Blue/ }).click();
    await expect(page.getByLabel('Primary colour').inputValue()).resolves.toBe('#2563eb');
    await page.getByRole('button', { name: 'Finish setup' }).click();
    await page.waitForURL('**/dashboard');

    const { stmts } = e.app.ctx;
    const user = stmts.get('SELECT id, verified, onboardingComplete, currentOrganization FROM users WHERE email = ?', [email]);
    expect(user).toMatchObject({ verified: 1, onboardingComplete: 1 });
    const org = stmts.get('SELECT name, subscriptionStatus, billingInterval FROM organizations WHERE id = ?', [
      String(user?.currentOrganization),
    ]);
    expect(org).toMatchObject({ name: 'Journey Bistro GmbH', subscriptionStatus: 'trialing', billingInterval: 'year' });
    const venues = stmts.all('SELECT name, timezone, primaryColor FROM venues WHERE organization = ?', [String(user?.currentOrganization)]);
    expect(venues).toEqual([{ name: 'Bistro Central', timezone: 'America/New_York', primaryColor: '#2563eb' }]);
  });

  it('returns to the original location after login (redirect round-trip)', async () => {
    const user = await readyUser();
    const page = await (await context()).newPage();
    await page.goto('/tags/?x=1');
    await page.waitForURL(/\/login\?redirect=/);
    await loginWithPassword(page, user.email);
    await page.waitForURL((u) => u.pathname === '/tags/');
    expect(path(page)).toBe('/tags/?x=1');
  });

  it('ignores a redirect to another origin', async () => {
    const user = await readyUser();
    const page = await (await context()).newPage();
    await page.goto('/login?redirect=%2F%2Fevil.example%2Fx');
    await loginWithPassword(page, user.email);
    await page.waitForURL('**/dashboard');
  });

  it('shows the server error for a wrong password and stays on login', async () => {
    const user = await readyUser();
    const page = await (await context()).newPage();
    await page.goto('/login');
    await loginWithPassword(page, user.email, 'not the password');
    // The refusal is a toast and stays by the password field after the toast has gone.
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to authenticate.' });
    await toast.waitFor();
    const password = page.getByLabel('Password', { exact: true });
    const inline = page.locator('form [role="alert"]').filter({ hasText: 'Failed to authenticate.' });
    await inline.waitFor();
    await toast.waitFor({ state: 'detached', timeout: 15_000 });
    await expect(inline.isVisible()).resolves.toBe(true);
    await expect(password.getAttribute('aria-invalid')).resolves.toBe('true');
    const describedBy = await password.getAttribute('aria-describedby');
    await expect(inline.getAttribute('id')).resolves.toBe(describedBy);
    expect(path(page)).toBe('/login');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true }).isEnabled()).resolves.toBe(true);
    // Editing the field clears it.
    await password.fill('another try');
    await inline.waitFor({ state: 'detached' });
    await expect(password.getAttribute('aria-invalid')).resolves.toBeNull();
  });

  it('sends an unverified user to /verify after login, where resend starts a visible cooldown', async () => {
    const user = await makeUser({ verified: false });
    const page = await (await context()).newPage();
    await page.goto('/login');
    await loginWithPassword(page, user.email);
    await page.waitForURL('**/verify');
    await page.getByText(user.email).waitFor();
    const resend = page.getByRole('button', { name: 'Resend email' });
    await resend.click();
    await page.getByText('Verification email sent. Check your inbox.').waitFor();
    const cooling = page.getByRole('button', { name: /Resend email in (59|60)s/ });
    await cooling.waitFor();
    await expect(cooling.isDisabled()).resolves.toBe(true);
    await page.waitForFunction(() => /in 5[0-8]s/.test(document.body.textContent ?? ''), undefined, { timeout: 5000 });
  });

  it('signs in with a one-time code from the email', async () => {
    const user = await readyUser();
    const page = await (await context()).newPage();
    await page.goto('/login?redirect=%2Fhelp');
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    const codeInput = page.getByLabel('Code');
    await codeInput.waitFor();
    const mail = await e.smtp.waitFor((m) => m.to.includes(user.email) && /sign-in code/i.test(m.subject), 10_000);
    const code = /^(\d{6})$/m.exec(mail.text)?.[1];
    expect(code).toBeTruthy();
    // A wrong code is refused with the server's message first.
    await codeInput.fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Invalid or expired OTP.' }).waitFor();
    // … which also stays by the code field.
    await page.locator('form [role="alert"]').filter({ hasText: 'Invalid or expired OTP.' }).waitFor();
    await codeInput.fill(code ?? '');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/help');
  });

  it('resets the password through the emailed link', async () => {
    const user = await readyUser();
    const page = await (await context()).newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(/If an account exists for/).waitFor();

    const token = await tokenFromEmail(e.smtp, user.email, 'reset-password');
    await page.goto(`/reset-password?token=${encodeURIComponent(token)}`);
    await page.getByLabel('New password', { exact: true }).fill('a brand new secret 7');
    await page.getByLabel('Confirm new password').fill('a different one 7');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm new password').fill('a brand new secret 7');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('heading', { name: 'Password changed' }).waitFor();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL('**/login');
    await loginWithPassword(page, user.email, 'a brand new secret 7');
    await page.waitForURL('**/dashboard');

    // The link works once only.
    await page.evaluate(() => localStorage.removeItem('pocketbase_auth'));
    await page.goto(`/reset-password?token=${encodeURIComponent(token)}`);
    await page.getByLabel('New password', { exact: true }).fill('yet another secret 8');
    await page.getByLabel('Confirm new password').fill('yet another secret 8');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Invalid or expired token.').waitFor();
  });

  it('confirms an email change with the password, then signs out locally', async () => {
    const user = await readyUser();
    const changed = newEmail('changed');
    const sdk = e.app.sdk();
    await sdk.collection('users').authWithPassword(user.email, PASSWORD);
    await sdk.collection('users').requestEmailChange(changed);
    const token = await tokenFromEmail(e.smtp, changed, 'confirm-email-change');

    const page = await (await context()).newPage();
    await signIn(page, user.email);
    await page.goto(`/confirm-email-change?token=${encodeURIComponent(token)}`);
    await page.getByLabel('Password', { exact: true }).fill('wrong password');
    await page.getByRole('button', { name: 'Confirm email change' }).click();
    await page.getByText('Missing or invalid auth record password.').first().waitFor();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Confirm email change' }).click();
    await page.getByRole('heading', { name: 'Email changed' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('pocketbase_auth'))).toBeNull();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await loginWithPassword(page, changed);
    await page.waitForURL('**/dashboard');
  });

  it('asks for the account sign-in before a verification link opened elsewhere confirms anything', async () => {
    const user = await makeUser({ status: 'none' });
    const token = await tokenFromEmail(e.smtp, user.email, 'verify');
    const page = await (await context({ viewport: { width: 390, height: 844 } })).newPage();
    await page.goto(`/verify?token=${encodeURIComponent(token)}`);
    await page.getByRole('heading', { name: 'Sign in to confirm your email' }).waitFor();
    await page.getByText(`This link confirms ${user.email}.`).waitFor();
    await screenshot(page, 'verify-sign-in-first-390');
    // Opening the link verified nothing: whoever registered the address still needs its password.
    expect(e.app.ctx.stmts.get('SELECT verified FROM users WHERE id = ?', [user.id])?.verified).toBe(0);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL('**/login?redirect=*');
    await loginWithPassword(page, user.email);
    // Back on the link, now confirmed with the session → the guards continue (no plan yet).
    await page.waitForURL('**/subscribe/');
    expect(e.app.ctx.stmts.get('SELECT verified FROM users WHERE id = ?', [user.id])?.verified).toBe(1);
  });

  it('shows the failure state for a bad verification link', async () => {
    const page = await (await context()).newPage();
    await page.goto('/verify?token=not-a-token');
    await page.getByRole('heading', { name: 'This link didn’t work' }).waitFor();
    await page.getByText('Invalid or expired token.').waitFor();
  });

  it('waits on /subscribe/success and offers a retry after 20 s', async () => {
    const user = await makeUser({ verified: true, status: 'none' });
    const c = await context();
    const page = await c.newPage();
    await signIn(page, user.email);
    await page.clock.install();
    await page.goto('/subscribe/success');
    await page.getByRole('heading', { name: 'Activating your plan…' }).waitFor();
    await page.clock.fastForward(21_000);
    await page.getByRole('heading', { name: 'Still confirming your subscription' }).waitFor();
    await screenshot(page, 'subscribe-success-timeout-light-1280');
    // The subscription becomes active meanwhile (e.g. a slow payment webhook): retry continues.
    e.app.ctx.stmts.run("UPDATE organizations SET subscriptionStatus = 'active' WHERE id = ?", [user.org]);
    await page.getByRole('button', { name: 'Check again' }).click();
    await page.waitForURL('**/onboarding');
  });

  describe('screenshots', () => {
    let unverified: string;
    let unsubscribed: string;
    let subscribed: string;
    beforeAll(async () => {
      unverified = (await makeUser({ verified: false })).email;
      unsubscribed = (await makeUser({ verified: true, status: 'none' })).email;
      subscribed = (await makeUser({ verified: true, status: 'trialing', name: 'Trattoria da Mario' })).email;
    });

    it.each(ACCOUNT_SCREENS)('every account page in %s at %i px', async (theme, width) => {
      const c = await context({ colorScheme: theme, viewport: { width, height: width > 500 ? 800 : 844 } });
      const page = await c.newPage();
      const shot = (name: string) => screenshot(page, `${name}-${theme}-${width}`);
      const heading = (name: string | RegExp) => page.getByRole('heading', { name, level: 1 }).waitFor();

      await page.goto('/login');
      await heading('Sign in');
      await shot('login');
      await page.getByRole('button', { name: 'Email me a code' }).click();
      await heading('Sign in with a code');
      await shot('login-code');
      await page.getByRole('button', { name: 'Sign in with password' }).click();
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await heading('Reset your password');
      await shot('login-forgot');

      await page.goto('/sign-up');
      await heading('Create your account');
      await page.getByLabel('Password', { exact: true }).fill('short');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByText('Enter your name').waitFor();
      await shot('sign-up-errors');
      await page.getByLabel('Password', { exact: true }).fill('Tr0ub4dor&3-horse');
      await shot('sign-up');

      await page.goto('/reset-password?token=x');
      await heading('Choose a new password');
      await shot('reset-password');
      await page.goto('/confirm-email-change?token=x');
      await heading('Confirm your new email');
      await shot('confirm-email-change');
      await page.goto('/verify?token=bogus');
      await heading('This link didn’t work');
      await shot('verify-failed');
      await page.goto('/verify');
      await heading('Check your inbox');
      await shot('verify-signed-out');

      await signIn(page, unverified);
      await page.goto('/verify');
      await page.getByText(unverified).waitFor();
      await shot('verify');

      await signIn(page, unsubscribed);
      await page.goto('/subscribe/');
      await page.getByRole('region', { name: 'Pro' }).waitFor();
      await shot('subscribe');
      await page.getByRole('radio', { name: /Yearly/ }).click();
      await shot('subscribe-yearly');
      await page.goto('/subscribe/success');
      await heading('Activating your plan…');
      await shot('subscribe-success');

      await signIn(page, subscribed);
      await page.goto('/onboarding');
      await heading('Set up your venue');
      await shot('onboarding');
      await page.getByRole('button', { name: 'Finish setup' }).click();
      await page.getByText('Venue name is required').waitFor();
      await page.getByRole('combobox', { name: 'Time zone' }).fill('america');
      await shot('onboarding-timezone');
    });
  });
});

/** OAuth2 in the browser: the SDK's popup, a mock provider (PKCE code flow), realtime hand-back. */
describe.skipIf(!hasBrowser)('account flows with an OAuth2 provider', () => {
  let e: E2E;
  let oauth: OAuth2Server;
  beforeAll(async () => {
    oauth = new OAuth2Server();
    await oauth.issuer.keys.generate('RS256');
    await oauth.start(0, '127.0.0.1');
    const issuer = oauth.issuer.url as string;
    oauth.service.on('beforeUserinfo', (res) => {
      res.body = { sub: 'mock-browser-1', email: 'olivia.oauth@example.com', email_verified: true, name: 'Olivia Auth' };
    });
    e = await startE2E({
      ...oauthMockEnv(issuer),
    });
  });
  afterAll(async () => {
    await e?.close();
    await oauth?.stop();
  });

  it('signs up with the provider button and continues to the plan choice', async () => {
    const c = await e.context({ colorScheme: 'dark' });
    await c.addInitScript(() => localStorage.setItem('cookie_consent', 'no'));
    const page = await c.newPage();
    await page.goto('/login');
    const button = page.getByRole('button', { name: 'Continue with Mock ID' });
    await button.waitFor();
    await screenshot(page, 'login-oauth-dark-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'login-oauth-dark-390');
    await button.click();
    // Verified by the provider, no plan yet: the guards send the new user to the pricing table.
    await page.waitForURL('**/subscribe/', { timeout: 20_000 });
    const user = e.app.ctx.stmts.get('SELECT name, verified FROM users WHERE email = ?', ['olivia.oauth@example.com']);
    expect(user).toMatchObject({ verified: 1 });
  });
});
