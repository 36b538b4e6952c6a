import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, seed, superuserRequest, tokenFor, type TestApp } from '../../test/test-app.ts';
import { expireTrials } from './subscriptions.ts';

/** Billing modes, plan limits and status transitions through the HTTP API. */
const apps: TestApp[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
});

async function setup(env: Record<string, string> = {}) {
  const t = await buildTestApp({ env });
  apps.push(t);
  const user = await seed(t.ctx, 'users', {
    email: 'owner@example.com',
    password: 'owner-password',
    passwordConfirm: 'owner-password',
    name: 'Owner',
    verified: true,
  });
  const token = await tokenFor(t.ctx, 'users', String(user.id));
  const org = String(t.ctx.stmts.get('SELECT currentOrganization AS o FROM users WHERE id = ?', [String(user.id)])?.o);
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, auth = token) =>
    t.app.inject({ method, url, payload: payload as object, headers: auth ? { authorization: auth } : {} });
  const orgRow = () => t.ctx.stmts.get('SELECT * FROM organizations WHERE id = ?', [org]);
  return { t, user, token, org, call, orgRow };
}

describe('billing', () => {
  it('seeds the plans once, readable by anyone', async () => {
    const { call } = await setup();
    const res = await call('GET', '/api/collections/plans/records?sort=position', undefined, '');
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((p: { code: string }) => p.code)).toEqual(['starter', 'pro', 'business']);
    expect(res.body).not.toContain('stripePrice');
  });

  it('trial mode: choosing a plan starts its trial; writes open up; members cannot change billing fields', async () => {
    const { call, org, orgRow, t } = await setup();
    expect(orgRow()?.subscriptionStatus).toBe('none');
    const blocked = await call('POST', '/api/collections/venues/records', {
      organization: org,
      name: 'Before',
      timezone: 'UTC',
      primaryColor: '#112233',
    });
    expect(blocked.statusCode).toBe(400);
    const direct = await call('PATCH', `/api/collections/organizations/records/${org}`, { subscriptionStatus: 'active' });
    expect(direct.statusCode).toBe(404);
    const bad = await call('POST', '/api/billing/subscribe', { plan: 'nope', interval: 'week' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data).toMatchObject({ plan: { code: 'validation_invalid_value' }, interval: { code: 'validation_in_invalid' } });
    const ok = await call('POST', '/api/billing/subscribe', { plan: 'starter', interval: 'year' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe('trialing');
    const row = orgRow();
    expect(row?.billingInterval).toBe('year');
    const days = (Date.parse(String(row?.trialEndsAt).replace(' ', 'T')) - Date.now()) / 86400000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThan(14.1);
    const venue = await call('POST', '/api/collections/venues/records', {
      organization: org,
      name: 'After',
      timezone: 'Europe/Vienna',
      primaryColor: '#112233',
    });
    expect(venue.statusCode).toBe(200);
    // Starter allows one venue: the second names the limit and the plan.
    const second = await call('POST', '/api/collections/venues/records', {
      organization: org,
      name: 'Second',
      timezone: 'UTC',
      primaryColor: '#112233',
    });
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe('Your Starter plan includes 1 venue. Upgrade your plan to add more.');
    // Cancel and resume.
    expect((await call('POST', '/api/billing/cancel')).statusCode).toBe(204);
    expect(orgRow()?.cancelAtPeriodEnd).toBe(1);
    expect((await call('POST', '/api/billing/resume')).statusCode).toBe(204);
    expect(orgRow()?.cancelAtPeriodEnd).toBe(0);
    // Expired trials become past_due: reads stay, writes stop.
    await expireTrials(t.ctx.engine, new Date(Date.now() + 15 * 86400000));
    expect(orgRow()?.subscriptionStatus).toBe('past_due');
    expect((await call('GET', '/api/collections/venues/records')).json().totalItems).toBe(1);
    const lapsed = await call('POST', '/api/collections/tags/records', { organization: org, name: 'Late' });
    expect(lapsed.statusCode).toBe(400);
  });

  it('only owners and admins manage billing', async () => {
    const { t, org, call } = await setup();
    const editor = await seed(t.ctx, 'users', {
      email: 'editor@example.com',
      password: 'editor-password',
      passwordConfirm: 'editor-password',
      verified: true,
    });
    await seed(t.ctx, 'memberships', { organization: org, user: editor.id, role: 'editor' });
    const editorToken = await tokenFor(t.ctx, 'users', String(editor.id));
    const res = await call('POST', '/api/billing/subscribe', { plan: 'pro', interval: 'month', organization: org }, editorToken);
    expect(res.statusCode).toBe(403);
    expect((await call('POST', '/api/billing/subscribe', { plan: 'pro' }, '')).statusCode).toBe(401);
  });

  it('off mode: every organization is active, and the billing routes answer only what is true', async () => {
    const { t, orgRow, call, org } = await setup({ BILLING: 'off' });
    expect(orgRow()?.subscriptionStatus).toBe('active');
    expect((await call('POST', '/api/billing/subscribe', { plan: 'pro', interval: 'month' })).json()).toEqual({ status: 'active' });
    expect((await call('POST', '/api/collections/tags/records', { organization: org, name: 'Vegan' })).statusCode).toBe(200);
    // A status set behind the app's back (a superuser, a restore): subscribe makes its answer true.
    t.ctx.stmts.run("UPDATE organizations SET subscriptionStatus = 'past_due' WHERE id = ?", [org]);
    const subscribed = await call('POST', '/api/billing/subscribe', {});
    expect(subscribed.statusCode).toBe(200);
    expect(subscribed.json()).toEqual({ status: 'active' });
    expect(orgRow()?.subscriptionStatus).toBe('active');
    // Nothing to pay, cancel or resume: a clear 400, and nothing changes.
    for (const action of ['portal', 'cancel', 'resume']) {
      const res = await call('POST', `/api/billing/${action}`);
      expect(res.statusCode, action).toBe(400);
      expect(res.json().message).toBe('Billing is off on this instance: every organization is active.');
    }
    expect(orgRow()?.cancelAtPeriodEnd).toBe(0);
    // No plans, so no plan limits: a Starter plan left from trial times limits nothing.
    const starter = String(t.ctx.stmts.get("SELECT id FROM plans WHERE code = 'starter'")?.id);
    t.ctx.stmts.run('UPDATE organizations SET plan = ? WHERE id = ?', [starter, org]);
    for (const name of ['One', 'Two']) {
      const venue = await call('POST', '/api/collections/venues/records', {
        organization: org,
        name,
        timezone: 'UTC',
        primaryColor: '#112233',
      });
      expect(venue.statusCode, name).toBe(200);
    }
  });
});

describe('billing fields change only through billing', () => {
  const fields = {
    billingInterval: 'year',
    plan: 'PLAN',
    subscriptionStatus: 'active',
    trialEndsAt: '2099-01-01 00:00:00.000Z',
    currentPeriodEnd: '2099-01-01 00:00:00.000Z',
    cancelAtPeriodEnd: true,
    stripeCustomerId: 'cus_attacker',
    stripeSubscriptionId: 'sub_attacker',
  } as const;
  const planId = (t: TestApp) => String(t.ctx.stmts.get("SELECT id FROM plans WHERE code = 'business'")?.id);

  it.each(Object.keys(fields) as Array<keyof typeof fields>)('an owner cannot set %s through the records API', async (field) => {
    const { t, call, org, orgRow } = await setup();
    const ok = await call('POST', '/api/billing/subscribe', { plan: 'starter', interval: 'month' });
    expect(ok.statusCode).toBe(200);
    const before = orgRow();
    const value = fields[field] === 'PLAN' ? planId(t) : fields[field];
    const res = await call('PATCH', `/api/collections/organizations/records/${org}`, { [field]: value, name: 'Renamed' });
    const billing = (row: Record<string, unknown> | undefined) => Object.fromEntries(Object.keys(fields).map((f) => [f, row?.[f]]));
    if (field.startsWith('stripe')) {
      // Hidden fields are ignored in a member's body (never written), as PocketBase does.
      expect(res.statusCode).toBe(200);
    } else {
      expect(res.statusCode).toBe(404);
      expect(orgRow()?.name).toBe(before?.name);
    }
    expect(billing(orgRow())).toEqual(billing(before));
    // Nor when creating an organization.
    const created = await call('POST', '/api/collections/organizations/records', { name: 'Second', [field]: value });
    expect(created.statusCode).toBe(400);
    expect(t.ctx.stmts.get("SELECT COUNT(*) AS c FROM organizations WHERE name = 'Second'")?.c).toBe(0);
  });

  it('a superuser may set them; members still edit the other fields', async () => {
    const { t, call, org, orgRow } = await setup();
    await t.ctx.engine.update(
      t.ctx.engine.collection('organizations'),
      org,
      { data: { billingInterval: 'year', stripeCustomerId: 'cus_real' }, files: {}, fromForm: false },
      superuserRequest(t.ctx),
    );
    expect(orgRow()).toMatchObject({ billingInterval: 'year', stripeCustomerId: 'cus_real' });
    const rename = await call('PATCH', `/api/collections/organizations/records/${org}`, { name: 'Renamed', currency: 'USD' });
    expect(rename.statusCode).toBe(200);
    expect(orgRow()).toMatchObject({ name: 'Renamed', billingInterval: 'year', stripeCustomerId: 'cus_real' });
  });
});
