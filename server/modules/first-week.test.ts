import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientResponseError } from 'pocketbase';
import type PocketBase from 'pocketbase';
import { activeOwner, buildTestApp, seed, type TestApp } from '../test/test-app.ts';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink.ts';

/**
 * The first week (issue 23, item 4) through the official SDK on the listening app: tag names
 * unique per organization, invitation sign-ups verified by the link, and the QR download the
 * getting-started checklist waits for.
 */

let smtp: SmtpSink;
let t: TestApp;
let owner: { id: string; org: string; token: string };
let ownerPb: PocketBase;

const signIn = async (email: string, password: string): Promise<PocketBase> => {
  const pb = t.sdk();
  await pb.collection('users').authWithPassword(email, password);
  return pb;
};

/** The refusal of an SDK call: its status and body. */
async function refusal(call: Promise<unknown>): Promise<{ status: number; data: Record<string, unknown> }> {
  try {
    await call;
  } catch (err) {
    if (err instanceof ClientResponseError) return { status: err.status, data: err.response as Record<string, unknown> };
    throw err;
  }
  throw new Error('the call succeeded');
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await buildTestApp({ env: { SMTP_URL: smtp.url, APP_URL: 'https://menu.example.com' } });
  await t.listen();
  owner = await activeOwner(t.ctx, 'owner@example.com', 'owner-password-1');
  ownerPb = await signIn('owner@example.com', 'owner-password-1');
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('tag names', () => {
  it('are unique per organization, ignoring case and surrounding spaces, with a field error', async () => {
    const tags = ownerPb.collection('tags');
    const spicy = await tags.create({ organization: owner.org, name: '  Spicy ', color: '#ff0000' });
    expect(spicy.name).toBe('Spicy');
    for (const name of ['Spicy', ' spicy', 'SPICY  ']) {
      const res = await refusal(tags.create({ organization: owner.org, name, color: '#00ff00' }));
      expect(res.status).toBe(400);
      expect(res.data).toEqual({
        status: 400,
        message: 'Failed to create record.',
        data: { name: { code: 'validation_not_unique', message: 'A tag with this name already exists.' } },
      });
    }
    // Unicode case folding, not just ASCII.
    await tags.create({ organization: owner.org, name: 'Ärger', color: '#000000' });
    expect((await refusal(tags.create({ organization: owner.org, name: 'äRGER', color: '#000000' }))).status).toBe(400);
    // Renaming onto another tag's name is refused; changing a tag's own case is not.
    const vegan = await tags.create({ organization: owner.org, name: 'Vegan', color: '#00aa00' });
    const rename = await refusal(tags.update(vegan.id, { name: 'spicy' }));
    expect(rename.status).toBe(400);
    expect(rename.data.data).toEqual({ name: { code: 'validation_not_unique', message: 'A tag with this name already exists.' } });
    expect((await tags.update(vegan.id, { name: 'VEGAN' })).name).toBe('VEGAN');
    expect((await tags.update(spicy.id, { color: '#aa0000' })).color).toBe('#aa0000');
    expect(t.ctx.stmts.get('SELECT COUNT(*) AS n FROM tags WHERE organization = ?', [owner.org])?.n).toBe(3);
    // Another organization has its own names.
    const other = await activeOwner(t.ctx, 'other-owner@example.com', 'owner-password-2');
    const otherPb = await signIn('other-owner@example.com', 'owner-password-2');
    expect((await otherPb.collection('tags').create({ organization: other.org, name: 'spicy', color: '#ff0000' })).name).toBe('spicy');
  });
});

describe('invitation sign-ups', () => {
  const invite = async (email: string): Promise<string> => {
    await ownerPb.send(`/api/organizations/${owner.org}/invitations`, { method: 'POST', body: { email, role: 'editor' } });
    const mail = await smtp.waitFor((m) => m.to.includes(email) && m.text.includes('/sign-up?invite='));
    return /\/sign-up\?invite=([\w-]+)/.exec(mail.text)?.[1] ?? '';
  };
  const signUp = async (email: string): Promise<PocketBase> => {
    const anonymous = t.sdk();
    const created = await anonymous.collection('users').create({ email, password: 'new-password-1', passwordConfirm: 'new-password-1' });
    expect(created.verified).toBe(false);
    return signIn(email, 'new-password-1');
  };

  it('count as verified when the invited address accepts: the mailed link proved it', async () => {
    const token = await invite('new.cook@example.com');
    const pb = await signUp('new.cook@example.com');
    expect(pb.authStore.record?.verified).toBe(false);
    await pb.send(`/api/invitations/${token}/accept`, { method: 'POST' });
    const { record } = await pb.collection('users').authRefresh();
    expect(record.verified).toBe(true);
    expect(record.currentOrganization).toBe(owner.org);
    // A verified member: the organization's records are open to them at once.
    expect((await pb.collection('organizations').getOne(owner.org)).id).toBe(owner.org);
  });

  it('stay unverified with another address: the link proves only the invited one', async () => {
    const token = await invite('invited.chef@example.com');
    const pb = await signUp('someone.else@example.com');
    const res = await refusal(pb.send(`/api/invitations/${token}/accept`, { method: 'POST' }));
    expect(res.status).toBe(403);
    const { record } = await pb.collection('users').authRefresh();
    expect(record.verified).toBe(false);
    expect(record.currentOrganization).not.toBe(owner.org);
  });
});

describe('the first QR code download', () => {
  it('is recorded once per organization, by the staff app’s report and by a print kit, never by members', async () => {
    const venue = await seed(t.ctx, 'venues', { organization: owner.org, name: 'Uno', timezone: 'Europe/Vienna', primaryColor: '#112233' });
    const org = () => ownerPb.collection('organizations').getOne(owner.org);
    expect((await org()).qrDownloadedAt).toBe('');
    // Members cannot set it themselves.
    expect(
      (await refusal(ownerPb.collection('organizations').update(owner.org, { qrDownloadedAt: '2026-01-01 00:00:00.000Z' }))).status,
    ).toBe(404);
    expect((await org()).qrDownloadedAt).toBe('');
    // A stranger cannot report it for the venue (404, as for any record they cannot see); nor can a visitor.
    await activeOwner(t.ctx, 'stranger@example.com', 'owner-password-3');
    const stranger = await signIn('stranger@example.com', 'owner-password-3');
    expect((await refusal(stranger.send(`/api/venues/${String(venue.id)}/qr-downloaded`, { method: 'POST' }))).status).toBe(404);
    expect((await refusal(t.sdk().send(`/api/venues/${String(venue.id)}/qr-downloaded`, { method: 'POST' }))).status).toBe(401);
    expect((await refusal(ownerPb.send('/api/venues/nosuchvenue0000/qr-downloaded', { method: 'POST' }))).status).toBe(404);
    expect((await org()).qrDownloadedAt).toBe('');

    const res = await fetch(`${t.url}/api/venues/${String(venue.id)}/qr-downloaded`, {
      method: 'POST',
      headers: { authorization: ownerPb.authStore.token },
    });
    expect(res.status).toBe(204);
    const first = String((await org()).qrDownloadedAt);
    expect(first).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}Z$/);
    // Later downloads keep the first time.
    await new Promise((r) => setTimeout(r, 5));
    await ownerPb.send(`/api/venues/${String(venue.id)}/qr-downloaded`, { method: 'POST' });
    expect((await org()).qrDownloadedAt).toBe(first);

    // A print kit counts too.
    const second = await activeOwner(t.ctx, 'second@example.com', 'owner-password-4');
    const secondVenue = await seed(t.ctx, 'venues', {
      organization: second.org,
      name: 'Due',
      timezone: 'Europe/Vienna',
      primaryColor: '#112233',
    });
    const kit = await fetch(`${t.url}/api/venues/${String(secondVenue.id)}/print-kit?from=1&to=2&template=a4-8&format=pdf`, {
      headers: { authorization: second.token },
    });
    expect(kit.status).toBe(200);
    await kit.arrayBuffer();
    expect(String(t.ctx.stmts.get('SELECT qrDownloadedAt AS d FROM organizations WHERE id = ?', [second.org])?.d)).not.toBe('');
  });
});
