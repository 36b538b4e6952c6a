import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, seed, tokenFor, type TestApp } from '../../test/test-app.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';
import { INVITATIONS_PER_HOUR } from './service.ts';

/** Members list, invitations by email (existing account or sign-up link) and their permissions. */
let smtp: SmtpSink;
const apps: TestApp[] = [];
beforeAll(async () => {
  smtp = await startSmtpSink();
});
afterAll(async () => {
  await smtp.close();
});
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
  smtp.clear();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

async function world() {
  const t = await buildTestApp({ env: { SMTP_URL: smtp.url, APP_URL: 'https://menu.example.com' } });
  apps.push(t);
  const user = async (email: string, name: string, verified = true) => {
    const row = await seed(t.ctx, 'users', { email, password: 'password-123', passwordConfirm: 'password-123', name, verified });
    const id = String(row.id);
    const org = String(t.ctx.stmts.get('SELECT currentOrganization AS o FROM users WHERE id = ?', [id])?.o);
    return { id, org, token: await tokenFor(t.ctx, 'users', id) };
  };
  const owner = await user('owner@example.com', 'Olivia Owner');
  const admin = await user('admin@example.com', 'Adam Admin');
  const editor = await user('editor@example.com', 'Eddie Editor');
  const stranger = await user('stranger@example.com', 'Sam Stranger');
  const org = owner.org;
  await t.ctx.engine.update(
    t.ctx.engine.collection('organizations'),
    org,
    { data: { name: 'Trattoria Uno' }, files: {}, fromForm: false },
    t.ctx.engine.systemRequest(),
  );
  await seed(t.ctx, 'memberships', { organization: org, user: admin.id, role: 'admin' });
  await seed(t.ctx, 'memberships', { organization: org, user: editor.id, role: 'editor' });
  const call = (method: Method, url: string, auth: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as object, headers: auth ? { authorization: auth } : {} });
  const membership = (userId: string) =>
    t.ctx.stmts.get('SELECT id, role FROM memberships WHERE organization = ? AND user = ?', [org, userId]);
  return { t, owner, admin, editor, stranger, org, call, user, membership };
}

describe('GET /api/organizations/:id/members', () => {
  it('lists members with names and emails for members only', async () => {
    const { org, owner, editor, stranger, call } = await world();
    const res = await call('GET', `/api/organizations/${org}/members`, editor.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { membershipId: expect.any(String), userId: owner.id, name: 'Olivia Owner', email: 'owner@example.com', role: 'owner', venues: [] },
      {
        membershipId: expect.any(String),
        userId: expect.any(String),
        name: 'Adam Admin',
        email: 'admin@example.com',
        role: 'admin',
        venues: [],
      },
      {
        membershipId: expect.any(String),
        userId: editor.id,
        name: 'Eddie Editor',
        email: 'editor@example.com',
        role: 'editor',
        venues: [],
      },
    ]);
    const refused = await call('GET', `/api/organizations/${org}/members`, stranger.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('owner@example.com');
    expect((await call('GET', '/api/organizations/doesnotexist123/members', stranger.token)).statusCode).toBe(403);
    expect((await call('GET', `/api/organizations/${org}/members`, '')).statusCode).toBe(401);
  });
});

describe('POST /api/organizations/:id/invitations', () => {
  it('invites an existing account like anyone else: no member until they accept', async () => {
    const { org, owner, stranger, call, membership } = await world();
    const res = await call('POST', `/api/organizations/${org}/invitations`, owner.token, {
      email: ' Stranger@Example.com ',
      role: 'editor',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'invited',
      invitationId: expect.any(String),
      email: 'stranger@example.com',
      expires: expect.any(String),
      emailSent: true,
    });
    expect(res.body).not.toContain(stranger.id);
    expect(membership(stranger.id)).toBeUndefined();
    // The inviter's members list does not show them (nor their account's name) before they accept.
    const before = await call('GET', `/api/organizations/${org}/members`, owner.token);
    expect(before.body).not.toContain('stranger@example.com');
    expect(before.body).not.toContain('Sam Stranger');
    expect((await call('GET', `/api/organizations/${org}/members`, stranger.token)).statusCode).toBe(403);
    // Their mail asks them to sign in and brings them back to the invitation.
    const mail = await smtp.waitFor((m) => m.to.includes('stranger@example.com'));
    expect(mail.subject).toBe('You’re invited to Trattoria Uno on QR Menu');
    expect(mail.text).toContain('Olivia Owner invited you to join Trattoria Uno');
    const redirect = /https:\/\/menu\.example\.com\/login\?redirect=(\S+)/.exec(mail.text)?.[1] ?? '';
    const token = /^\/sign-up\?invite=([\w-]+)$/.exec(decodeURIComponent(redirect))?.[1] ?? '';
    expect(token).toBeTruthy();
    const accept = await call('POST', `/api/invitations/${token}/accept`, stranger.token);
    expect(accept.statusCode).toBe(200);
    expect(membership(stranger.id)?.role).toBe('editor');
    expect((await call('GET', `/api/organizations/${org}/members`, owner.token)).body).toContain('stranger@example.com');
    // A member cannot be invited again.
    const again = await call('POST', `/api/organizations/${org}/invitations`, owner.token, {
      email: 'stranger@example.com',
      role: 'admin',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().data.email.code).toBe('validation_already_member');
  });

  it('answers the same whether or not the address has an account', async () => {
    const { org, admin, call } = await world();
    const shape = (body: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(body).map(([k, v]) => [k, k === 'email' ? v : typeof v]));
    const existing = await call('POST', `/api/organizations/${org}/invitations`, admin.token, {
      email: 'stranger@example.com',
      role: 'editor',
    });
    const unknown = await call('POST', `/api/organizations/${org}/invitations`, admin.token, {
      email: 'nobody@example.com',
      role: 'editor',
    });
    expect(existing.statusCode).toBe(unknown.statusCode);
    expect(shape(existing.json())).toEqual({ ...shape(unknown.json()), email: 'stranger@example.com' });
    // Both are open invitations, listed alike.
    const pending = (await call('GET', `/api/organizations/${org}/invitations`, admin.token)).json() as Array<{ email: string }>;
    expect(pending.map((p) => p.email).sort()).toEqual(['nobody@example.com', 'stranger@example.com']);
  });

  it('emails a sign-up link to a new address; the new account joins by accepting that link', async () => {
    const { t, org, admin, call } = await world();
    const res = await call('POST', `/api/organizations/${org}/invitations`, admin.token, { email: 'newcook@example.com', role: 'editor' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'invited', email: 'newcook@example.com', emailSent: true });
    const mail = await smtp.waitFor((m) => m.to.includes('newcook@example.com'));
    expect(mail.subject).toBe('You’re invited to Trattoria Uno on QR Menu');
    expect(mail.html).toContain('Accept invitation');
    const token = /https:\/\/menu\.example\.com\/sign-up\?invite=([\w-]+)/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();
    // The token is never stored, only its hash.
    expect(JSON.stringify(t.ctx.stmts.all('SELECT * FROM invitations'))).not.toContain(token);
    // Pending invitations are visible to members; the collection itself is closed.
    const pending = await call('GET', `/api/organizations/${org}/invitations`, admin.token);
    expect(pending.json()).toEqual([expect.objectContaining({ email: 'newcook@example.com', role: 'editor' })]);
    expect(pending.body).not.toContain('tokenHash');
    expect((await call('GET', '/api/collections/invitations/records', admin.token)).statusCode).toBe(403);
    // The sign-up page can show what the link is for.
    const lookup = await call('GET', `/api/invitations/${token}`, '');
    expect(lookup.json()).toMatchObject({ email: 'newcook@example.com', organizationName: 'Trattoria Uno', role: 'editor' });

    // Signing up is the same as without an invitation: no membership, nothing revealed.
    const signUp = await call('POST', '/api/collections/users/records', '', {
      email: 'NewCook@example.com',
      password: 'password-123',
      passwordConfirm: 'password-123',
    });
    expect(signUp.statusCode).toBe(200);
    const newId = String(signUp.json().id);
    expect(signUp.json()).toMatchObject({ onboardingComplete: false, verified: false });
    const ownOrg = String(signUp.json().currentOrganization);
    expect(ownOrg).not.toBe(org);
    expect(t.ctx.stmts.get('SELECT 1 AS x FROM memberships WHERE organization = ? AND user = ?', [org, newId])).toBeUndefined();

    // Accepting the mailed link while signed in joins, and proves the address.
    const accepted = await call('POST', `/api/invitations/${token}/accept`, await tokenFor(t.ctx, 'users', newId));
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ organizationId: org, organizationName: 'Trattoria Uno', role: 'editor' });
    expect(t.ctx.stmts.get('SELECT role FROM memberships WHERE organization = ? AND user = ?', [org, newId])?.role).toBe('editor');
    // They work in the inviting organization (already set up: no onboarding).
    expect(
      t.ctx.stmts.get('SELECT currentOrganization AS o, onboardingComplete AS onboarded, verified FROM users WHERE id = ?', [newId]),
    ).toEqual({ o: org, onboarded: 1, verified: 1 });
    expect(t.ctx.stmts.get('SELECT acceptedAt FROM invitations')?.acceptedAt).not.toBe('');
    // The empty organization sign-up made for them is gone: one organization, the one they joined.
    expect(t.ctx.stmts.get('SELECT 1 AS x FROM organizations WHERE id = ?', [ownOrg])).toBeUndefined();
    expect(t.ctx.stmts.all('SELECT organization FROM memberships WHERE user = ?', [newId])).toEqual([{ organization: org }]);
    expect((await call('GET', `/api/invitations/${token}`, '')).statusCode).toBe(404);
    expect((await call('GET', `/api/organizations/${org}/invitations`, admin.token)).json()).toEqual([]);
  });

  it('someone who registers an invited address cannot take the invitation over', async () => {
    const { t, org, owner, call } = await world();
    await call('POST', `/api/organizations/${org}/invitations`, owner.token, { email: 'chef.victim@example.com', role: 'admin' });
    const invite = await smtp.waitFor((m) => m.to.includes('chef.victim@example.com'));
    const token = /invite=([\w-]+)/.exec(invite.text)?.[1] ?? '';
    // The attacker signs up with the invited address and a password of their own.
    const signUp = await call('POST', '/api/collections/users/records', '', {
      email: 'chef.victim@example.com',
      password: 'attacker-pass',
      passwordConfirm: 'attacker-pass',
    });
    expect(signUp.statusCode).toBe(200);
    const attackerId = String(signUp.json().id);
    const member = () => t.ctx.stmts.get('SELECT role FROM memberships WHERE organization = ? AND user = ?', [org, attackerId]);
    expect(member()).toBeUndefined();
    // The real owner of the mailbox clicks the verification link they were sent: without the
    // account's password that verifies nothing (the attacker's account stays unverified).
    const verify = await smtp.waitFor((m) => m.to.includes('chef.victim@example.com') && m.text.includes('/verify?token='));
    const verifyToken = decodeURIComponent(/\/verify\?token=([\w.%-]+)/.exec(verify.text)?.[1] ?? '');
    expect((await call('POST', '/api/collections/users/confirm-verification', '', { token: verifyToken })).statusCode).toBe(401);
    expect(t.ctx.stmts.get('SELECT verified FROM users WHERE id = ?', [attackerId])?.verified).toBe(0);
    // Not a member either: joining needs the mailed invitation link.
    expect(member()).toBeUndefined();
    const attackerSession = await tokenFor(t.ctx, 'users', attackerId);
    expect((await call('GET', `/api/organizations/${org}/members`, attackerSession)).statusCode).toBe(403);
    expect((await call('POST', '/api/invitations/guessed-token/accept', attackerSession)).statusCode).toBe(404);
    // The link still works for its owner once they hold the account (here: after a password reset).
    expect((await call('GET', `/api/invitations/${token}`, '')).statusCode).toBe(200);
  });

  it('limits how many invitations one organization sends per hour', async () => {
    const { org, owner, stranger, call } = await world();
    for (let i = 0; i < INVITATIONS_PER_HOUR; i++) {
      expect(
        (await call('POST', `/api/organizations/${org}/invitations`, owner.token, { email: `cook${i}@example.com`, role: 'editor' }))
          .statusCode,
      ).toBe(200);
    }
    const over = await call('POST', `/api/organizations/${org}/invitations`, owner.token, {
      email: 'one-more@example.com',
      role: 'editor',
    });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({
      status: 429,
      message: 'This organization has sent too many invitations. Please try again in an hour.',
      data: {},
    });
    // Another organization is not affected.
    expect(
      (
        await call('POST', `/api/organizations/${stranger.org}/invitations`, stranger.token, {
          email: 'one-more@example.com',
          role: 'editor',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('re-inviting replaces the open invitation; owners and admins can revoke it', async () => {
    const { t, org, owner, editor, call } = await world();
    await call('POST', `/api/organizations/${org}/invitations`, owner.token, { email: 'chef@example.com', role: 'editor' });
    await call('POST', `/api/organizations/${org}/invitations`, owner.token, { email: 'chef@example.com', role: 'admin' });
    const rows = t.ctx.stmts.all('SELECT id, role FROM invitations');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.role).toBe('admin');
    const id = String(rows[0]?.id);
    expect((await call('DELETE', `/api/organizations/${org}/invitations/${id}`, editor.token)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/organizations/${org}/invitations/${id}`, owner.token)).statusCode).toBe(204);
    expect(t.ctx.stmts.all('SELECT id FROM invitations')).toHaveLength(0);
    // A revoked invitation no longer joins anyone.
    const signUp = await call('POST', '/api/collections/users/records', '', {
      email: 'chef@example.com',
      password: 'password-123',
      passwordConfirm: 'password-123',
    });
    expect(
      t.ctx.stmts.get('SELECT 1 AS x FROM memberships WHERE organization = ? AND user = ?', [org, String(signUp.json().id)]),
    ).toBeUndefined();
    // They get an organization of their own and onboard as usual.
    expect(t.ctx.stmts.all('SELECT role FROM memberships WHERE user = ?', [String(signUp.json().id)])).toEqual([{ role: 'owner' }]);
    expect(signUp.json()).toMatchObject({ onboardingComplete: false });
  });

  it('a signed-in user accepts a link addressed to their own email; anyone else is refused', async () => {
    const { t, org, owner, stranger, call, user, membership } = await world();
    await call('POST', `/api/organizations/${org}/invitations`, owner.token, { email: 'sous.chef@example.com', role: 'admin' });
    const mail = await smtp.waitFor((m) => m.to.includes('sous.chef@example.com'));
    const token = /invite=([\w-]+)/.exec(mail.text)?.[1] ?? '';
    const accept = (auth: string, tok = token) => call('POST', `/api/invitations/${tok}/accept`, auth);

    expect((await accept('')).statusCode).toBe(401);
    const other = await accept(stranger.token);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('This invitation is for another email address.');
    // An unverified account of another address is refused like any other account.
    const unverified = await user('unverified@example.com', 'Una', false);
    expect((await accept(unverified.token)).statusCode).toBe(403);
    expect((await accept(stranger.token, 'not-a-real-token')).statusCode).toBe(404);
    expect(membership(stranger.id)).toBeUndefined();

    // Someone who has an account of their own, already in use, and changed its email to the invited address.
    const chef = await user('chef.private@example.com', 'Chef');
    await seed(t.ctx, 'tags', { organization: chef.org, name: 'Vegan', color: '#16a34a' });
    await t.ctx.engine.update(
      t.ctx.engine.collection('users'),
      chef.id,
      { data: { email: 'Sous.Chef@Example.com' }, files: {}, fromForm: false },
      t.ctx.engine.systemRequest(),
    );
    // A new email means a new token key: sign in again.
    const chefToken = await tokenFor(t.ctx, 'users', chef.id);
    const res = await accept(chefToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ organizationId: org, organizationName: 'Trattoria Uno', role: 'admin' });
    expect(membership(chef.id)?.role).toBe('admin');
    expect(t.ctx.stmts.get('SELECT currentOrganization AS o FROM users WHERE id = ?', [chef.id])?.o).toBe(org);
    // They keep their own organization (it is in use), and the link is used up.
    expect(t.ctx.stmts.all('SELECT organization FROM memberships WHERE user = ? ORDER BY organization = ?', [chef.id, org])).toEqual([
      { organization: chef.org },
      { organization: org },
    ]);
    expect((await accept(chefToken)).statusCode).toBe(404);
    expect((await call('GET', `/api/organizations/${org}/invitations`, owner.token)).json()).toEqual([]);
  });

  it.each([
    {
      name: 'editors cannot invite',
      as: 'editor',
      body: { email: 'x@example.com', role: 'editor' },
      status: 403,
      message: 'Only owners and admins can manage members.',
    },
    {
      name: 'non-members cannot invite',
      as: 'stranger',
      body: { email: 'x@example.com', role: 'editor' },
      status: 403,
      message: 'Only owners and admins can manage members.',
    },
    { name: 'guests cannot invite', as: 'guest', body: { email: 'x@example.com', role: 'editor' }, status: 401 },
    {
      name: 'admins cannot appoint owners',
      as: 'admin',
      body: { email: 'x@example.com', role: 'owner' },
      status: 403,
      message: 'Only owners can appoint owners.',
    },
    { name: 'owners appoint owners', as: 'owner', body: { email: 'x@example.com', role: 'owner' }, status: 200 },
    { name: 'admins invite admins', as: 'admin', body: { email: 'x@example.com', role: 'admin' }, status: 200 },
    { name: 'invalid email and role', as: 'owner', body: { email: 'not-an-email', role: 'boss' }, status: 400, data: ['email', 'role'] },
    { name: 'missing fields', as: 'owner', body: {}, status: 400, data: ['email', 'role'] },
  ] as const)('$name', async (row) => {
    const w = await world();
    const token = row.as === 'guest' ? '' : w[row.as].token;
    const res = await w.call('POST', `/api/organizations/${w.org}/invitations`, token, row.body);
    expect(res.statusCode).toBe(row.status);
    if ('message' in row) expect(res.json().message).toBe(row.message);
    if ('data' in row && row.data) expect(Object.keys(res.json().data).sort()).toEqual([...row.data]);
    if (row.status !== 200) expect(w.t.ctx.stmts.all('SELECT id FROM invitations')).toHaveLength(0);
  });

  it('only owners appoint owners when changing roles too', async () => {
    const { org, owner, admin, editor, call, membership } = await world();
    const editorMembership = String(membership(editor.id)?.id);
    const byAdmin = await call('PATCH', `/api/collections/memberships/records/${editorMembership}`, admin.token, { role: 'owner' });
    expect(byAdmin.statusCode).toBe(404);
    expect(membership(editor.id)?.role).toBe('editor');
    expect(
      (await call('PATCH', `/api/collections/memberships/records/${editorMembership}`, admin.token, { role: 'admin' })).statusCode,
    ).toBe(200);
    expect(
      (await call('PATCH', `/api/collections/memberships/records/${editorMembership}`, owner.token, { role: 'owner' })).statusCode,
    ).toBe(200);
    expect(membership(editor.id)?.role).toBe('owner');
    // The organization now has two owners.
    expect(
      (await call('GET', `/api/organizations/${org}/members`, owner.token)).json().filter((m: { role: string }) => m.role === 'owner'),
    ).toHaveLength(2);
  });
});
