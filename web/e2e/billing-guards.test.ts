import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { hasBrowser, screenPairs, screenshot, startE2E, type E2E } from './harness.ts';

/**
 * Every distinct guard state in a real browser, at 390 px and 1280 px: the page a user lands on
 * from /dashboard, its heading and its one action, with no script error, console error or React
 * error (a redirect loop is React error #185). Trial mode first; the same database is then
 * restarted with BILLING=off (an expired trial must open up); stripe mode on its own instance.
 */
const PASSWORD = 'correct horse 42';
const WIDTHS = [390, 1280] as const;

interface Made {
  id: string;
  email: string;
  org: string;
}

/** A user made through the API, then put into the wanted state directly (fixture only). */
async function makeUser(
  e: E2E,
  tag: string,
  state: { status: string; onboarded: boolean; trialEnded?: boolean; name?: string },
): Promise<Made> {
  const email = `${tag}-${Date.now()}@example.com`;
  const user = await e.app
    .sdk()
    .collection('users')
    .create({ name: state.name ?? 'Robin Tester', email, password: PASSWORD, passwordConfirm: PASSWORD });
  const { stmts } = e.app.ctx;
  stmts.run('UPDATE users SET verified = 1, onboardingComplete = ? WHERE id = ?', [state.onboarded ? 1 : 0, user.id]);
  const org = String(stmts.get('SELECT currentOrganization AS o FROM users WHERE id = ?', [user.id])?.o);
  stmts.run('UPDATE organizations SET subscriptionStatus = ?, trialEndsAt = ? WHERE id = ?', [
    state.status,
    state.trialEnded ? '2030-01-01 00:00:00.000Z' : '',
    org,
  ]);
  return { id: user.id, email, org };
}

/** An editor of `org` (as an accepted invitation leaves them: onboarded, current organization set). */
async function makeEditor(e: E2E, org: string): Promise<Made> {
  const made = await makeUser(e, 'editor', { status: 'none', onboarded: true, name: 'Eddie Editor' });
  const { stmts } = e.app.ctx;
  await e.app.ctx.engine.create(
    e.app.ctx.engine.collection('memberships'),
    { data: { organization: org, user: made.id, role: 'editor' }, files: {}, fromForm: false },
    e.app.ctx.engine.systemRequest(),
  );
  stmts.run('UPDATE users SET currentOrganization = ? WHERE id = ?', [org, made.id]);
  return { ...made, org };
}

interface Watched {
  page: Page;
  problems: string[];
}

async function open(e: E2E, width: number, theme: 'light' | 'dark' = 'light'): Promise<{ context: BrowserContext } & Watched> {
  const context = await e.context({ colorScheme: theme, viewport: { width, height: width > 500 ? 800 : 844 } });
  await context.addInitScript(() => localStorage.setItem('cookie_consent', 'no'));
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`script error: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !msg.location().url.endsWith('/favicon.ico')) problems.push(`console error: ${msg.text()}`);
  });
  return { context, page, problems };
}

/** Signs the browser in by storing the SDK's auth state (as the app itself does). */
async function signIn(e: E2E, page: Page, email: string) {
  const auth = await e.app.sdk().collection('users').authWithPassword(email, PASSWORD, { expand: 'currentOrganization' });
  // A fresh context: any same-origin page without the app gives access to its storage.
  await page.goto('/api/health');
  await page.evaluate((v) => localStorage.setItem('pocketbase_auth', v), JSON.stringify({ token: auth.token, record: auth.record }));
}

/** No sideways scrolling at this width. */
async function expectNoOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

interface Expectation {
  path: string;
  heading: string | RegExp;
  action: { role: 'button' | 'link'; name: string | RegExp };
}

async function expectState(e: E2E, email: string, want: Expectation, shot: string, themes: Array<'light' | 'dark'> = ['light']) {
  for (const { width, scheme: theme } of screenPairs(WIDTHS, themes)) {
    const { context, page, problems } = await open(e, width, theme);
    await signIn(e, page, email);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: want.heading, level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe(want.path);
    await page.getByRole(want.action.role, { name: want.action.name }).first().waitFor();
    await expectNoOverflow(page);
    await screenshot(page, `guard-${shot}-${theme}-${width}`);
    expect(problems).toEqual([]);
    await context.close();
  }
}

describe.skipIf(!hasBrowser)('billing guards: trial mode, then the same data with billing off', () => {
  let e: E2E;
  let owner: Made;
  let editor: Made;
  let lapsed: Made;
  let lapsedNew: Made;

  beforeAll(async () => {
    e = await startE2E({ RATE_LIMIT_ENABLED: 'false', BILLING: 'trial' });
    owner = await makeUser(e, 'owner', { status: 'none', onboarded: false, name: 'Olga Owner' });
    editor = await makeEditor(e, owner.org);
    lapsed = await makeUser(e, 'lapsed', { status: 'past_due', onboarded: true, trialEnded: true });
    lapsedNew = await makeUser(e, 'lapsed-new', { status: 'past_due', onboarded: false, trialEnded: true });
  });
  afterAll(async () => {
    await e?.close();
  });

  it('trial, no plan chosen, owner: the plans, each with "Start free trial"', async () => {
    await expectState(
      e,
      owner.email,
      { path: '/subscribe/', heading: 'Choose your plan', action: { role: 'button', name: 'Start free trial' } },
      'trial-unchosen-owner',
      ['light', 'dark'],
    );
  });

  it('trial, no plan chosen, editor: who can choose one, with a mail link, sign out', async () => {
    await expectState(
      e,
      editor.email,
      { path: '/subscribe/', heading: 'An owner needs to choose a plan', action: { role: 'link', name: 'Email Olga Owner' } },
      'trial-unchosen-editor',
      ['light', 'dark'],
    );
    const { context, page } = await open(e, 390);
    await signIn(e, page, editor.email);
    await page.goto('/subscribe/');
    await page.getByText(owner.email).waitFor();
    // Switching back to their own organization (also without a plan, as the owner) or signing out.
    await page.getByRole('button', { name: /Switch to/ }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login?redirect=*');
    await context.close();
  });

  it('trial, lapsed and onboarded: the app stays open', async () => {
    await expectState(
      e,
      lapsed.email,
      { path: '/dashboard', heading: 'Dashboard', action: { role: 'button', name: 'Account menu' } },
      'trial-lapsed-onboarded',
    );
  });

  it('trial, lapsed before onboarding: says the trial ended and offers "Contact us", which opens Help', async () => {
    await expectState(
      e,
      lapsedNew.email,
      { path: '/subscribe/', heading: 'Your free trial has ended', action: { role: 'link', name: 'Contact us' } },
      'trial-lapsed-new',
      ['light', 'dark'],
    );
    const { context, page, problems } = await open(e, 1280);
    await signIn(e, page, lapsedNew.email);
    await page.goto('/onboarding');
    await page.waitForURL('**/subscribe/');
    await page.getByRole('link', { name: 'Contact us' }).click();
    await page.getByRole('heading', { name: 'Help', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/help');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('restarted with billing off: the expired trial opens up, the plan page is gone, onboarding finishes', async () => {
    e.app.config.billing = 'off';
    await e.app.restart();
    for (const org of [lapsed.org, lapsedNew.org, owner.org]) {
      expect(e.app.ctx.stmts.get('SELECT subscriptionStatus AS s FROM organizations WHERE id = ?', [org])?.s).toBe('active');
    }
    await expectState(
      e,
      lapsed.email,
      { path: '/dashboard', heading: 'Dashboard', action: { role: 'button', name: 'Account menu' } },
      'off-after-expired-trial',
    );
    await expectState(
      e,
      owner.email,
      { path: '/onboarding', heading: 'Set up your venue', action: { role: 'button', name: 'Finish setup' } },
      'off-not-onboarded',
      ['light', 'dark'],
    );

    const { context, page, problems } = await open(e, 390);
    await signIn(e, page, owner.email);
    await page.goto('/subscribe/');
    await page.waitForURL('**/onboarding');
    await page.getByLabel('Organization name').fill('Olga’s Diner GmbH');
    await page.getByLabel('Venue name').fill('Olga’s Diner');
    await page.getByRole('button', { name: 'Finish setup' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe.skipIf(!hasBrowser)('billing guards: stripe mode', () => {
  let e: E2E;
  let lapsedNew: Made;

  beforeAll(async () => {
    // No Stripe call happens on these screens: the keys only satisfy the configuration.
    e = await startE2E({
      BILLING: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_guards',
      STRIPE_WEBHOOK_SECRET: 'whsec_guards',
      STRIPE_API_BASE: 'http://127.0.0.1:9',
    });
    lapsedNew = await makeUser(e, 'stripe-lapsed', { status: 'past_due', onboarded: false });
  });
  afterAll(async () => {
    await e?.close();
  });

  it('stripe, lapsed before onboarding: the payment problem, the plans to subscribe to and the billing portal', async () => {
    await expectState(
      e,
      lapsedNew.email,
      { path: '/subscribe/', heading: 'Your last payment didn’t go through', action: { role: 'button', name: 'Update payment method' } },
      'stripe-lapsed-new',
      ['light', 'dark'],
    );
  });
});
