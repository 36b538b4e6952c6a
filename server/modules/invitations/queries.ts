import type { SqlStatements } from '../../db/sql.ts';
import type { MemberRole } from '../../../shared/constants.ts';

/** Venue ids stored as a JSON array (a multi-relation column). */
const idList = (raw: unknown): string[] => {
  try {
    const list: unknown = JSON.parse(String(raw ?? '[]'));
    return Array.isArray(list) ? list.map(String) : [];
  } catch {
    return [];
  }
};

/** The invitations module's SQL: `invitations` (open = not accepted; valid = open and not expired at `now`). */

export interface OpenInvitation {
  id: string;
  email: string;
  role: MemberRole;
  /** Staff invitations: the venues they will serve. */
  venues: string[];
  expires: string;
  created: string;
}

/** Valid invitations of an organization, newest first. */
export function validInvitationsOf(stmts: SqlStatements, organizationId: string, now: string): OpenInvitation[] {
  return stmts
    .all(
      "SELECT id, email, role, venues, expires, created FROM invitations WHERE organization = ? AND acceptedAt = '' AND expires > ? ORDER BY created DESC",
      [organizationId, now],
    )
    .map((r) => ({
      id: String(r.id),
      email: String(r.email),
      role: String(r.role) as MemberRole,
      venues: idList(r.venues),
      expires: String(r.expires),
      created: String(r.created),
    }));
}

/** The open invitation of an address (any case) to an organization, expired or not. */
export function openInvitationIdFor(stmts: SqlStatements, organizationId: string, email: string): string | null {
  const row = stmts.get(
    `SELECT id FROM invitations WHERE organization = ? AND ${stmts.dialect.nocase('email')} = ${stmts.dialect.nocase('?')} AND acceptedAt = ''`,
    [organizationId, email],
  );
  return row ? String(row.id) : null;
}

export function isOpenInvitation(stmts: SqlStatements, id: string, organizationId: string): boolean {
  return Boolean(stmts.get("SELECT id FROM invitations WHERE id = ? AND organization = ? AND acceptedAt = ''", [id, organizationId]));
}

export interface TokenInvitation {
  id: string;
  email: string;
  role: MemberRole;
  venues: string[];
  expires: string;
  organization: string;
}

/** The valid invitation whose token hashes to `tokenHash`. */
export function validInvitationByToken(stmts: SqlStatements, tokenHash: string, now: string): TokenInvitation | null {
  const row = stmts.get(
    "SELECT id, email, role, venues, expires, organization FROM invitations WHERE tokenHash = ? AND acceptedAt = '' AND expires > ?",
    [tokenHash, now],
  );
  return row
    ? {
        id: String(row.id),
        email: String(row.email),
        role: String(row.role) as MemberRole,
        venues: idList(row.venues),
        expires: String(row.expires),
        organization: String(row.organization),
      }
    : null;
}
