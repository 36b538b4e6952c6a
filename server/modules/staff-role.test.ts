import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientResponseError } from 'pocketbase';
import type PocketBase from 'pocketbase';
import { buildTestApp, seed, tokenFor, type TestApp } from '../test/test-app.ts';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink.ts';
import { collector } from '../test/realtime-collector.ts';
import { EventSource } from 'eventsource';

(globalThis as unknown as { EventSource: typeof EventSource }).EventSource = EventSource;

/**
 * The floor-staff role end to end: an owner invites a member as staff for one venue, the invitee
 * signs up and accepts the emailed link, and then works through the official SDK on the
 * listening app: availability at their venue only, nothing else. (The full role × collection ×
 * action matrix is in tenancy.test.ts.)
 */

let smtp: SmtpSink;
let t: TestApp;
let org = '';
let ownerToken = '';
const ids = {
  v1: 'staffvenue00001',
  v2: 'staffvenue00002',
  m1: 'staffmenu000001',
  m2: 'staffmenu000002',
  i1: 'staffitem000001',
  i2: 'staffitem000002',
};
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, auth: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: auth ? { authorization: auth } : {} });

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await buildTestApp({ env: { SMTP_URL: smtp.url, APP_URL: 'https://menu.example.com' } });
  await t.listen();
  const owner = await seed(t.ctx, 'users', {
    email: 'owner@example.com',
    password: 'password-123',
    passwordConfirm: 'password-123',
    name: 'Olivia Owner',
    verified: true,
  });
  org = String(owner.currentOrganization);
  ownerToken = await tokenFor(t.ctx, 'users', String(owner.id));
  const su = t.ctx.engine.systemRequest();
  await t.ctx.engine.update(
    t.ctx.engine.collection('organizations'),
    org,
    { data: { name: 'Trattoria Uno', subscriptionStatus: 'active' }, files: {}, fromForm: false },
    su,
  );
  for (const n of [1, 2] as const) {
    const menu = ids[`m${n}`];
    await seed(t.ctx, 'menus', { id: menu, organization: org, name: `Menu ${n}`, status: 'published' });
    const section = await seed(t.ctx, 'sections', { menu, name: `Section ${n}` });
    await seed(t.ctx, 'items', { id: ids[`i${n}`], section: section.id, name: `Risotto ${n}`, prices: [{ label: '', amount: 950 }] });
    await seed(t.ctx, 'venues', {
      id: ids[`v${n}`],
      organization: org,
      name: `Venue ${n}`,
      timezone: 'Europe/Vienna',
      primaryColor: '#112233',
      menus: [menu],
    });
  }
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('inviting floor staff', () => {
  it('refuses venues for other roles and venues of another organization', async () => {
    const other = await seed(t.ctx, 'users', {
      email: 'other@example.com',
      password: 'password-123',
      passwordConfirm: 'password-123',
      verified: true,
    });
    const foreignVenue = await seed(t.ctx, 'venues', {
      organization: String(other.currentOrganization),
      name: 'Elsewhere',
      timezone: 'Europe/Vienna',
      primaryColor: '#112233',
    });
    const editor = await call('POST', `/api/organizations/${org}/invitations`, ownerToken, {
      email: 'e@example.com',
      role: 'editor',
      venues: [ids.v1],
    });
    expect(editor.statusCode).toBe(400);
    expect(editor.json().data.venues.code).toBe('validation_invalid_value');
    const foreign = await call('POST', `/api/organizations/${org}/invitations`, ownerToken, {
      email: 'f@example.com',
      role: 'staff',
      venues: [String(foreignVenue.id)],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().data.venues.code).toBe('validation_missing_rel_records');
    const malformed = await call('POST', `/api/organizations/${org}/invitations`, ownerToken, {
      email: 'g@example.com',
      role: 'staff',
      venues: 'all',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().data.venues.code).toBe('validation_invalid_value');
    expect(
      t.ctx.stmts.get("SELECT COUNT(*) AS n FROM invitations WHERE email IN ('e@example.com', 'f@example.com', 'g@example.com')")?.n,
    ).toBe(0);
  });

  it('carries the role and venues from the invitation to the membership, and the members list shows them', async () => {
    const res = await call('POST', `/api/organizations/${org}/invitations`, ownerToken, {
      email: 'waiter@example.com',
      role: 'staff',
      venues: [ids.v1],
    });
    expect(res.statusCode).toBe(200);
    const pending = await call('GET', `/api/organizations/${org}/invitations`, ownerToken);
    expect(pending.json()).toEqual([expect.objectContaining({ email: 'waiter@example.com', role: 'staff', venues: [ids.v1] })]);
    const mail = await smtp.waitFor((m) => m.to.includes('waiter@example.com'));
    const token = /https:\/\/menu\.example\.com\/sign-up\?invite=([\w-]+)/.exec(mail.text)?.[1] ?? '';
    expect(token).not.toBe('');

    const signUp = await call('POST', '/api/collections/users/records', '', {
      email: 'waiter@example.com',
      password: 'password-123',
      passwordConfirm: 'password-123',
      name: 'Walter Waiter',
    });
    expect(signUp.statusCode).toBe(200);
    const waiterId = String(signUp.json().id);
    const accepted = await call('POST', `/api/invitations/${token}/accept`, await tokenFor(t.ctx, 'users', waiterId));
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ organizationId: org, organizationName: 'Trattoria Uno', role: 'staff' });

    const members = await call('GET', `/api/organizations/${org}/members`, ownerToken);
    expect(members.json()).toContainEqual(expect.objectContaining({ userId: waiterId, role: 'staff', venues: [ids.v1] }));
  });

  it('lets the owner change the assigned venues, and clears them when the role changes', async () => {
    const row = t.ctx.stmts.get("SELECT m.id AS id FROM memberships m JOIN users u ON u.id = m.user WHERE u.email = 'waiter@example.com'");
    const id = String(row?.id);
    const both = await call('PATCH', `/api/collections/memberships/records/${id}`, ownerToken, { venues: [ids.v1, ids.v2] });
    expect(both.statusCode).toBe(200);
    expect(both.json().venues).toEqual([ids.v1, ids.v2]);
    const back = await call('PATCH', `/api/collections/memberships/records/${id}`, ownerToken, { venues: [ids.v1] });
    expect(back.json().venues).toEqual([ids.v1]);
  });
});

describe('a staff member through the official SDK', () => {
  let pb: PocketBase;
  const refused = async (p: Promise<unknown>): Promise<number> => {
    try {
      await p;
    } catch (err) {
      if (err instanceof ClientResponseError) return err.status;
      throw err;
    }
    return 200;
  };

  beforeAll(async () => {
    pb = t.sdk();
    await pb.collection('users').authWithPassword('waiter@example.com', 'password-123');
  });

  it('reads the assigned venue and what it shows, and nothing of the other venue', async () => {
    const venues = await pb.collection('venues').getFullList();
    expect(venues.map((v) => v.id)).toEqual([ids.v1]);
    const items = await pb.collection('items').getFullList();
    expect(items.map((i) => i.id)).toEqual([ids.i1]);
    const menus = await pb.collection('menus').getFullList();
    expect(menus.map((m) => m.id)).toEqual([ids.m1]);
    expect(await refused(pb.collection('venues').getOne(ids.v2))).toBe(404);
    expect(await refused(pb.collection('items').getOne(ids.i2))).toBe(404);
  });

  it('toggles availability at the assigned venue: first toggle creates the override, the next updates it', async () => {
    const created = await pb
      .collection('venue_items')
      .create({ venue: ids.v1, item: ids.i1, available: false, soldOutUntil: '2030-01-01 21:00:00.000Z' });
    expect(created).toMatchObject({ available: false, soldOutUntil: '2030-01-01 21:00:00.000Z', prices: null });
    const back = await pb.collection('venue_items').update(created.id, { available: true, soldOutUntil: '' });
    expect(back).toMatchObject({ available: true, soldOutUntil: '' });
    // The guest page of the venue reads the same override (checked by the owner's view of it).
    const seen = await call('GET', `/api/collections/venue_items/records/${created.id}`, ownerToken);
    expect(seen.json()).toMatchObject({ available: true, venue: ids.v1 });
  });

  it('cannot toggle availability at another venue, nor change prices or names anywhere', async () => {
    expect(await refused(pb.collection('venue_items').create({ venue: ids.v2, item: ids.i2, available: false }))).toBe(400);
    // An item of the other venue's menu, at the assigned venue: not on its menus.
    expect(await refused(pb.collection('venue_items').create({ venue: ids.v1, item: ids.i2, available: false }))).toBe(400);
    const override = await pb.collection('venue_items').getFirstListItem(`venue = "${ids.v1}"`);
    expect(await refused(pb.collection('venue_items').update(override.id, { prices: [{ label: '', amount: 1 }] }))).toBe(404);
    expect(await refused(pb.collection('venue_items').delete(override.id))).toBe(404);
    expect(await refused(pb.collection('items').update(ids.i1, { prices: [{ label: '', amount: 1 }] }))).toBe(404);
    expect(await refused(pb.collection('items').update(ids.i1, { name: 'Renamed' }))).toBe(404);
    expect(await refused(pb.collection('items').update(ids.i1, { available: false }))).toBe(404);
    expect(await refused(pb.collection('venues').update(ids.v1, { name: 'Renamed' }))).toBe(404);
    expect(await refused(pb.collection('menus').update(ids.m1, { name: 'Renamed' }))).toBe(404);
    expect(await refused(pb.collection('organizations').update(org, { name: 'Renamed' }))).toBe(404);
    const item = await call('GET', `/api/collections/items/records/${ids.i1}`, ownerToken);
    expect(item.json()).toMatchObject({ name: 'Risotto 1', available: true, prices: [{ label: '', amount: 950 }] });
  });

  it("receives live availability changes of the assigned venue, and none of another venue's", async () => {
    const events = collector();
    await pb.collection('venue_items').subscribe('*', events.push);
    const override = await pb.collection('venue_items').getFirstListItem(`venue = "${ids.v1}"`);
    // First a change at the other venue (must not arrive), then one at the assigned venue: events
    // of one client arrive in order, so once the second is there the first would have been too.
    const elsewhere = await call('POST', '/api/collections/venue_items/records', ownerToken, {
      venue: ids.v2,
      item: ids.i2,
      available: false,
    });
    expect(elsewhere.statusCode).toBe(200);
    const here = await call('PATCH', `/api/collections/venue_items/records/${override.id}`, ownerToken, { available: false });
    expect(here.statusCode).toBe(200);
    await events.waitUntil((e) => e.record.id === override.id && e.record.available === false);
    expect(events.events.map((e) => e.record.venue)).toEqual([ids.v1]);
    await pb.collection('venue_items').unsubscribe('*');
  });

  it('cannot read billing, members, tags or uploads', async () => {
    for (const path of ['/api/billing/portal', '/api/billing/cancel', '/api/billing/subscribe']) {
      expect(await refused(pb.send(path, { method: 'POST', body: { organization: org } }))).toBe(403);
    }
    expect(await refused(pb.send(`/api/organizations/${org}/members`, {}))).toBe(403);
    expect(await refused(pb.send(`/api/analytics/guests?organization=${org}`, {}))).toBe(403);
    expect(await refused(pb.send(`/api/venues/${ids.v1}/print-kit?from=1&to=2`, {}))).toBe(404);
    expect((await pb.collection('tags').getList()).totalItems).toBe(0);
    expect((await pb.collection('menu_uploads').getList()).totalItems).toBe(0);
    const memberships = await pb.collection('memberships').getFullList({ filter: `organization = "${org}"` });
    expect(memberships.map((m) => m.role)).toEqual(['staff']);
  });
});
