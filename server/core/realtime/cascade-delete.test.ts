import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventSource } from 'eventsource';
import type PocketBase from 'pocketbase';
import type { RecordSubscription } from 'pocketbase';
import { buildTestApp, seed, superuserRequest, tokenFor, type TestApp } from '../../test/test-app.ts';
import { eventually } from '../../test/eventually.ts';

/**
 * PocketBase parity: a delete that cascades sends a `delete` event for every cascaded record to
 * every subscriber the collection's rules let see it (checked against the data as it was before
 * the delete), not only to superusers; subscribers of other organizations get nothing.
 */
(globalThis as unknown as { EventSource: typeof EventSource }).EventSource = EventSource;

let t: TestApp;
const clients: PocketBase[] = [];

interface Tenant {
  org: string;
  owner: string;
  menu: string;
  section: string;
  items: string[];
  venue: string;
}

async function tenant(email: string): Promise<Tenant> {
  const user = await seed(t.ctx, 'users', { email, password: 'password-123', passwordConfirm: 'password-123', verified: true });
  const owner = String(user.id);
  const org = String(t.ctx.stmts.get('SELECT currentOrganization AS o FROM users WHERE id = ?', [owner])?.o);
  await t.ctx.engine.update(
    t.ctx.engine.collection('organizations'),
    org,
    { data: { subscriptionStatus: 'active' }, files: {}, fromForm: false },
    superuserRequest(t.ctx),
  );
  const menu = await seed(t.ctx, 'menus', { organization: org, name: 'Menu', status: 'published' });
  const section = await seed(t.ctx, 'sections', { menu: menu.id, name: 'Mains' });
  const items = [];
  for (const name of ['Soup', 'Stew'])
    items.push(String((await seed(t.ctx, 'items', { section: section.id, name, prices: [{ label: '', amount: 500 }] })).id));
  const venue = await seed(t.ctx, 'venues', {
    organization: org,
    name: `${email} venue`,
    timezone: 'UTC',
    primaryColor: '#0f766e',
    menus: [menu.id],
  });
  return { org, owner, menu: String(menu.id), section: String(section.id), items, venue: String(venue.id) };
}

async function as(userId: string | null): Promise<PocketBase> {
  const pb = t.sdk();
  if (userId) pb.authStore.save(await tokenFor(t.ctx, 'users', userId), null);
  clients.push(pb);
  return pb;
}

function collector() {
  const events: RecordSubscription[] = [];
  return { events, push: (e: RecordSubscription) => events.push(e), seen: () => events.map((e) => `${e.action}:${e.record.id}`) };
}

beforeAll(async () => {
  t = await buildTestApp();
  await t.listen();
});

afterAll(async () => {
  for (const pb of clients) await pb.realtime.unsubscribe().catch(() => undefined);
  await t.close();
});

describe('cascade delete events', () => {
  it('an owner subscribed to items and sections gets a delete for each record of the menu they delete; another organization gets nothing', async () => {
    const a = await tenant('a@example.com');
    const b = await tenant('b@example.com');
    const editor = await seed(t.ctx, 'users', {
      email: 'editor@example.com',
      password: 'password-123',
      passwordConfirm: 'password-123',
      verified: true,
    });
    await seed(t.ctx, 'memberships', { organization: a.org, user: editor.id, role: 'editor' });
    const pbA = await as(a.owner);
    const pbEditor = await as(String(editor.id));
    const pbB = await as(b.owner);
    const pbGuest = await as(null);
    const seenByA = collector();
    const seenByEditor = collector();
    const seenByB = collector();
    const seenByGuest = collector();
    await pbA.collection('items').subscribe('*', seenByA.push);
    await pbA.collection('sections').subscribe('*', seenByA.push);
    await pbEditor.collection('items').subscribe(String(a.items[0]), seenByEditor.push, { expand: 'section.menu' });
    await pbB.collection('items').subscribe('*', seenByB.push);
    await pbB.collection('sections').subscribe('*', seenByB.push);
    await pbGuest.collection('items').subscribe('*', seenByGuest.push);
    await pbGuest.collection('plans').subscribe('*', seenByGuest.push);

    await pbA.collection('menus').delete(a.menu);
    expect(t.ctx.stmts.get('SELECT COUNT(*) AS c FROM items WHERE section = ?', [a.section])?.c).toBe(0);

    const expected = [`delete:${a.items[0]}`, `delete:${a.items[1]}`, `delete:${a.section}`];
    const gotA = await eventually(
      () => seenByA.seen(),
      (s) => s.length >= 3,
    );
    expect([...gotA].sort()).toEqual([...expected].sort());
    // A view subscription with expand still gets the parents, as they were before the delete.
    await eventually(
      () => seenByEditor.events.length,
      (n) => n >= 1,
    );
    expect(seenByEditor.seen()).toEqual([`delete:${a.items[0]}`]);
    expect(seenByEditor.events[0]?.record.expand?.section?.expand?.menu?.id).toBe(a.menu);

    // Sentinels sent after the delete: once they arrive, any delete event would have arrived first.
    await pbB.collection('items').update(String(b.items[0]), { name: 'Sentinel B' });
    const plan = t.ctx.stmts.get('SELECT id FROM plans LIMIT 1');
    await t.ctx.engine.update(
      t.ctx.engine.collection('plans'),
      String(plan?.id),
      { data: { position: 9 }, files: {}, fromForm: false },
      superuserRequest(t.ctx),
    );
    await eventually(
      () => seenByB.events.length + seenByGuest.events.length,
      (n) => n >= 2,
    );
    expect(seenByB.seen()).toEqual([`update:${b.items[0]}`]);
    expect(seenByGuest.seen()).toEqual([`update:${String(plan?.id)}`]);
    expect(seenByA.seen()).toHaveLength(3);
  });

  it('an owner deleting their organization gets the delete of its venues and items (memberships go with it)', async () => {
    const c = await tenant('c@example.com');
    const pbC = await as(c.owner);
    const seen = collector();
    await pbC.collection('venues').subscribe('*', seen.push);
    await pbC.collection('items').subscribe('*', seen.push);
    await pbC.collection('organizations').delete(c.org);
    const got = await eventually(
      () => seen.seen(),
      (s) => s.length >= 3,
    );
    expect([...got].sort()).toEqual([`delete:${c.venue}`, ...c.items.map((id) => `delete:${id}`)].sort());
  });

  it('a rolled-back delete sends nothing and leaves no stale audience behind', async () => {
    const d = await tenant('d@example.com');
    const pbD = await as(d.owner);
    const seen = collector();
    await pbD.collection('items').subscribe('*', seen.push);
    // A batch whose second write fails rolls the section's (cascading) delete back.
    const batch = pbD.createBatch();
    batch.collection('sections').delete(d.section);
    batch.collection('items').update(String(d.items[1]), { prices: 'not prices' });
    await expect(batch.send()).rejects.toMatchObject({ status: 400 });
    expect(t.ctx.stmts.get('SELECT COUNT(*) AS c FROM items WHERE section = ?', [d.section])?.c).toBe(2);
    await pbD.collection('items').update(String(d.items[0]), { name: 'Sentinel D' });
    await eventually(
      () => seen.events.length,
      (n) => n >= 1,
    );
    expect(seen.seen()).toEqual([`update:${d.items[0]}`]);
  });
});
