import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventSource } from 'eventsource';
import type PocketBase from 'pocketbase';
import type { RecordSubscription } from 'pocketbase';
import { OAuth2Server } from 'oauth2-mock-server';
import { buildTestApp, seed, tokenFor, type TestApp } from '../test/test-app.ts';
import { testCollections } from '../test/fixtures.ts';

/** Realtime through the official SDK, with the `eventsource` package as Node's EventSource. */
(globalThis as unknown as { EventSource: typeof EventSource }).EventSource = EventSource;

let t: TestApp;
let oauth: OAuth2Server;
let alice: Record<string, unknown>;
let bob: Record<string, unknown>;
const clients: PocketBase[] = [];

async function as(userId: string | null): Promise<PocketBase> {
  const pb = t.sdk();
  if (userId) pb.authStore.save(await tokenFor(t.ctx, 'users', userId), null);
  clients.push(pb);
  return pb;
}

/** Collects events and waits for a count (or proves none arrive). */
function collector() {
  const events: RecordSubscription[] = [];
  return {
    events,
    push: (e: RecordSubscription) => events.push(e),
    async waitFor(n: number, timeoutMs = 3000) {
      const start = Date.now();
      while (events.length < n) {
        if (Date.now() - start > timeoutMs) throw new Error(`got ${events.length} of ${n} events`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return events;
    },
  };
}

const settle = (ms = 150) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  oauth = new OAuth2Server();
  await oauth.issuer.keys.generate('RS256');
  await oauth.start(0, '127.0.0.1');
  const issuer = oauth.issuer.url as string;
  t = await buildTestApp({
    collections: testCollections,
    env: {
      OAUTH2_MOCK_CLIENT_ID: 'c', OAUTH2_MOCK_CLIENT_SECRET: 's',
      OAUTH2_MOCK_AUTH_URL: `${issuer}/authorize`, OAUTH2_MOCK_TOKEN_URL: `${issuer}/token`, OAUTH2_MOCK_USERINFO_URL: `${issuer}/userinfo`,
    },
  });
  await t.listen();
  alice = await seed(t.ctx, 'users', { email: 'alice@example.com', password: 'alice-password', passwordConfirm: 'alice-password', name: 'Alice', verified: true });
  bob = await seed(t.ctx, 'users', { email: 'bob@example.com', password: 'bob-password1', passwordConfirm: 'bob-password1', verified: true });
});

afterAll(async () => {
  for (const pb of clients) pb.realtime.unsubscribe().catch(() => undefined);
  await t.close();
  await oauth.stop();
});

describe('realtime through the official SDK', () => {
  it('delivers create, update and delete for * and for one id; unsubscribe stops them', async () => {
    const pb = await as(String(alice.id));
    const all = collector();
    const unsubscribeAll = await pb.collection('posts').subscribe('*', all.push);
    const post = await pb.collection('posts').create({ title: 'Live', author: alice.id });
    const one = collector();
    await pb.collection('posts').subscribe(post.id, one.push);
    await pb.collection('posts').update(post.id, { title: 'Live 2' });
    await pb.collection('posts').delete(post.id);
    await all.waitFor(3);
    await one.waitFor(2);
    expect(all.events.map((e) => `${e.action}:${e.record.title}`)).toEqual(['create:Live', 'update:Live 2', 'delete:Live 2']);
    expect(one.events.map((e) => e.action)).toEqual(['update', 'delete']);
    await unsubscribeAll();
    await pb.collection('posts').create({ title: 'After', author: alice.id });
    await settle();
    expect(all.events).toHaveLength(3);
    await pb.realtime.unsubscribe();
  });

  it('honours expand and fields options', async () => {
    const pb = await as(String(alice.id));
    const got = collector();
    await pb.collection('posts').subscribe('*', got.push, { expand: 'author', fields: 'id,title,expand.author.name' });
    const post = await pb.collection('posts').create({ title: 'Options', author: alice.id });
    await got.waitFor(1);
    expect(got.events[0]?.record).toEqual({ id: post.id, title: 'Options', expand: { author: { name: 'Alice' } } });
    await pb.realtime.unsubscribe();
  });

  it('sends strangers nothing the rules hide, and honours filter options', async () => {
    const pbAlice = await as(String(alice.id));
    const pbBob = await as(String(bob.id));
    const pbGuest = await as(null);
    const seenByAlice = collector();
    const seenByBob = collector();
    const seenByGuest = collector();
    const filtered = collector();
    await pbAlice.collection('posts').subscribe('*', seenByAlice.push);
    await pbBob.collection('posts').subscribe('*', seenByBob.push);
    await pbGuest.collection('posts').subscribe('*', seenByGuest.push);
    await pbGuest.collection('posts').subscribe('*', filtered.push, { filter: 'title ~ "Public"' });
    const draft = await pbAlice.collection('posts').create({ title: 'Secret draft', author: alice.id });
    await pbBob.collection('posts').subscribe(draft.id, seenByBob.push);
    await pbAlice.collection('posts').update(draft.id, { title: 'Still secret' });
    await pbAlice.collection('posts').create({ title: 'Public news', author: alice.id, published: true });
    await pbAlice.collection('posts').create({ title: 'Other news', author: alice.id, published: true });
    await seenByAlice.waitFor(4);
    await seenByGuest.waitFor(2);
    await settle();
    expect(seenByBob.events.map((e) => e.record.title)).toEqual(['Public news', 'Other news']);
    expect(seenByGuest.events.map((e) => e.record.title)).toEqual(['Public news', 'Other news']);
    expect(filtered.events.map((e) => e.record.title)).toEqual(['Public news']);
    for (const pb of [pbAlice, pbBob, pbGuest]) await pb.realtime.unsubscribe();
  });

  it('drops realtime authorisation when the password changes', async () => {
    const user = await seed(t.ctx, 'users', { email: 'carol@example.com', password: 'carol-password', passwordConfirm: 'carol-password', verified: true });
    const pb = await as(String(user.id));
    const got = collector();
    await pb.collection('posts').subscribe('*', got.push);
    await pb.collection('posts').create({ title: 'Mine', author: user.id });
    await got.waitFor(1);
    await pb.collection('users').update(String(user.id), { password: 'carol-password-2', passwordConfirm: 'carol-password-2', oldPassword: 'carol-password' });
    await t.ctx.engine.create(t.ctx.engine.collection('posts'), { data: { title: 'Mine too', author: user.id }, files: {}, fromForm: false }, t.ctx.auth.systemRequest('default'));
    await settle(300);
    expect(got.events.map((e) => e.record.title)).toEqual(['Mine']);
    await pb.realtime.unsubscribe();
  });

  it('refuses to rebind a client to another auth', async () => {
    const pb = await as(String(alice.id));
    await pb.collection('posts').subscribe('*', () => undefined);
    const clientId = pb.realtime.clientId;
    const bobToken = await tokenFor(t.ctx, 'users', String(bob.id));
    const res = await fetch(`${t.url}/api/realtime`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: bobToken }, body: JSON.stringify({ clientId, subscriptions: ['posts/*'] }) });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe("The current and the previous request authorization don't match.");
    const missing = await fetch(`${t.url}/api/realtime`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ clientId: 'nope', subscriptions: [] }) });
    expect(missing.status).toBe(404);
    const invalid = await fetch(`${t.url}/api/realtime`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ subscriptions: Array(1001).fill('x') }) });
    expect(invalid.status).toBe(400);
    await pb.realtime.unsubscribe();
  });

  it('completes the SDK all-in-one OAuth2 popup flow over the @oauth2 topic', async () => {
    oauth.service.once('beforeUserinfo', (res) => {
      res.body = { sub: 'popup-user', email: 'popup@example.com', email_verified: true, name: 'Popup' };
    });
    const pb = await as(null);
    const auth = await pb.collection('users').authWithOAuth2({
      provider: 'mock',
      // The "popup": follow the provider's redirect to our /api/oauth2-redirect.
      urlCallback: async (url) => {
        const toProvider = await fetch(url, { redirect: 'manual' });
        const back = toProvider.headers.get('location') ?? '';
        const done = await fetch(back, { redirect: 'manual' });
        expect(done.status).toBe(307);
        expect(done.headers.get('location')).toContain('oauth2-redirect-success');
      },
    });
    expect(auth.record.email).toBe('popup@example.com');
    expect(pb.authStore.isValid).toBe(true);
    const wrong = await fetch(`${t.url}/api/oauth2-redirect?state=unknown&code=x`, { redirect: 'manual' });
    expect(wrong.headers.get('location')).toContain('oauth2-redirect-failure');
  });

  it('reconnects after the server restarts and keeps receiving', async () => {
    const pb = await as(String(alice.id));
    const got = collector();
    await pb.collection('posts').subscribe('*', got.push);
    const firstClient = pb.realtime.clientId;
    await t.restart();
    const deadline = Date.now() + 8000;
    while ((pb.realtime.clientId === firstClient || !pb.realtime.isConnected) && Date.now() < deadline) await settle(50);
    expect(pb.realtime.clientId).not.toBe(firstClient);
    await settle(200);
    await pb.collection('posts').create({ title: 'After restart', author: alice.id });
    await got.waitFor(1, 5000);
    expect(got.events[0]?.record.title).toBe('After restart');
    await pb.realtime.unsubscribe();
  });
});
