import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seed } from '../../server/test/test-app.ts';
import { StripeStandIn } from '../../server/test/stripe-stand-in.ts';
import type { SqlParam } from '../../server/db/statements.ts';
import { hasBrowser, screenPairs, screenshot, startE2E, type E2E, adminUpdate, waitForToast, viennaContext } from './harness.ts';

/**
 * BILLING=stripe in a real browser: the Stripe stand-in (server/test/stripe-stand-in.ts) serves
 * the API, a Checkout page whose "Pay" redirects back to the app's success URL and delivers a
 * signed webhook, and a portal page. A new organization subscribes through Checkout, onboards,
 * and manages billing from /settings/billing.
 */
const PASSWORD = 'stripe-password-1';
const WEBHOOK_SECRET = 'whsec_e2e_qrmenu_0123456789';

describe.skipIf(!hasBrowser)('billing with Stripe', () => {
  const stripe = new StripeStandIn({ hostedPages: true });
  let e: E2E;
  let orgId = '';

  const row = (sql: string, params: SqlParam[] = []) => e.app.ctx.stmts.get(sql, params);
  const update = (collection: string, id: string, data: Record<string, unknown>) => adminUpdate(e, collection, id, data);
  const toast = waitForToast;
  const newContext = (options: Parameters<E2E['context']>[0] = {}) => viennaContext(e, options);

  async function signIn(page: Page, email: string, landing: string): Promise<void> {
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`**${landing}`);
  }

  /** Every URL the page showed (including client-side navigations), to check pages passed through quickly. */
  function visited(page: Page): string[] {
    const urls: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) urls.push(frame.url());
    });
    return urls;
  }

  beforeAll(async () => {
    await stripe.start();
    e = await startE2E({
      BILLING: 'stripe',
      RATE_LIMIT_ENABLED: 'false',
      STRIPE_SECRET_KEY: 'sk_test_e2e_qrmenu',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.apiBase,
      STRIPE_PRICE_STARTER_MONTHLY: 'price_starter_month',
      STRIPE_PRICE_STARTER_YEARLY: 'price_starter_year',
      STRIPE_PRICE_PRO_MONTHLY: 'price_pro_month',
      STRIPE_PRICE_PRO_YEARLY: 'price_pro_year',
      STRIPE_PRICE_BUSINESS_MONTHLY: 'price_business_month',
      STRIPE_PRICE_BUSINESS_YEARLY: 'price_business_year',
    });
    stripe.webhook = { url: `${e.url}/api/billing/webhook`, secret: WEBHOOK_SECRET };
    // A new organization: verified owner, no plan yet, not onboarded.
    const owner = await seed(e.app.ctx, 'users', {
      email: 'owner@example.com',
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      name: 'Olga Owner',
      verified: true,
    });
    orgId = String(row('SELECT currentOrganization AS o FROM users WHERE id = ?', [String(owner.id)])?.o);
    await update('organizations', orgId, { name: 'Bistro Stripe' });
  });
  afterAll(async () => {
    await e?.close();
    await stripe.stop();
  });

  it('a new organization subscribes through Checkout, lands on the success page, onboards and reaches the dashboard', async () => {
    const page = await (await newContext()).newPage();
    await signIn(page, 'owner@example.com', '/subscribe/');
    await page.getByRole('heading', { name: 'Choose your plan' }).waitFor();
    await page.getByText('Pick the plan that fits your business.').waitFor();
    const starter = page.getByRole('region', { name: 'Starter' });
    const subscribeStarter = starter.getByRole('button', { name: 'Subscribe' });
    expect(await page.getByRole('button', { name: 'Subscribe' }).count()).toBe(3);
    await screenshot(page, 'subscribe-stripe-light-1280');

    // Checkout, then the browser's back button: the pricing table works again (no stuck spinner).
    await subscribeStarter.click();
    await page.waitForURL(`${stripe.apiBase}/c/pay/**`);
    await page.getByRole('heading', { name: 'Subscribe' }).waitFor();
    await page.goBack();
    await page.waitForURL('**/subscribe/');
    await expect(subscribeStarter.isEnabled()).resolves.toBe(true);
    expect(row('SELECT subscriptionStatus FROM organizations WHERE id = ?', [orgId])?.subscriptionStatus).toBe('none');

    // Subscribe for real; the webhook comes late enough to see the success page wait for it.
    stripe.webhookDelayMs = 2500;
    const urls = visited(page);
    await subscribeStarter.click();
    await page.waitForURL(`${stripe.apiBase}/c/pay/**`);
    const session = [...stripe.sessions.values()].at(-1);
    expect(session).toMatchObject({ price: 'price_starter_month', trialDays: 14, metadata: { organizationId: orgId } });
    await page.getByText('14-day free trial').waitFor();
    await page.getByRole('button', { name: 'Pay and subscribe' }).click();
    await page.waitForURL(/\/subscribe\/success\?session_id=cs_test_\d+$/);
    await page.getByRole('heading', { name: 'Thanks for subscribing!' }).waitFor();
    await screenshot(page, 'subscribe-success-stripe-light-1280');
    // The webhook activates the organization; realtime takes the page on to onboarding.
    await page.waitForURL('**/onboarding', { timeout: 15_000 });
    expect(urls.some((u) => /\/subscribe\/success\?session_id=cs_test_/.test(u))).toBe(true);
    expect(row('SELECT subscriptionStatus, stripeSubscriptionId, billingInterval FROM organizations WHERE id = ?', [orgId])).toMatchObject({
      subscriptionStatus: 'trialing',
      stripeSubscriptionId: expect.stringMatching(/^sub_test_/),
      billingInterval: 'month',
    });
    expect(row('SELECT p.code FROM organizations o JOIN plans p ON p.id = o.plan WHERE o.id = ?', [orgId])?.code).toBe('starter');
    // The trial's end comes with the subscription's own webhook, which may follow the checkout's:
    // the next test's billing page shows it.
    await expect
      .poll(() => row('SELECT trialEndsAt FROM organizations WHERE id = ?', [orgId])?.trialEndsAt, { timeout: 15_000 })
      .toBeTruthy();

    await page.getByLabel('Organization name').fill('Bistro Mitte GmbH');
    await page.getByLabel('Venue name').fill('Bistro Mitte');
    await page.getByRole('button', { name: 'Finish setup' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
  });

  it('/settings/billing shows the plan, opens the Customer Portal and changes the plan in place', async () => {
    const page = await (await newContext()).newPage();
    await signIn(page, 'owner@example.com', '/dashboard');
    await page.goto('/settings/billing');
    const main = page.getByRole('main');
    await page.getByText('Trial ends').waitFor();
    await expect(main.textContent()).resolves.toMatch(/Starter/);
    await page.getByText('Invoices, receipts and your payment method are in the billing portal').waitFor();
    await page.getByText('the difference is prorated on your next invoice').waitFor();

    await page.getByRole('button', { name: 'Manage billing' }).click();
    await page.waitForURL(`${stripe.apiBase}/p/session/**`);
    await page.getByRole('heading', { name: 'Customer portal' }).waitFor();
    const portal = stripe.calls('POST', '/v1/billing_portal/sessions').at(-1);
    expect(portal?.body).toMatchObject({ customer: expect.stringMatching(/^cus_test_/), return_url: `${e.url}/settings/billing` });
    await page.getByRole('link', { name: 'Return to the app' }).click();
    await page.waitForURL('**/settings/billing');
    await page.getByText('Trial ends').waitFor();

    // A running subscription moves to the new price: no second Checkout.
    const sessions = stripe.calls('POST', '/v1/checkout/sessions').length;
    await page.getByRole('button', { name: 'Switch to Pro (monthly)' }).click();
    await toast(page, 'You are now on the Pro plan.');
    expect(new URL(page.url()).pathname).toBe('/settings/billing');
    expect(stripe.calls('POST', '/v1/checkout/sessions')).toHaveLength(sessions);
    expect(stripe.calls('POST', /^\/v1\/subscriptions\/sub_test_/).at(-1)?.body).toMatchObject({ 'items[0][price]': 'price_pro_month' });
    expect(row('SELECT p.code FROM organizations o JOIN plans p ON p.id = o.plan WHERE o.id = ?', [orgId])?.code).toBe('pro');
    await page.getByRole('button', { name: 'Pro is your current plan' }).waitFor();

    // Cancel and resume go through Stripe too.
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('dialog', { name: 'Cancel your subscription?' }).getByRole('button', { name: 'Cancel subscription' }).click();
    await toast(page, 'will end at the end of the current period');
    expect(stripe.calls('POST', /^\/v1\/subscriptions\/sub_test_/).at(-1)?.body).toEqual({ cancel_at_period_end: 'true' });
    await page.getByRole('button', { name: 'Resume subscription' }).click();
    await toast(page, 'Your subscription continues');
    expect(row('SELECT cancelAtPeriodEnd FROM organizations WHERE id = ?', [orgId])?.cancelAtPeriodEnd).toBe(0);
  });

  it('screenshots the Stripe billing page in light and dark at 1280 and 390 px', async () => {
    for (const { scheme, width } of screenPairs([1280, 390])) {
      const page = await (await newContext({ colorScheme: scheme, viewport: { width, height: width > 500 ? 900 : 844 } })).newPage();
      await signIn(page, 'owner@example.com', '/dashboard');
      await page.goto('/settings/billing');
      await page.getByRole('button', { name: 'Manage billing' }).waitFor();
      await page.waitForLoadState('networkidle');
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `settings-billing-stripe-${scheme}-${width}`);
      await page.context().close();
    }
  });

  it('an editor is sent from billing to the dashboard, told why; a failed payment offers the portal on /subscribe', async () => {
    const editor = await seed(e.app.ctx, 'users', {
      email: 'editor@example.com',
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      name: 'Eddie Editor',
      verified: true,
    });
    await seed(e.app.ctx, 'memberships', { organization: orgId, user: editor.id, role: 'editor' });
    await update('users', String(editor.id), { currentOrganization: orgId, onboardingComplete: true });
    const editorPage = await (await newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await signIn(editorPage, 'editor@example.com', '/dashboard');
    // Billing is not in an editor's navigation; a direct visit lands on the dashboard with the reason.
    await editorPage.goto('/settings/billing');
    await editorPage.getByText('Billing is managed by owners and admins. Ask one of them to change the plan or payment.').first().waitFor();
    await editorPage.waitForURL('**/dashboard');
    expect(await editorPage.getByRole('button', { name: 'Manage billing' }).count()).toBe(0);
    expect(await editorPage.getByRole('button', { name: 'Cancel subscription' }).count()).toBe(0);
    await screenshot(editorPage, 'settings-billing-stripe-editor-light-390');

    // Stripe could not collect the renewal: the app stays open (read-only), and /subscribe offers the portal.
    await update('organizations', orgId, { subscriptionStatus: 'past_due' });
    for (const { scheme, width } of screenPairs([1280, 390])) {
      const page = await (await newContext({ colorScheme: scheme, viewport: { width, height: width > 500 ? 900 : 844 } })).newPage();
      await signIn(page, 'owner@example.com', '/dashboard');
      await page.goto('/subscribe/');
      await page.getByText('didn’t go through').first().waitFor();
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `subscribe-stripe-past-due-${scheme}-${width}`);
      if (scheme === 'dark' && width === 390) {
        await page.getByRole('button', { name: 'Update payment method' }).click();
        await page.waitForURL(`${stripe.apiBase}/p/session/**`);
      }
      await page.context().close();
    }
  });
});
