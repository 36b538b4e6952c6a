import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, seed, superuserRequest, tokenFor, type TestApp } from '../../test/test-app.ts';

/**
 * Who may change whom: owners and admins manage members, only owners change or remove an owner,
 * an organization always keeps an owner, and nobody but the system (or a superuser) creates a
 * membership: people join by accepting an invitation.
 */
const apps: TestApp[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
});

type Method = 'POST' | 'PATCH' | 'DELETE';

async function world() {
  const t = await buildTestApp();
  apps.push(t);
  const user = async (email: string) => {
    const row = await seed(t.ctx, 'users', {
      email,
      password: 'password-123',
      passwordConfirm: 'password-123',
      name: email,
      verified: true,
    });
    const id = String(row.id);
    return { id, token: await tokenFor(t.ctx, 'users', id) };
  };
  const owner = await user('owner@example.com');
  const org = String(t.ctx.stmts.get('SELECT currentOrganization AS o FROM users WHERE id = ?', [owner.id])?.o);
  const coOwner = await user('co-owner@example.com');
  const admin = await user('admin@example.com');
  const editor = await user('editor@example.com');
  const outsider = await user('outsider@example.com');
  await seed(t.ctx, 'memberships', { organization: org, user: coOwner.id, role: 'owner' });
  await seed(t.ctx, 'memberships', { organization: org, user: admin.id, role: 'admin' });
  await seed(t.ctx, 'memberships', { organization: org, user: editor.id, role: 'editor' });
  const membership = (userId: string) =>
    t.ctx.stmts.get('SELECT id, role FROM memberships WHERE organization = ? AND user = ?', [org, userId]);
  const idOf = (userId: string) => String(membership(userId)?.id);
  const call = (method: Method, url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { authorization: token } });
  const setRole = (token: string, userId: string, role: string) =>
    call('PATCH', `/api/collections/memberships/records/${idOf(userId)}`, token, { role });
  const remove = (token: string, userId: string) => call('DELETE', `/api/collections/memberships/records/${idOf(userId)}`, token);
  return { t, org, owner, coOwner, admin, editor, outsider, membership, setRole, remove, call };
}

describe('owners are changed by owners only', () => {
  it('an admin can neither demote nor remove an owner, even with two owners', async () => {
    const { admin, coOwner, setRole, remove, membership } = await world();
    for (const role of ['admin', 'editor']) expect((await setRole(admin.token, coOwner.id, role)).statusCode).toBe(404);
    expect((await remove(admin.token, coOwner.id)).statusCode).toBe(404);
    expect(membership(coOwner.id)?.role).toBe('owner');
  });

  it('an admin still manages editors and admins', async () => {
    const { admin, editor, setRole, remove, membership } = await world();
    expect((await setRole(admin.token, editor.id, 'admin')).statusCode).toBe(200);
    expect(membership(editor.id)?.role).toBe('admin');
    expect((await remove(admin.token, editor.id)).statusCode).toBe(204);
    expect(membership(editor.id)).toBeUndefined();
  });

  it('an owner demotes and removes another owner, but the last owner stays', async () => {
    const { owner, coOwner, setRole, remove, membership } = await world();
    expect((await setRole(owner.token, coOwner.id, 'admin')).statusCode).toBe(200);
    expect(membership(coOwner.id)?.role).toBe('admin');
    // Now the only owner: can neither be demoted nor leave.
    const demote = await setRole(owner.token, owner.id, 'editor');
    expect(demote.statusCode).toBe(400);
    expect(demote.json().data.role.code).toBe('validation_last_owner');
    expect((await remove(owner.token, owner.id)).statusCode).toBe(400);
    expect((await setRole(owner.token, coOwner.id, 'owner')).statusCode).toBe(200);
    expect((await remove(owner.token, coOwner.id)).statusCode).toBe(204);
    expect(membership(coOwner.id)).toBeUndefined();
  });

  it('an owner may leave while another owner remains', async () => {
    const { coOwner, remove, membership } = await world();
    expect((await remove(coOwner.token, coOwner.id)).statusCode).toBe(204);
    expect(membership(coOwner.id)).toBeUndefined();
  });
});

describe('memberships are never created directly by members', () => {
  it.each(['owner', 'admin', 'editor', 'outsider'] as const)('%s adding a user by id gets 403', async (who) => {
    const w = await world();
    const res = await w.call('POST', '/api/collections/memberships/records', w[who].token, {
      organization: w.org,
      user: w.outsider.id,
      role: 'editor',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 403, message: 'Only superusers can perform this action.', data: {} });
    expect(w.membership(w.outsider.id)).toBeUndefined();
  });

  it('a superuser may add a member', async () => {
    const { t, org, outsider, membership } = await world();
    await t.ctx.engine.create(
      t.ctx.engine.collection('memberships'),
      { data: { organization: org, user: outsider.id, role: 'editor' }, files: {}, fromForm: false },
      superuserRequest(t.ctx),
    );
    expect(membership(outsider.id)?.role).toBe('editor');
  });
});

describe('a superuser removing the last owner', () => {
  it('hands the organization to the next admin, so the team can still manage itself', async () => {
    const { t, org, owner, coOwner, admin, editor, membership, call } = await world();
    const root = await seed(t.ctx, '_superusers', {
      email: 'root@example.com',
      password: 'root-password-1',
      passwordConfirm: 'root-password-1',
    });
    const su = await tokenFor(t.ctx, '_superusers', String(root.id));
    // Two owners: removing one changes nobody else's role.
    expect((await call('DELETE', `/api/collections/users/records/${coOwner.id}`, su)).statusCode).toBe(204);
    expect(membership(admin.id)?.role).toBe('admin');
    // The last owner's account goes: the admin (before the editor) becomes the owner.
    expect((await call('DELETE', `/api/collections/users/records/${owner.id}`, su)).statusCode).toBe(204);
    expect(membership(admin.id)?.role).toBe('owner');
    expect(membership(editor.id)?.role).toBe('editor');
    // Removing that owner's membership directly: the editor, the last member, takes over.
    const adminMembership = String(membership(admin.id)?.id);
    expect((await call('DELETE', `/api/collections/memberships/records/${adminMembership}`, su)).statusCode).toBe(204);
    expect(membership(editor.id)?.role).toBe('owner');
    // Deleting the organization itself still removes every membership.
    expect((await call('DELETE', `/api/collections/organizations/records/${org}`, su)).statusCode).toBe(204);
    expect(t.ctx.stmts.get('SELECT COUNT(*) AS c FROM memberships WHERE organization = ?', [org])?.c).toBe(0);
  });
});
