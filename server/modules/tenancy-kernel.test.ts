import { describe, expect, it } from 'vitest';
import type { AuthState } from '../core/request-info.ts';
import type { SqlStatements } from '../db/sql.ts';
import { requireAccount, requireManager, requireMember, requireUser } from './tenancy.ts';

/**
 * The tenancy kernel on its own: who passes which guard, and with which status. The roles come
 * from a stand-in for the memberships query (the scenario table, tenancy.test.ts, drives the
 * real routes).
 */
const ORG = 'org_a';
const roles: Record<string, string> = { owner1: 'owner', admin1: 'admin', editor1: 'editor' };
const db = {
  stmts: {
    get: (_sql: string, params: string[]) => (params[0] === ORG && roles[params[1] ?? ''] ? { role: roles[params[1] ?? ''] } : undefined),
  } as unknown as SqlStatements,
};

const user = (id: string, verified: unknown = 1): AuthState => ({
  collection: { name: 'users' } as AuthState['collection'],
  row: { id, verified },
});
const superuser: AuthState = { collection: { name: '_superusers' } as AuthState['collection'], row: { id: 'root' } };
const other: AuthState = { collection: { name: 'staff' } as AuthState['collection'], row: { id: 'x', verified: 1 } };

function status(fn: () => unknown): number {
  try {
    fn();
    return 200;
  } catch (err) {
    return (err as { status: number }).status;
  }
}

describe('tenancy kernel', () => {
  it.each([
    ['guest', null, 401, 401],
    ['another auth collection', other, 401, 401],
    ['unverified owner', user('owner1', 0), 403, 403],
    ['non-member', user('stranger1'), 403, 403],
    ['editor', user('editor1'), 200, 403],
    ['admin', user('admin1'), 200, 200],
    ['owner (verified stored as true)', user('owner1', true), 200, 200],
    // Superusers read what an owner reads, but never act in a member's name.
    ['superuser', superuser, 200, 403],
  ])('%s: member %i, manager %i', (_name, auth, member, manager) => {
    expect(status(() => requireMember(db, auth, ORG))).toBe(member);
    expect(status(() => requireManager(db, auth, ORG, 'Only owners and admins.'))).toBe(manager);
  });

  it('uses the given 403 message, and the same answer for unknown organizations', () => {
    expect(() => requireManager(db, user('editor1'), ORG, 'Only owners and admins.')).toThrow('Only owners and admins.');
    expect(() => requireMember(db, user('owner1'), 'org_unknown', 'Members only.')).toThrow('Members only.');
  });

  it('tells which kind of caller passed', () => {
    expect(requireMember(db, superuser, ORG)).toEqual({ superuser: true, user: null, role: null });
    expect(requireMember(db, user('editor1'), ORG)).toMatchObject({ superuser: false, role: 'editor' });
    expect(requireManager(db, user('owner1'), ORG, '')).toMatchObject({ role: 'owner' });
  });

  it('requireAccount accepts unverified users; requireUser does not', () => {
    expect(status(() => requireAccount(user('owner1', 0)))).toBe(200);
    expect(status(() => requireUser(user('owner1', 0)))).toBe(403);
    expect(status(() => requireAccount(superuser))).toBe(401);
  });
});
