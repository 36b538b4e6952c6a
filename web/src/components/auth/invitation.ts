import { pb } from '../../lib/pb.ts';
import type { MemberRole } from '../../../../shared/constants.ts';

/** What an invitation link is for (`GET /api/invitations/:token`, public: the token is the secret). */
export interface Invitation {
  email: string;
  organizationName: string;
  role: MemberRole;
  expires: string;
}

export function fetchInvitation(token: string): Promise<Invitation> {
  return pb.send<Invitation>(`/api/invitations/${encodeURIComponent(token)}`, { method: 'GET' });
}

const ROLE_WITH_ARTICLE: Record<MemberRole, string> = { owner: 'an owner', admin: 'an admin', editor: 'an editor' };

export function roleWithArticle(role: MemberRole): string {
  return ROLE_WITH_ARTICLE[role] ?? 'a member';
}
