import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventSource } from 'eventsource';
import type PocketBase from 'pocketbase';
import type { RecordSubscription } from 'pocketbase';
import { OAuth2Server } from 'oauth2-mock-server';
import { buildTestApp, seed, tokenFor, type TestApp } from '../test/test-app.ts';
import { testCollections } from '../test/fixtures.ts';
import { collector } from '../test/realtime-collector.ts';

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

const titles = (events: RecordSubscription[]) => events.map((e) => e.record.title);

/** Resolves with `promise`, or fails after `ms` naming what did not happen. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

beforeAll(async () => {
  oauth = new OAuth2Server();
  await oauth.issuer.keys.generate('RS256');
  await oauth.start(0, '127.0.0.1');
  const issuer = oauth.issuer.url as string;
  t = await buildTestApp({
    collections: testCollections,
    env: {
      OAUTH2_MOCK_CLIENT_ID: 'c',
      OAUTH2_MOCK_CLIENT_SECRET: 's',
      OAUTH2_MOCK_AUTH_URL: `${issuer}/authorize`,
      OAUTH2_MOCK_TOKEN_URL: `${issuer}/token`,
      OAUTH2_MOCK_USERINFO_URL: `${issuer}/userinfo`,
    },
  });
  await t.listen();
  alice = await seed(t.ctx, 'users', {
    email: 'alice@example.com',
    password: 'alice-password',
    passwordConfirm: 'alice-password',
    name: 'Alice',
    verified: true,
  });
  bob = await seed(t.ctx, 'users', {
    email: 'bob@example.com',
    password: 'bob-password1',
    passwordConfirm: 'bob-password1',
    verified: true,
  });
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
    // Sentinel on the same stream: a post watched by id, changed after the one that must not arrive.
    const marker = await pb.collection('posts').create({ title: 'Marker', author: alice.id });
    const sentinel = collector();
    await pb.collection('posts').subscribe(marker.id, sentinel.push);
    await pb.collection('posts').create({ title: 'After', author: alice.id });
    await pb.collection('posts').update(marker.id, { title: 'Marker 2' });
    await sentinel.waitFor(1);
    expect(all.events).toHaveLength(3);
    expect(titles(sentinel.events)).toEqual(['Marker 2']);
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
    // Sentinel: a last post every subscription may see; once it is in, nothing earlier is on its way.
    await pbAlice.collection('posts').create({ title: 'Public sentinel', author: alice.id, published: true });
    for (const c of [seenByAlice, seenByBob, seenByGuest, filtered]) await c.waitUntil((e) => e.record.title === 'Public sentinel');
    expect(titles(seenByAlice.events)).toEqual(['Secret draft', 'Still secret', 'Public news', 'Other news', 'Public sentinel']);
    expect(titles(seenByBob.events)).toEqual(['Public news', 'Other news', 'Public sentinel']);
    expect(titles(seenByGuest.events)).toEqual(['Public news', 'Other news', 'Public sentinel']);
    expect(titles(filtered.events)).toEqual(['Public news', 'Public sentinel']);
    for (const pb of [pbAlice, pbBob, pbGuest]) await pb.realtime.unsubscribe();
  });

  it('drops realtime authorisation when the password changes', async () => {
    const user = await seed(t.ctx, 'users', {
      email: 'carol@example.com',
      password: 'carol-password',
      passwordConfirm: 'carol-password',
      verified: true,
    });
    const pb = await as(String(user.id));
    const got = collector();
    await pb.collection('posts').subscribe('*', got.push);
    await pb.collection('posts').create({ title: 'Mine', author: user.id });
    await got.waitFor(1);
    await pb
      .collection('users')
      .update(String(user.id), { password: 'carol-password-2', passwordConfirm: 'carol-password-2', oldPassword: 'carol-password' });
    const create = (data: Record<string, unknown>) =>
      t.ctx.engine.create(t.ctx.engine.collection('posts'), { data, files: {}, fromForm: false }, t.ctx.auth.systemRequest('default'));
    await create({ title: 'Mine too', author: user.id });
    // Sentinel: a public post, which the stream (now a guest's) still receives, after the private one.
    await create({ title: 'Public after', author: user.id, published: true });
    await got.waitUntil((e) => e.record.title === 'Public after');
    expect(titles(got.events)).toEqual(['Mine', 'Public after']);
    await pb.realtime.unsubscribe();
  });

  it('refuses to rebind a client to another auth', async () => {
    const pb = await as(String(alice.id));
    await pb.collection('posts').subscribe('*', () => undefined);
    const clientId = pb.realtime.clientId;
    const bobToken = await tokenFor(t.ctx, 'users', String(bob.id));
    const res = await fetch(`${t.url}/api/realtime`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: bobToken },
      body: JSON.stringify({ clientId, subscriptions: ['posts/*'] }),
    });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe("The current and the previous request authorization don't match.");
    const missing = await fetch(`${t.url}/api/realtime`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ clientId: 'nope', subscriptions: [] }),
    });
    expect(missing.status).toBe(404);
    const invalid = await fetch(`${t.url}/api/realtime`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ subscriptions: Array(1001).fill('x') }),
    });
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
    // The SDK calls PB_CONNECT listeners once it has resubmitted its subscriptions on the new stream.
    let onReconnect = () => undefined as void;
    const resubscribed = new Promise<void>((resolve) => {
      onReconnect = resolve;
    });
    await pb.realtime.subscribe('PB_CONNECT', () => {
      if (pb.realtime.clientId !== firstClient) onReconnect();
    });
    await t.restart();
    await within(resubscribed, 8000, 'the SDK did not reconnect and resubscribe');
    expect(pb.realtime.clientId).not.toBe(firstClient);
    await pb.collection('posts').create({ title: 'After restart', author: alice.id });
    await got.waitFor(1, 5000);
    expect(got.events[0]?.record.title).toBe('After restart');
    await pb.realtime.unsubscribe();
  });
});
