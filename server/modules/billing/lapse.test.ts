import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventSource } from 'eventsource';
import { eventually } from '../../test/eventually.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';
import { buildTestApp, seed, tokenFor, type TestApp } from '../../test/test-app.ts';
import { ROOT, rootEnv } from '../../test/sdk-clients.ts';

/**
 * Acceptance of "a lapse never breaks a printed QR code", through HTTP with an injected clock:
 * trial mode, an organization with a published menu; its trial ends, the crons run, guests keep
 * the menu through the grace period, then get the friendly 503 page; reactivation brings the menu
 * back at once. Owners get the 3-day, 1-day and lapsed emails once each (a real SMTP sink).
 */
const DAY = 86_400_000;
const HOUR = 3_600_000;
let clock = new Date('2025-06-02T09:30:00.000Z');
let t: TestApp;
let sink: SmtpSink;
let org = '';
let ownerId = '';
let menuId = '';
let itemId = '';
let venueId = '';
let trialEnd = new Date(0);
const SLUG = 'trattoria-lapse';
const OWNER = 'owner@example.com';

const at = (ms: number) => {
  clock = new Date(ms);
};
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
/** Tokens are checked against the injected clock: sign a fresh one whenever it is needed. */
const ownerToken = () => tokenFor(t.ctx, 'users', ownerId);
async function superuserToken(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/collections/_superusers/auth-with-password',
    payload: { identity: ROOT.email, password: ROOT.password },
  });
  return String(res.json().token);
}
/** Every registered cron, each run to its end (as the scheduler runs them). */
async function runCrons(): Promise<void> {
  for (const { id } of t.ctx.crons.list()) await t.ctx.crons.run(id);
}
const orgRow = () => t.ctx.stmts.get('SELECT * FROM organizations WHERE id = ?', [org]) ?? {};
const mailsTo = (to: string) => sink.messages.filter((m) => m.to.includes(to));

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({
    env: { BILLING: 'trial', SMTP_URL: sink.url, APP_URL: 'https://menu.example.com', ...rootEnv },
    now: () => clock,
  });
  const owner = await seed(t.ctx, 'users', {
    email: OWNER,
    password: 'owner-password',
    passwordConfirm: 'owner-password',
    name: 'Olga',
    verified: true,
  });
  ownerId = String(owner.id);
  org = String(t.ctx.stmts.get('SELECT currentOrganization AS o FROM users WHERE id = ?', [ownerId])?.o);
  // An editor of the same organization: billing emails go to owners only.
  const editor = await seed(t.ctx, 'users', {
    email: 'editor@example.com',
    password: 'editor-password',
    passwordConfirm: 'editor-password',
    verified: true,
  });
  await seed(t.ctx, 'memberships', { organization: org, user: editor.id, role: 'editor' });

  // Pro: its guest pages get live sold-out updates (a plan feature), which the grace period keeps.
  const subscribe = await t.app.inject({
    method: 'POST',
    url: '/api/billing/subscribe',
    payload: { plan: 'pro', interval: 'month' },
    headers: { authorization: await ownerToken() },
  });
  expect(subscribe.json().status).toBe('trialing');
  trialEnd = new Date(String(orgRow().trialEndsAt).replace(' ', 'T'));
  expect(trialEnd.getTime() - clock.getTime()).toBe(14 * DAY);

  // The owner builds the menu through the API while the trial runs.
  const post = async (collection: string, body: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/collections/${collection}/records`,
      payload: body,
      headers: { authorization: await ownerToken() },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: string };
  };
  const menu = await post('menus', {
    organization: org,
    name: 'Dinner',
    status: 'published',
    languages: ['en', 'de'],
    publishIncomplete: ['de'],
  });
  menuId = menu.id;
  const section = await post('sections', { menu: menu.id, name: 'Mains' });
  itemId = (await post('items', { section: section.id, name: 'Risotto', prices: [{ label: '', amount: 1450 }] })).id;
  venueId = (
    await post('venues', {
      organization: org,
      name: 'Trattoria Lapse',
      slug: SLUG,
      timezone: 'UTC',
      primaryColor: '#b45309',
      menus: [menu.id],
    })
  ).id;
});

afterAll(async () => {
  await t?.close();
  await sink?.close();
});

describe('a lapsed trial and its printed QR codes', () => {
  it('serves the menu while the trial runs', async () => {
    const res = await get(`/m/${SLUG}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Risotto');
  });

  it('emails the owners 3 days before the trial ends, once', async () => {
    at(trialEnd.getTime() - 3 * DAY + HOUR);
    await runCrons();
    await runCrons();
    const mails = mailsTo(OWNER);
    expect(mails.map((m) => m.subject)).toEqual(['Your QR Menu trial ends in 3 days']);
    expect(mails[0]?.text).toContain('https://menu.example.com/settings/billing');
    expect(mails[0]?.html).toContain('href="https://menu.example.com/settings/billing"');
    expect(mailsTo('editor@example.com')).toEqual([]);
  });

  it('emails them again 1 day before, once', async () => {
    at(trialEnd.getTime() - 23 * HOUR);
    await runCrons();
    await runCrons();
    expect(mailsTo(OWNER).map((m) => m.subject)).toEqual(['Your QR Menu trial ends in 3 days', 'Your QR Menu trial ends tomorrow']);
  });

  it('lapses at the trial end: the organization is past due since the trial ended, and the owners are told once', async () => {
    at(trialEnd.getTime() + 1 * DAY); // day 1 of the grace period
    await runCrons();
    await runCrons();
    expect(orgRow()).toMatchObject({ subscriptionStatus: 'past_due', lapsedAt: orgRow().trialEndsAt });
    const mails = mailsTo(OWNER);
    expect(mails.map((m) => m.subject)).toEqual([
      'Your QR Menu trial ends in 3 days',
      'Your QR Menu trial ends tomorrow',
      'Your QR Menu trial has ended',
    ]);
    expect(mails[2]?.text).toContain('Guests still see your menu until June 30, 2025');
    expect(mailsTo('editor@example.com')).toEqual([]);
  });

  it('keeps serving the guest page through the grace period (day 1 and day 13)', async () => {
    for (const day of [1, 13]) {
      at(trialEnd.getTime() + day * DAY);
      await runCrons();
      for (const url of [`/m/${SLUG}`, `/m/${SLUG}/${menuId}`]) {
        const res = await get(url);
        expect(res.statusCode, `${url} on day ${day}`).toBe(200);
        expect(res.body).toContain('Risotto');
      }
    }
    expect(mailsTo(OWNER)).toHaveLength(3);
  });

  it('after the grace period, answers 503 with the friendly, branded page: never 404, never cached', async () => {
    at(trialEnd.getTime() + 15 * DAY);
    await runCrons();
    for (const url of [`/m/${SLUG}`, `/m/${SLUG}/${menuId}`, `/m/${SLUG}?src=qr&t=12`, `/m/${SLUG}/original.pdf`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after']).toBe('3600');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<h1>Trattoria Lapse</h1>');
      expect(res.body).toContain('This menu is temporarily unavailable');
      expect(res.body).not.toContain('Risotto');
    }
    // In the guest's language, as the menu page would be.
    const de = await get(`/m/${SLUG}`, { 'accept-language': 'de-AT,de;q=0.9' });
    expect(de.statusCode).toBe(503);
    expect(de.body).toContain('Diese Speisekarte ist vorübergehend nicht verfügbar');
    // Compressed like every guest page.
    expect((await get(`/m/${SLUG}`, { 'accept-encoding': 'br' })).headers['content-encoding']).toBe('br');
    // Addresses that never existed stay "not found".
    expect((await get('/m/no-such-venue')).statusCode).toBe(404);
    expect((await get(`/m/${SLUG}/nosuchmenu00000`)).statusCode).toBe(404);
    expect(mailsTo(OWNER)).toHaveLength(3);
  });

  it('pushes live updates to open guest pages during the grace period, not after it', async () => {
    const url = t.url || (await t.listen());
    const topic = `guest/${venueId}`;
    const es = new EventSource(`${url}/api/realtime`);
    const prices: number[] = [];
    await new Promise<void>((resolve) => {
      es.addEventListener('PB_CONNECT', (e) => {
        void fetch(`${url}/api/realtime`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ clientId: e.lastEventId, subscriptions: [topic] }),
        }).then(() => resolve());
      });
    });
    es.addEventListener(topic, (e) => prices.push(JSON.parse(e.data).items[0].prices[0].amount));
    const setPrice = async (amount: number) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/collections/items/records/${itemId}`,
        payload: { prices: [{ label: '', amount }] },
        headers: { authorization: await superuserToken() },
      });
    const back = clock.getTime();
    try {
      at(trialEnd.getTime() + 13 * DAY);
      await setPrice(1500);
      at(trialEnd.getTime() + 15 * DAY);
      await setPrice(1600); // the page shows "unavailable": nothing to update
      // Sentinel: in grace again, the next update arrives; the one before it would have arrived first.
      at(trialEnd.getTime() + 13 * DAY);
      await setPrice(1700);
      await eventually(
        () => prices.length,
        (n) => n >= 2,
      );
      expect(prices).toEqual([1500, 1700]);
    } finally {
      es.close();
      at(back);
    }
  });

  it('staff can still read and rename their organization while lapsed, but not edit menus', async () => {
    const auth = { authorization: await ownerToken() };
    const read = await t.app.inject({ method: 'GET', url: `/api/collections/menus/records/${menuId}`, headers: auth });
    expect(read.statusCode).toBe(200);
    const rename = await t.app.inject({
      method: 'PATCH',
      url: `/api/collections/organizations/records/${org}`,
      payload: { name: 'Trattoria Co' },
      headers: auth,
    });
    expect(rename.statusCode, rename.body).toBe(200);
    expect(rename.json().lapsedAt).toBe(orgRow().trialEndsAt);
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/collections/menus/records/${menuId}`,
      payload: { name: 'x' },
      headers: auth,
    });
    expect(edit.statusCode).toBe(404);
    // Members never write the billing field themselves.
    const forged = await t.app.inject({
      method: 'PATCH',
      url: `/api/collections/organizations/records/${org}`,
      payload: { lapsedAt: new Date(clock.getTime()).toISOString() },
      headers: auth,
    });
    expect(forged.statusCode).toBe(404);
  });

  it('comes back the moment the organization is active again (the superuser sets it, as billing support does)', async () => {
    expect((await get(`/m/${SLUG}`)).statusCode).toBe(503);
    const activate = await t.app.inject({
      method: 'PATCH',
      url: `/api/collections/organizations/records/${org}`,
      payload: { subscriptionStatus: 'active' },
      headers: { authorization: await superuserToken() },
    });
    expect(activate.statusCode, activate.body).toBe(200);
    expect(activate.json().lapsedAt).toBe('');
    const res = await get(`/m/${SLUG}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Risotto');
    await runCrons();
    expect(mailsTo(OWNER)).toHaveLength(3);
  });
});

describe('the grace setting and other lapses', () => {
  it('superusers set the grace days (0–365); the staff app reads them from the app config', async () => {
    const auth = { authorization: await superuserToken() };
    const bad = await t.app.inject({ method: 'PATCH', url: '/api/settings', payload: { billing: { lapseGraceDays: 366 } }, headers: auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data).toEqual({
      billing: {
        lapseGraceDays: {
          code: 'validation_max_less_equal_than_required',
          message: 'Must be no greater than 365.',
          params: { threshold: 365 },
        },
      },
    });
    const ok = await t.app.inject({ method: 'PATCH', url: '/api/settings', payload: { billing: { lapseGraceDays: 3 } }, headers: auth });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().billing).toEqual({ lapseGraceDays: 3 });
    const config = (await get('/api/app-config')).json();
    expect(config.lapseGraceDays).toBe(3);
    expect(config).not.toHaveProperty('smtp');
  });

  it('a payment lapse (past_due, then canceled) keeps its start, follows the setting, and is announced once', async () => {
    const patch = async (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/collections/organizations/records/${org}`,
        payload,
        headers: { authorization: await superuserToken() },
      });
    const lapsedAt = clock.toISOString().replace('T', ' ');
    expect((await patch({ subscriptionStatus: 'past_due' })).json().lapsedAt).toBe(lapsedAt);
    at(clock.getTime() + DAY);
    expect((await patch({ subscriptionStatus: 'canceled' })).json().lapsedAt).toBe(lapsedAt);
    expect((await get(`/m/${SLUG}`)).statusCode).toBe(200); // day 1 of 3
    await runCrons();
    await runCrons();
    const last = mailsTo(OWNER).at(-1);
    expect(mailsTo(OWNER)).toHaveLength(4);
    expect(last?.subject).toBe('Your QR Menu subscription has ended');
    at(clock.getTime() + 2 * DAY); // day 3 of 3: over
    expect((await get(`/m/${SLUG}`)).statusCode).toBe(503);
  });
});
