import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventSource } from 'eventsource';
import type { LightMyRequestResponse } from 'fastify';
import { activeOwner, buildTestApp, seed, superuserRequest, type TestApp } from '../../test/test-app.ts';
import { eventually } from '../../test/eventually.ts';
import { ENTITLEMENTS, PLAN_FEATURE_REQUIRED, PLAN_FEATURES, PLAN_LIMITS, type Entitlement } from '../../../shared/plan-features.ts';
import { DEFAULT_PLANS } from './plans-seed.ts';

/**
 * Plans enforce what they sell (issue 20, item 7): every entitlement of the pricing-table map is
 * refused to an organization whose plan lacks it (a 403 naming the cheapest plan that has it, with
 * `plan_feature_required` in `data`), allowed with it, and allowed to everyone with BILLING=off.
 * Orgs are made through the real app; plans are the seeded ones.
 */
interface Org {
  org: string;
  token: string;
  venue: string;
  slug: string;
  menu: string;
  item: string;
  /** A co-member (admin) whose role the owner changes. */
  membership: string;
}

/** Starts 2026-11-25 12:00 UTC, a Wednesday: 13:00 in Berlin. */
const now = new Date('2026-11-25T12:00:00.000Z');
/** Breakfast only: Wednesday 07:00–10:00 (off at 13:00). */
const BREAKFAST = [{ day: 3, start: '07:00', end: '10:00' }];

async function orgOn(t: TestApp, name: string, plan: string | null): Promise<Org> {
  const owner = await activeOwner(t.ctx, `${name}@example.com`);
  const planId = plan ? String(t.ctx.stmts.get('SELECT id FROM plans WHERE code = ?', [plan])?.id) : '';
  await t.ctx.engine.update(
    t.ctx.engine.collection('organizations'),
    owner.org,
    { data: { plan: planId }, files: {}, fromForm: false },
    superuserRequest(t.ctx),
  );
  const menu = await seed(t.ctx, 'menus', { organization: owner.org, name: 'Lunch', status: 'published', languages: ['en'] });
  const section = await seed(t.ctx, 'sections', { menu: menu.id, name: 'Mains' });
  const item = await seed(t.ctx, 'items', { section: section.id, name: 'Soup', prices: [{ label: '', amount: 700 }] });
  const venue = await seed(t.ctx, 'venues', {
    organization: owner.org,
    name: name,
    slug: name,
    timezone: 'Europe/Berlin',
    primaryColor: '#0f766e',
    currency: 'EUR',
    menus: [menu.id],
  });
  const colleague = await seed(t.ctx, 'users', {
    email: `${name}-colleague@example.com`,
    password: 'colleague-pass-1',
    passwordConfirm: 'colleague-pass-1',
    verified: true,
  });
  const membership = await seed(t.ctx, 'memberships', { organization: owner.org, user: colleague.id, role: 'admin' });
  return {
    org: owner.org,
    token: owner.token,
    venue: String(venue.id),
    slug: name,
    menu: String(menu.id),
    item: String(item.id),
    membership: String(membership.id),
  };
}

const call = (t: TestApp, o: Org, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: { authorization: o.token }, ...(payload ? { payload } : {}) });

/** Listens to guest topics on one stream, as open guest pages do (one stream: its frames keep their order). */
async function listen(t: TestApp, topics: string[]) {
  const events: { topic: string; data: unknown }[] = [];
  const es = new EventSource(`${t.url}/api/realtime`);
  await new Promise<void>((resolve) => {
    es.addEventListener('PB_CONNECT', (e) => {
      void fetch(`${t.url}/api/realtime`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ clientId: e.lastEventId, subscriptions: topics }),
      }).then(() => resolve());
    });
  });
  for (const topic of topics) es.addEventListener(topic, (e) => events.push({ topic, data: JSON.parse(e.data) }));
  return { events, close: () => es.close() };
}

const soldOut = (t: TestApp, o: Org, available: boolean) =>
  t.ctx.engine.update(
    t.ctx.engine.collection('items'),
    o.item,
    { data: { available }, files: {}, fromForm: false },
    superuserRequest(t.ctx),
  );

/**
 * How each entitlement is refused: a request that must answer the 403 (or, for live updates,
 * which have no request of their own, what the page and the public topic must not give). `Record`
 * makes a new key of ENTITLEMENTS fail to compile until it has its case here.
 */
const ENFORCEMENT: Record<
  Entitlement,
  { refused: (t: TestApp, o: Org) => Promise<LightMyRequestResponse | null>; allowed: (t: TestApp, o: Org) => Promise<void> }
> = {
  schedules: {
    refused: (t, o) => call(t, o, 'PATCH', `/api/collections/menus/records/${o.menu}`, { schedule: BREAKFAST }),
    allowed: async (t, o) => {
      const res = await call(t, o, 'PATCH', `/api/collections/menus/records/${o.menu}`, { schedule: BREAKFAST });
      expect(res.statusCode, res.body).toBe(200);
      await call(t, o, 'PATCH', `/api/collections/menus/records/${o.menu}`, { schedule: [] });
    },
  },
  analytics: {
    refused: (t, o) => call(t, o, 'GET', `/api/analytics/guests?organization=${o.org}`),
    allowed: async (t, o) => {
      expect((await call(t, o, 'GET', `/api/analytics/guests?organization=${o.org}`)).statusCode).toBe(200);
      expect((await call(t, o, 'GET', `/api/analytics/guests.csv?organization=${o.org}`)).statusCode).toBe(200);
    },
  },
  teamRoles: {
    refused: (t, o) =>
      call(t, o, 'POST', `/api/organizations/${o.org}/invitations`, { email: `editor-${o.org}@example.com`, role: 'editor' }),
    allowed: async (t, o) => {
      const invite = await call(t, o, 'POST', `/api/organizations/${o.org}/invitations`, {
        email: `ed-${o.org}@example.com`,
        role: 'editor',
      });
      expect(invite.statusCode, invite.body).toBe(200);
      const change = await call(t, o, 'PATCH', `/api/collections/memberships/records/${o.membership}`, { role: 'editor' });
      expect(change.statusCode, change.body).toBe(200);
      await call(t, o, 'PATCH', `/api/collections/memberships/records/${o.membership}`, { role: 'admin' });
    },
  },
  liveSoldOut: {
    // No request to refuse: the page ships no live script and nothing is published (proved below).
    refused: async (t, o) => {
      const page = await t.app.inject({ method: 'GET', url: `/m/${o.slug}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('EventSource');
      return null;
    },
    allowed: async (t, o) => {
      const page = await t.app.inject({ method: 'GET', url: `/m/${o.slug}` });
      expect(page.body).toContain('EventSource');
    },
  },
};

describe('with billing (trial mode)', () => {
  let t: TestApp;
  const orgs: Record<'starter' | 'pro' | 'business' | 'none', Org> = {} as never;

  beforeAll(async () => {
    t = await buildTestApp({ now: () => now });
    await t.listen();
    orgs.starter = await orgOn(t, 'starter-org', 'starter');
    orgs.pro = await orgOn(t, 'pro-org', 'pro');
    orgs.business = await orgOn(t, 'business-org', 'business');
    orgs.none = await orgOn(t, 'planless-org', null);
  });
  afterAll(() => t.close());

  it('stores the seeded plans with the entitlements and limits the map lists', () => {
    const stored = t.ctx.stmts.all('SELECT code, limits, entitlements FROM plans ORDER BY position');
    expect(stored.map((p) => ({ code: p.code, entitlements: JSON.parse(String(p.entitlements)) }))).toEqual(
      DEFAULT_PLANS.map((p) => ({ code: p.code, entitlements: p.entitlements })),
    );
  });

  /**
   * The plan data against the map: every feature a plan sells is a line of the map, every
   * entitlement line is refused where the plan lacks it (and allowed where it has it), every limit
   * line is a count every plan states.
   */
  describe('every line of the pricing table is enforced or a limit', () => {
    const sold = new Set(DEFAULT_PLANS.flatMap((p) => p.entitlements));
    it('lists every entitlement a plan sells, and sells nothing outside the map', () => {
      const lines = PLAN_FEATURES.filter((l) => l.kind === 'entitlement').map((l) => l.key);
      expect([...sold].filter((e) => !lines.includes(e))).toEqual([]);
      expect([...lines].sort()).toEqual([...ENTITLEMENTS].sort());
      for (const plan of DEFAULT_PLANS) expect(Object.keys(plan.limits).sort()).toEqual([...PLAN_LIMITS].sort());
      expect(PLAN_FEATURES.filter((l) => l.kind === 'limit').map((l) => l.key)).toEqual([...PLAN_LIMITS]);
    });

    it.each(PLAN_FEATURES.filter((l) => l.kind === 'entitlement').map((l) => l.key as Entitlement))(
      '%s: refused without it, naming the cheapest plan that has it; allowed with it',
      async (feature) => {
        const cheapest = DEFAULT_PLANS.find((p) => p.entitlements.includes(feature));
        const without = DEFAULT_PLANS.filter((p) => !p.entitlements.includes(feature)).map((p) => p.code);
        expect(cheapest, `no plan sells ${feature}`).toBeDefined();
        expect(without.length, `every plan has ${feature}: nothing to enforce, it belongs under EVERY_PLAN`).toBeGreaterThan(0);
        for (const code of without) {
          const res = await ENFORCEMENT[feature].refused(t, orgs[code as 'starter' | 'pro']);
          if (!res) continue;
          expect(res.statusCode, res.body).toBe(403);
          const envelope = res.json();
          expect(envelope.status).toBe(403);
          expect(envelope.message).toMatch(new RegExp(`are part of the ${cheapest?.name} plan\\.$`));
          const field = Object.values(envelope.data as Record<string, { code: string; params: unknown }>)[0];
          expect(field).toMatchObject({
            code: PLAN_FEATURE_REQUIRED,
            params: { feature, plan: cheapest?.code, planName: cheapest?.name },
          });
        }
        await ENFORCEMENT[feature].allowed(t, orgs.business);
        // No plan at all (e.g. activated by a superuser): not limited, as the count limits.
        await ENFORCEMENT[feature].allowed(t, orgs.none);
      },
    );
  });

  describe('scheduled menus', () => {
    it('says it in the contract envelope with the field that was refused', async () => {
      const res = await call(t, orgs.starter, 'PATCH', `/api/collections/menus/records/${orgs.starter.menu}`, { schedule: BREAKFAST });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        status: 403,
        message: 'Scheduled menus are part of the Pro plan.',
        data: {
          schedule: {
            code: PLAN_FEATURE_REQUIRED,
            message: 'Scheduled menus are part of the Pro plan.',
            params: { feature: 'schedules', plan: 'pro', planName: 'Pro' },
          },
        },
      });
      const stored = t.ctx.stmts.get('SELECT schedule FROM menus WHERE id = ?', [orgs.starter.menu])?.schedule;
      expect(stored === null || stored === '[]' || stored === '').toBe(true);
    });

    it('refuses a new menu with a schedule, allows one without, and clearing', async () => {
      const post = (schedule: unknown) =>
        call(t, orgs.starter, 'POST', '/api/collections/menus/records', { organization: orgs.starter.org, name: 'Brunch', schedule });
      expect((await post(BREAKFAST)).statusCode).toBe(403);
      const plain = await post([]);
      expect(plain.statusCode, plain.body).toBe(200);
      expect((await post(null)).statusCode).toBe(200);
    });

    it('after a downgrade keeps the stored schedule, lets other edits through, and the guest page ignores it', async () => {
      const o = orgs.pro;
      const page = async () => (await t.app.inject({ method: 'GET', url: `/m/${o.slug}?lang=en` })).body;
      expect((await call(t, o, 'PATCH', `/api/collections/menus/records/${o.menu}`, { schedule: BREAKFAST })).statusCode).toBe(200);
      // On Pro at 13:00 the breakfast menu is "later", not on the page.
      expect(await page()).not.toContain('id="i-' + o.item);
      const starter = String(t.ctx.stmts.get("SELECT id FROM plans WHERE code = 'starter'")?.id);
      await t.ctx.engine.update(
        t.ctx.engine.collection('organizations'),
        o.org,
        { data: { plan: starter }, files: {}, fromForm: false },
        superuserRequest(t.ctx),
      );
      const rename = await call(t, o, 'PATCH', `/api/collections/menus/records/${o.menu}`, { name: 'Breakfast' });
      expect(rename.statusCode, rename.body).toBe(200);
      expect(rename.json().schedule).toEqual(BREAKFAST);
      // Saving the same schedule again (a form that sends every field) is no new schedule.
      expect((await call(t, o, 'PATCH', `/api/collections/menus/records/${o.menu}`, { schedule: BREAKFAST })).statusCode).toBe(200);
      const changed = [{ day: 3, start: '07:00', end: '11:00' }];
      expect((await call(t, o, 'PATCH', `/api/collections/menus/records/${o.menu}`, { schedule: changed })).statusCode).toBe(403);
      // The schedule no longer applies: the menu is on now.
      expect(await page()).toContain('id="i-' + o.item);
      const pro = String(t.ctx.stmts.get("SELECT id FROM plans WHERE code = 'pro'")?.id);
      await t.ctx.engine.update(
        t.ctx.engine.collection('organizations'),
        o.org,
        { data: { plan: pro }, files: {}, fromForm: false },
        superuserRequest(t.ctx),
      );
      expect(await page()).not.toContain('id="i-' + o.item);
      await call(t, o, 'PATCH', `/api/collections/menus/records/${o.menu}`, { schedule: [] });
    });
  });

  describe('team roles', () => {
    it('lets every plan invite owners and admins, and refuses making a member an editor without it', async () => {
      const o = orgs.pro;
      const admin = await call(t, o, 'POST', `/api/organizations/${o.org}/invitations`, { email: 'new-admin@example.com', role: 'admin' });
      expect(admin.statusCode, admin.body).toBe(200);
      const change = await call(t, o, 'PATCH', `/api/collections/memberships/records/${o.membership}`, { role: 'editor' });
      expect(change.statusCode).toBe(403);
      expect(change.json().message).toBe('Team roles are part of the Business plan.');
      expect(change.json().data.role.code).toBe(PLAN_FEATURE_REQUIRED);
      expect(t.ctx.stmts.get('SELECT role FROM memberships WHERE id = ?', [o.membership])?.role).toBe('admin');
      const invite = await call(t, o, 'POST', `/api/organizations/${o.org}/invitations`, {
        email: 'new-editor@example.com',
        role: 'editor',
      });
      expect(invite.json().data.role.params).toEqual({ feature: 'teamRoles', plan: 'business', planName: 'Business' });
      expect(t.ctx.stmts.get("SELECT COUNT(*) AS c FROM invitations WHERE email = 'new-editor@example.com'")?.c).toBe(0);
    });
  });

  describe('guest analytics', () => {
    it('refuses the JSON and the CSV without it', async () => {
      const o = orgs.starter;
      for (const url of [`/api/analytics/guests?organization=${o.org}`, `/api/analytics/guests.csv?organization=${o.org}`]) {
        const res = await call(t, o, 'GET', url);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('Guest analytics are part of the Pro plan.');
      }
    });
  });

  describe('live sold-out updates', () => {
    it('publishes nothing for an organization without them; its page shows the state on reload', async () => {
      const stream = await listen(t, [`guest/${orgs.starter.venue}`, `guest/${orgs.pro.venue}`]);
      try {
        await soldOut(t, orgs.starter, false);
        // Sentinel: the Pro venue's change comes after on the same stream; once it arrived, the Starter one would have too.
        await soldOut(t, orgs.pro, false);
        await eventually(
          () => stream.events.length,
          (n) => n >= 1,
        );
        expect(stream.events.map((e) => e.topic)).toEqual([`guest/${orgs.pro.venue}`]);
        const page = await t.app.inject({ method: 'GET', url: `/m/${orgs.starter.slug}?lang=en` });
        expect(page.body).toMatch(new RegExp(`<li class="i[^"]*out[^"]*" id="i-${orgs.starter.item}"`));
        expect(page.body).not.toContain('EventSource');
      } finally {
        stream.close();
        await soldOut(t, orgs.starter, true);
        await soldOut(t, orgs.pro, true);
      }
    });
  });
});

describe('BILLING=off (self-hosted)', () => {
  let t: TestApp;
  let o: Org;
  beforeAll(async () => {
    t = await buildTestApp({ now: () => now, env: { BILLING: 'off' } });
    await t.listen();
    // Even a Starter plan left on the organization (from a time with billing) limits nothing.
    o = await orgOn(t, 'selfhosted', 'starter');
  });
  afterAll(() => t.close());

  it.each([...ENTITLEMENTS])('%s is included', async (feature) => {
    await ENFORCEMENT[feature].allowed(t, o);
  });
});
