import { afterEach, describe, expect, it } from 'vitest';
import { SUBSCRIPTION_STATUSES } from '../../../shared/constants.ts';
import type { BillingMode } from '../../../shared/subscription.ts';
import { readParam } from '../../db/params.ts';
import { buildTestApp, seed, tokenFor, type TestApp } from '../../test/test-app.ts';
import { BILLING_MODE_PARAM, reconcileBillingMode } from './reconcile.ts';

/**
 * A change of billing mode at restart, on a database holding organizations in every status: the
 * app is rebuilt on the same data directory with another BILLING, as an operator would restart it.
 */
const apps: TestApp[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
});

const DAY = 86400000;
const START = new Date('2030-03-01T10:00:00.000Z');

async function setup(mode: BillingMode) {
  let now = START;
  // Stripe keys (never used here: no Stripe call happens at start) so stripe mode may come first.
  const stripe = { STRIPE_SECRET_KEY: 'sk_test_unused', STRIPE_WEBHOOK_SECRET: 'whsec_unused', STRIPE_API_BASE: 'http://127.0.0.1:9' };
  const t = await buildTestApp({ env: { BILLING: mode, ...stripe }, now: () => now });
  apps.push(t);
  await t.listen();
  const plan = (code: string) => String(t.ctx.stmts.get('SELECT id FROM plans WHERE code = ?', [code])?.id);
  const orgs: Record<string, string> = {};
  for (const status of SUBSCRIPTION_STATUSES) {
    orgs[status] = String((await seed(t.ctx, 'organizations', { name: `Org ${status}`, subscriptionStatus: status })).id);
  }
  // Paid through Stripe, and active on the Business plan (30 trial days) without a Stripe subscription.
  orgs.stripePaid = String(
    (await seed(t.ctx, 'organizations', { name: 'Stripe paid', subscriptionStatus: 'active', stripeSubscriptionId: 'sub_123' })).id,
  );
  orgs.business = String(
    (await seed(t.ctx, 'organizations', { name: 'Business', subscriptionStatus: 'active', plan: plan('business') })).id,
  );
  const row = (key: string) => t.ctx.stmts.get('SELECT * FROM organizations WHERE id = ?', [orgs[key] ?? key]);
  const status = (key: string) => String(row(key)?.subscriptionStatus);
  const statuses = () => Object.fromEntries(Object.keys(orgs).map((k) => [k, status(k)]));
  const restart = async (next: BillingMode, at = now) => {
    now = at;
    t.config.billing = next;
    await t.restart();
  };
  return { t, orgs, row, status, statuses, restart, setNow: (d: Date) => (now = d) };
}

describe('billing mode at every start', () => {
  it('off: every organization becomes active, at every start (a restored row is caught too), and onboarding can finish', async () => {
    const { t, orgs, statuses, restart } = await setup('trial');
    expect(readParam(t.ctx.stmts, BILLING_MODE_PARAM)).toBe('trial');
    await restart('off');
    expect(new Set(Object.values(statuses()))).toEqual(new Set(['active']));
    expect(readParam(t.ctx.stmts, BILLING_MODE_PARAM)).toBe('off');

    // A row written behind the app's back (a restore, a superuser) is active again at the next start.
    t.ctx.stmts.run("UPDATE organizations SET subscriptionStatus = 'past_due' WHERE id = ?", [orgs.none!]);
    await restart('off');
    expect(statuses().none).toBe('active');
    // Idempotent: nothing left to do.
    expect(await reconcileBillingMode(t.ctx.engine, 'off', START)).toMatchObject({ from: 'off', activated: 0, trials: 0 });

    // The owner of the organization that never chose a plan finishes onboarding: a venue, then onboarded.
    const owner = await seed(t.ctx, 'users', {
      email: 'o@example.com',
      password: 'owner-pass-1',
      passwordConfirm: 'owner-pass-1',
      verified: true,
    });
    await seed(t.ctx, 'memberships', { organization: orgs.none, user: owner.id, role: 'owner' });
    const auth = { authorization: await tokenFor(t.ctx, 'users', String(owner.id)) };
    const venue = await t.app.inject({
      method: 'POST',
      url: '/api/collections/venues/records',
      headers: auth,
      payload: { organization: orgs.none, name: 'Café', timezone: 'UTC', primaryColor: '#112233' },
    });
    expect(venue.statusCode).toBe(200);
    const done = await t.app.inject({
      method: 'PATCH',
      url: `/api/collections/users/records/${String(owner.id)}`,
      headers: auth,
      payload: { onboardingComplete: true },
    });
    expect(done.statusCode).toBe(200);
  });

  it('off then trial: active organizations without a Stripe subscription get a trial starting now; nothing goes dark', async () => {
    const { t, row, statuses, restart } = await setup('off');
    // Every seeded status was made active at creation (off mode); the Stripe one is paid.
    expect(new Set(Object.values(statuses()))).toEqual(new Set(['active']));
    const later = new Date(START.getTime() + 100 * DAY);
    await restart('trial', later);
    const after = statuses();
    expect(after.stripePaid).toBe('active');
    for (const [key, value] of Object.entries(after)) if (key !== 'stripePaid') expect(value, key).toBe('trialing');
    const ends = (key: string) => Date.parse(String(row(key)?.trialEndsAt).replace(' ', 'T'));
    expect(ends('none')).toBe(later.getTime() + 14 * DAY);
    expect(ends('business')).toBe(later.getTime() + 30 * DAY);
    expect(row('none')?.currentPeriodEnd).toBe(row('none')?.trialEndsAt);
    expect(readParam(t.ctx.stmts, BILLING_MODE_PARAM)).toBe('trial');

    // The trial ends like any other: past_due at the hourly job, the plan page's path from there.
    await restart('trial', new Date(later.getTime() + 15 * DAY));
    expect(statuses().none).toBe('past_due');
    expect(statuses().business).toBe('trialing');
  });

  it('off then stripe: the same trial, ended by the app (not Stripe) when it runs out', async () => {
    const { t, statuses, restart } = await setup('off');
    await restart('stripe');
    expect(statuses().none).toBe('trialing');
    expect(statuses().stripePaid).toBe('active');
    expect(t.ctx.crons.has('trialExpiry')).toBe(true);
    // A Stripe-managed trial whose end passed is left to Stripe's webhook.
    t.ctx.stmts.run("UPDATE organizations SET subscriptionStatus = 'trialing', trialEndsAt = '2030-03-02 00:00:00.000Z' WHERE id = ?", [
      String(t.ctx.stmts.get("SELECT id FROM organizations WHERE stripeSubscriptionId = 'sub_123'")?.id),
    ]);
    await restart('stripe', new Date(START.getTime() + 20 * DAY));
    expect(statuses().none).toBe('past_due');
    expect(statuses().stripePaid).toBe('trialing');
  });

  it.each([
    ['trial', 'stripe'],
    ['stripe', 'trial'],
  ] as const)('%s then %s: statuses stay as they are', async (from, to) => {
    const { t, statuses, restart } = await setup(from);
    const before = statuses();
    expect(before.past_due).toBe('past_due');
    await restart(to);
    expect(statuses()).toEqual(before);
    expect(readParam(t.ctx.stmts, BILLING_MODE_PARAM)).toBe(to);
  });

  it('a database that never recorded its mode: a paid mode changes nothing, off activates', async () => {
    const { t, statuses, restart } = await setup('trial');
    t.ctx.stmts.run('DELETE FROM _params WHERE key = ?', [BILLING_MODE_PARAM]);
    const before = statuses();
    await restart('stripe');
    expect(statuses()).toEqual(before);
    t.ctx.stmts.run('DELETE FROM _params WHERE key = ?', [BILLING_MODE_PARAM]);
    await restart('off');
    expect(new Set(Object.values(statuses()))).toEqual(new Set(['active']));
  });

  it('reports what it changed', async () => {
    const { t } = await setup('trial');
    // Seven statuses plus two: all but the three active ones change.
    expect(await reconcileBillingMode(t.ctx.engine, 'off', START)).toEqual({ from: 'trial', to: 'off', activated: 6, trials: 0 });
    expect(await reconcileBillingMode(t.ctx.engine, 'trial', START)).toEqual({ from: 'off', to: 'trial', activated: 0, trials: 8 });
  });
});
