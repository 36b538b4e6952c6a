import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { formatDateTime } from '../../core/datetime.ts';
import { pruneBillingEvents } from './stripe-billing.ts';
import { buildTestApp, seed, tokenFor, type TestApp } from '../../test/test-app.ts';
import { DAY_SECONDS, STAND_IN_NOW, StripeStandIn, stripeEvent, type Json } from '../../test/stripe-stand-in.ts';

/**
 * BILLING=stripe without the internet: the SDK talks to a local stand-in for Stripe's API
 * (server/test/stripe-stand-in.ts) that answers the calls we make and records them; webhooks are
 * signed with the SDK's test helper.
 */

const SECRET_KEY = 'sk_test_qrmenu_0123456789';
const WEBHOOK_SECRET = 'whsec_test_qrmenu_0123456789';
const APP_URL = 'https://menu.example.com';
const NOW = STAND_IN_NOW;
const DAY = DAY_SECONDS;

const fake = new StripeStandIn();
const apps: TestApp[] = [];
beforeAll(() => fake.start());
afterAll(() => fake.stop());
beforeEach(() => fake.reset());
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
});

const event = stripeEvent;

async function setup() {
  const t = await buildTestApp({
    env: {
      BILLING: 'stripe',
      APP_URL,
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.apiBase,
      STRIPE_PRICE_STARTER_MONTHLY: 'price_starter_month',
      STRIPE_PRICE_STARTER_YEARLY: 'price_starter_year',
      STRIPE_PRICE_PRO_MONTHLY: 'price_pro_month',
    },
  });
  apps.push(t);
  const owner = await seed(t.ctx, 'users', {
    email: 'owner@example.com',
    password: 'owner-password',
    passwordConfirm: 'owner-password',
    name: 'Owner',
    verified: true,
  });
  const token = await tokenFor(t.ctx, 'users', String(owner.id));
  const org = String(t.ctx.stmts.get('SELECT currentOrganization AS o FROM users WHERE id = ?', [String(owner.id)])?.o);
  const editor = await seed(t.ctx, 'users', {
    email: 'editor@example.com',
    password: 'editor-password',
    passwordConfirm: 'editor-password',
    verified: true,
  });
  await seed(t.ctx, 'memberships', { organization: org, user: editor.id, role: 'editor' });
  const editorToken = await tokenFor(t.ctx, 'users', String(editor.id));
  const call = (url: string, payload?: unknown, auth = token) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: auth ? { authorization: auth } : {} });
  const orgRow = () => t.ctx.stmts.get('SELECT * FROM organizations WHERE id = ?', [org]) ?? {};
  const planId = (code: string) => String(t.ctx.stmts.get('SELECT id FROM plans WHERE code = ?', [code])?.id);
  const webhook = (
    payload: string,
    signature: string | null = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      payload,
      headers: { 'content-type': 'application/json; charset=utf-8', ...(signature === null ? {} : { 'stripe-signature': signature }) },
    });
  const deliver = (evt: Json) => webhook(JSON.stringify(evt, null, 2));
  const processedEvents = () => Number(t.ctx.stmts.get('SELECT COUNT(*) AS c FROM billing_events')?.c);
  /** Subscribes through the API, then completes Checkout: Stripe creates the subscription and sends the event. */
  const checkout = async (status = 'trialing', price = 'price_starter_month') => {
    const res = await call('/api/billing/subscribe', { plan: 'starter', interval: 'month' });
    expect(res.statusCode).toBe(200);
    const customer = String(orgRow().stripeCustomerId);
    const sub = fake.putSubscription('sub_test_1', {
      status,
      price,
      customer,
      org,
      trialEnd: status === 'trialing' ? NOW + 14 * DAY : null,
      periodEnd: NOW + 14 * DAY,
      latestInvoice: 'in_test_1',
    });
    const done = await deliver(
      event('checkout.session.completed', {
        id: 'cs_test_done',
        object: 'checkout.session',
        mode: 'subscription',
        status: 'complete',
        customer,
        subscription: sub.id,
        client_reference_id: org,
        metadata: { organizationId: org },
      }),
    );
    expect(done.statusCode).toBe(200);
    return sub;
  };
  return { t, org, token, editorToken, call, orgRow, planId, webhook, deliver, processedEvents, checkout };
}

const at = (unix: number) => formatDateTime(new Date(unix * 1000));

describe('stripe billing', () => {
  it('subscribe creates the customer once and a Checkout Session for the plan price', async () => {
    const { call, org, orgRow, planId, t } = await setup();
    // Price ids from the environment are on the plans (hidden from the API).
    expect(t.ctx.stmts.get('SELECT stripePriceMonthly, stripePriceYearly FROM plans WHERE id = ?', [planId('starter')])).toEqual({
      stripePriceMonthly: 'price_starter_month',
      stripePriceYearly: 'price_starter_year',
    });

    const res = await call('/api/billing/subscribe', { plan: 'starter', interval: 'month' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/) });

    const [customer] = fake.calls('POST', '/v1/customers');
    expect(customer?.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(customer?.body).toMatchObject({ 'metadata[organizationId]': org, email: 'owner@example.com' });
    const customerId = String(orgRow().stripeCustomerId);
    expect(customerId).toMatch(/^cus_test_/);

    const [session] = fake.calls('POST', '/v1/checkout/sessions');
    expect(session?.body).toMatchObject({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: org,
      'line_items[0][price]': 'price_starter_month',
      'line_items[0][quantity]': '1',
      success_url: `${APP_URL}/subscribe/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${APP_URL}/subscribe/`,
      'metadata[organizationId]': org,
      'subscription_data[metadata][organizationId]': org,
      'subscription_data[trial_period_days]': '14',
    });
    // Nothing changes before Stripe confirms through the webhook.
    expect(orgRow().subscriptionStatus).toBe('none');

    // Another try (yearly): same customer, the yearly price.
    expect((await call('/api/billing/subscribe', { plan: 'starter', interval: 'year' })).statusCode).toBe(200);
    expect(fake.calls('POST', '/v1/customers')).toHaveLength(1);
    expect(fake.calls('POST', '/v1/checkout/sessions')[1]?.body).toMatchObject({
      customer: customerId,
      'line_items[0][price]': 'price_starter_year',
    });

    // A plan without a price for the interval, and invalid input, are 400s naming the field.
    const noPrice = await call('/api/billing/subscribe', { plan: 'business', interval: 'month' });
    expect(noPrice.statusCode).toBe(400);
    expect(noPrice.json().data.interval.code).toBe('validation_invalid_value');
    const bad = await call('/api/billing/subscribe', { plan: 'nope', interval: 'week' });
    expect(bad.json().data).toMatchObject({ plan: { code: 'validation_invalid_value' }, interval: { code: 'validation_in_invalid' } });
    expect(fake.calls('POST', '/v1/checkout/sessions')).toHaveLength(2);
  });

  it('editors cannot subscribe or open the portal; the portal returns a URL for owners', async () => {
    const { call, editorToken, checkout, org } = await setup();
    // (The editor owns an organization of their own: they name the one they are an editor of.)
    expect((await call('/api/billing/subscribe', { plan: 'starter', interval: 'month', organization: org }, editorToken)).statusCode).toBe(
      403,
    );
    expect((await call('/api/billing/portal', { organization: org }, editorToken)).statusCode).toBe(403);
    expect((await call('/api/billing/cancel', { organization: org }, editorToken)).statusCode).toBe(403);
    expect((await call('/api/billing/subscribe', { plan: 'starter' }, '')).statusCode).toBe(401);
    expect(fake.requests).toHaveLength(0);
    // No Stripe customer yet: nothing to manage.
    expect((await call('/api/billing/portal')).statusCode).toBe(400);

    await checkout();
    const portal = await call('/api/billing/portal');
    expect(portal.statusCode).toBe(200);
    expect(portal.json()).toEqual({ url: expect.stringMatching(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_\d+$/) });
    expect(fake.calls('POST', '/v1/billing_portal/sessions')[0]?.body).toMatchObject({
      return_url: `${APP_URL}/settings/billing`,
      customer: expect.stringMatching(/^cus_test_/),
    });
  });

  it('a signed checkout.session.completed activates the organization: status, plan, dates', async () => {
    const { checkout, orgRow, planId, deliver, call, org, token, t } = await setup();
    await checkout('trialing');
    expect(orgRow()).toMatchObject({
      subscriptionStatus: 'trialing',
      plan: planId('starter'),
      billingInterval: 'month',
      stripeSubscriptionId: 'sub_test_1',
      trialEndsAt: at(NOW + 14 * DAY),
      currentPeriodEnd: at(NOW + 14 * DAY),
      cancelAtPeriodEnd: 0,
    });
    // The trial ends: Stripe charges and the subscription becomes active for a month.
    fake.putSubscription('sub_test_1', {
      status: 'active',
      price: 'price_starter_month',
      customer: String(orgRow().stripeCustomerId),
      org,
      trialEnd: NOW + 14 * DAY,
      periodEnd: NOW + 44 * DAY,
    });
    const res = await deliver(event('customer.subscription.updated', fake.subscriptions.get('sub_test_1') as Json));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(orgRow()).toMatchObject({ subscriptionStatus: 'active', plan: planId('starter'), currentPeriodEnd: at(NOW + 44 * DAY) });
    // Members see the state (never the Stripe ids), and writes are open.
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/collections/organizations/records/${org}`,
      headers: { authorization: token },
    });
    expect(view.json()).toMatchObject({ subscriptionStatus: 'active', plan: planId('starter') });
    expect(view.body).not.toContain('stripe');
    expect((await call('/api/collections/tags/records', { organization: org, name: 'Vegan' })).statusCode).toBe(200);
  });

  it('rejects missing, invalid, tampered and stale signatures with 400', async () => {
    const { webhook, processedEvents, orgRow, org } = await setup();
    const payload = JSON.stringify(
      event('customer.subscription.updated', { id: 'sub_x', object: 'subscription', status: 'active', metadata: { organizationId: org } }),
    );
    const expectRejected = async (res: Awaited<ReturnType<typeof webhook>>) => {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 400, message: 'Invalid Stripe webhook signature.', data: {} });
    };
    await expectRejected(await webhook(payload, null));
    await expectRejected(await webhook(payload, 't=123,v1=deadbeef'));
    await expectRejected(await webhook(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' })));
    const signed = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    await expectRejected(await webhook(payload.replace('"active"', '"canceled"'), signed));
    // A captured delivery replayed later is outside the signature's tolerance (5 minutes).
    await expectRejected(
      await webhook(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: NOW - 3600 })),
    );
    expect(processedEvents()).toBe(0);
    expect(fake.requests).toHaveLength(0);
    expect(orgRow().subscriptionStatus).toBe('none');
  });

  it('processes a duplicate (or replayed) event once', async () => {
    const { checkout, deliver, orgRow, org, processedEvents, t } = await setup();
    await checkout('active');
    const updated = event('customer.subscription.updated', fake.subscriptions.get('sub_test_1') as Json);
    const first = await deliver(updated);
    expect(first.json()).toEqual({ received: true });
    const retrievals = fake.calls('GET', '/v1/subscriptions/sub_test_1').length;
    const events = processedEvents();
    // Stripe's state moves on; redelivering the old event must not be processed again.
    fake.putSubscription('sub_test_1', {
      status: 'canceled',
      price: 'price_starter_month',
      customer: String(orgRow().stripeCustomerId),
      org,
      periodEnd: NOW + 14 * DAY,
    });
    const second = await deliver(updated);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ received: true, duplicate: true });
    expect(fake.calls('GET', '/v1/subscriptions/sub_test_1')).toHaveLength(retrievals);
    expect(processedEvents()).toBe(events);
    expect(orgRow().subscriptionStatus).toBe('active');
    // Processed ids are pruned after 90 days (by then the signature's timestamp check refuses replays).
    expect(pruneBillingEvents(t.ctx.engine, new Date(Date.now() + 30 * DAY * 1000))).toBe(0);
    expect(pruneBillingEvents(t.ctx.engine, new Date(Date.now() + 91 * DAY * 1000))).toBe(events);
    expect(processedEvents()).toBe(0);
  });

  it('reordered events leave the latest state', async () => {
    const { checkout, deliver, orgRow, org } = await setup();
    await checkout('active');
    const customer = String(orgRow().stripeCustomerId);
    // An older snapshot says past_due; the newer one (and Stripe now) says active with a new period.
    const older = structuredClone(
      fake.putSubscription('sub_test_1', { status: 'past_due', price: 'price_starter_month', customer, org, periodEnd: NOW + 14 * DAY }),
    );
    const newer = fake.putSubscription('sub_test_1', {
      status: 'active',
      price: 'price_starter_month',
      customer,
      org,
      periodEnd: NOW + 44 * DAY,
    });
    expect((await deliver(event('customer.subscription.updated', newer, { created: NOW - 10 }))).statusCode).toBe(200);
    expect(orgRow()).toMatchObject({ subscriptionStatus: 'active', currentPeriodEnd: at(NOW + 44 * DAY) });
    expect((await deliver(event('customer.subscription.updated', older, { created: NOW - 60 }))).statusCode).toBe(200);
    expect(orgRow()).toMatchObject({ subscriptionStatus: 'active', currentPeriodEnd: at(NOW + 44 * DAY) });
  });

  it('customer.subscription.deleted cancels the organization', async () => {
    const { checkout, deliver, orgRow, org, call } = await setup();
    await checkout('active');
    const ended = fake.putSubscription('sub_test_1', {
      status: 'canceled',
      price: 'price_starter_month',
      customer: String(orgRow().stripeCustomerId),
      org,
      periodEnd: NOW + 14 * DAY,
      endedAt: NOW,
    });
    expect((await deliver(event('customer.subscription.deleted', ended))).statusCode).toBe(200);
    expect(orgRow()).toMatchObject({ subscriptionStatus: 'canceled', cancelAtPeriodEnd: 0, currentPeriodEnd: at(NOW) });
    expect((await call('/api/collections/tags/records', { organization: org, name: 'Late' })).statusCode).toBe(400);
  });

  it('a deletion of a subscription the API no longer knows still cancels', async () => {
    const { checkout, deliver, orgRow } = await setup();
    const sub = await checkout('active');
    fake.subscriptions.delete('sub_test_1');
    expect((await deliver(event('customer.subscription.deleted', { ...sub, status: 'canceled' }))).statusCode).toBe(200);
    expect(orgRow().subscriptionStatus).toBe('canceled');
  });

  it('invoice.payment_failed sets past_due; a late one after the payment succeeded changes nothing', async () => {
    const { checkout, deliver, orgRow, org } = await setup();
    await checkout('active');
    fake.invoices.set('in_test_1', { id: 'in_test_1', object: 'invoice', status: 'open', subscription: 'sub_test_1' });
    const invoice = {
      id: 'in_test_1',
      object: 'invoice',
      status: 'open',
      customer: String(orgRow().stripeCustomerId),
      attempt_count: 1,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: 'sub_test_1', metadata: { organizationId: org } },
        quote_details: null,
      },
    };
    expect((await deliver(event('invoice.payment_failed', invoice))).statusCode).toBe(200);
    expect(fake.calls('GET', '/v1/subscriptions/sub_test_1').at(-1)?.body).toMatchObject({ 'expand[0]': 'latest_invoice' });
    expect(orgRow().subscriptionStatus).toBe('past_due');
    // The retry succeeds: Stripe marks the invoice paid and the subscription active again.
    fake.invoices.set('in_test_1', { id: 'in_test_1', object: 'invoice', status: 'paid', subscription: 'sub_test_1' });
    expect((await deliver(event('customer.subscription.updated', fake.subscriptions.get('sub_test_1') as Json))).statusCode).toBe(200);
    expect(orgRow().subscriptionStatus).toBe('active');
    expect((await deliver(event('invoice.payment_failed', invoice))).statusCode).toBe(200);
    expect(orgRow().subscriptionStatus).toBe('active');
  });

  it('cancel and resume go through the API; choosing another plan changes the running subscription', async () => {
    const { checkout, call, orgRow, planId } = await setup();
    await checkout('active');
    expect((await call('/api/billing/cancel')).statusCode).toBe(204);
    expect(fake.calls('POST', '/v1/subscriptions/sub_test_1').at(-1)?.body).toEqual({ cancel_at_period_end: 'true' });
    expect(orgRow().cancelAtPeriodEnd).toBe(1);
    expect((await call('/api/billing/resume')).statusCode).toBe(204);
    expect(fake.calls('POST', '/v1/subscriptions/sub_test_1').at(-1)?.body).toEqual({ cancel_at_period_end: 'false' });
    expect(orgRow().cancelAtPeriodEnd).toBe(0);

    const sessions = fake.calls('POST', '/v1/checkout/sessions').length;
    const change = await call('/api/billing/subscribe', { plan: 'pro', interval: 'month' });
    expect(change.statusCode).toBe(200);
    expect(change.json()).toEqual({ url: `${APP_URL}/subscribe/success`, status: 'active' });
    expect(fake.calls('POST', '/v1/checkout/sessions')).toHaveLength(sessions);
    expect(fake.calls('POST', '/v1/subscriptions/sub_test_1').at(-1)?.body).toMatchObject({
      'items[0][id]': 'si_sub_test_1',
      'items[0][price]': 'price_pro_month',
      proration_behavior: 'create_prorations',
    });
    expect(orgRow()).toMatchObject({ plan: planId('pro'), subscriptionStatus: 'active' });
  });

  it('ignores unknown event types and events for unknown organizations (200)', async () => {
    const { deliver, processedEvents } = await setup();
    const res = await deliver(event('charge.refunded', { id: 'ch_1', object: 'charge' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, ignored: true });
    const stranger = await deliver(
      event('customer.subscription.updated', {
        id: 'sub_other',
        object: 'subscription',
        status: 'active',
        customer: 'cus_other',
        metadata: {},
      }),
    );
    expect(stranger.json()).toEqual({ received: true, ignored: true });
    expect(processedEvents()).toBe(2);
    expect(fake.requests).toHaveLength(0);
  });

  it('answers 502 when Stripe fails, and 502 to a webhook it cannot complete (Stripe redelivers)', async () => {
    const { call, checkout, deliver, orgRow, org, processedEvents } = await setup();
    await checkout('active');
    const events = processedEvents();
    // The API lost the subscription: cancel is refused by Stripe.
    fake.subscriptions.delete('sub_test_1');
    const res = await call('/api/billing/cancel');
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('The payment provider could not process the request. Please try again later.');
    // Stripe is down while an event arrives: 5xx (no retry by the SDK here), the event stays unprocessed.
    fake.failing = true;
    const evt = event('customer.subscription.updated', {
      id: 'sub_test_1',
      object: 'subscription',
      status: 'past_due',
      customer: orgRow().stripeCustomerId,
      metadata: { organizationId: org },
    });
    const failed = await deliver(evt);
    expect(failed.statusCode).toBe(502);
    expect(processedEvents()).toBe(events);
    fake.failing = false;
    fake.putSubscription('sub_test_1', {
      status: 'past_due',
      price: 'price_starter_month',
      customer: String(orgRow().stripeCustomerId),
      org,
      periodEnd: NOW + 14 * DAY,
    });
    // Stripe's next delivery of the same event succeeds.
    expect((await deliver(evt)).json()).toEqual({ received: true });
    expect(orgRow().subscriptionStatus).toBe('past_due');
  });
});

describe('stripe stand-in for browser tests', () => {
  it('its hosted Checkout page completes the subscription: redirect to success_url and a signed webhook', async () => {
    const hosted = new StripeStandIn({ hostedPages: true });
    await hosted.start();
    try {
      const t = await buildTestApp({
        env: {
          BILLING: 'stripe',
          APP_URL,
          STRIPE_SECRET_KEY: SECRET_KEY,
          STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
          STRIPE_API_BASE: hosted.apiBase,
          STRIPE_PRICE_STARTER_MONTHLY: 'price_starter_month',
        },
      });
      apps.push(t);
      hosted.webhook = { url: `${await t.listen()}/api/billing/webhook`, secret: WEBHOOK_SECRET };
      const owner = await seed(t.ctx, 'users', {
        email: 'owner@example.com',
        password: 'owner-password',
        passwordConfirm: 'owner-password',
        verified: true,
      });
      const org = String(t.ctx.stmts.get('SELECT currentOrganization AS o FROM users WHERE id = ?', [String(owner.id)])?.o);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/billing/subscribe',
        payload: { plan: 'starter', interval: 'month' },
        headers: { authorization: await tokenFor(t.ctx, 'users', String(owner.id)) },
      });
      const checkoutUrl = String(res.json().url);
      expect(checkoutUrl).toMatch(new RegExp(`^${hosted.apiBase}/c/pay/cs_test_\\d+$`));
      const pageRes = await fetch(checkoutUrl);
      expect(await pageRes.text()).toContain('14-day free trial');
      const paid = await fetch(checkoutUrl, { method: 'POST', redirect: 'manual' });
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toMatch(new RegExp(`^${APP_URL}/subscribe/success\\?session_id=cs_test_\\d+$`));
      await expect
        .poll(() => t.ctx.stmts.get('SELECT subscriptionStatus FROM organizations WHERE id = ?', [org])?.subscriptionStatus)
        .toBe('trialing');
      // Paying twice is refused; the portal page links back to the app.
      expect((await fetch(checkoutUrl, { method: 'POST', redirect: 'manual' })).status).toBe(400);
      const portal = await t.app.inject({
        method: 'POST',
        url: '/api/billing/portal',
        headers: { authorization: await tokenFor(t.ctx, 'users', String(owner.id)) },
      });
      expect(await (await fetch(String(portal.json().url))).text()).toContain(`href="${APP_URL}/settings/billing"`);
    } finally {
      await hosted.stop();
    }
  });
});

describe('stripe config', () => {
  it('has no webhook route outside stripe mode', async () => {
    const t = await buildTestApp();
    apps.push(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('requires the keys when BILLING=stripe and reads price ids per plan', () => {
    expect(() => loadConfig({ BILLING: 'stripe' })).toThrow(ConfigError);
    expect(() => loadConfig({ BILLING: 'stripe' })).toThrow(/STRIPE_SECRET_KEY: required when BILLING=stripe[\s\S]*STRIPE_WEBHOOK_SECRET/);
    const config = loadConfig({
      BILLING: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PRICE_PRO_PLUS_YEARLY: 'price_1',
      STRIPE_PRICE_STARTER_MONTHLY: 'price_2',
    });
    expect(config.stripe?.prices).toEqual({ 'pro-plus': { year: 'price_1' }, starter: { month: 'price_2' } });
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' }).stripe).toBeNull();
  });
});
