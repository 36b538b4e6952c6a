import { oneLine, renderEmail, type Brand, type EmailContent } from '../../mail/layout.ts';
import type { MemberRole } from '../../../shared/constants.ts';

const ROLE_TEXT: Record<MemberRole, string> = { owner: 'an owner', admin: 'an admin', editor: 'an editor' };

export interface InvitationInfo {
  organizationName: string;
  inviterName: string;
  role: MemberRole;
}

/** To someone without an account: the sign-up link joins them to the organization. */
export function invitationEmail(brand: Brand, info: InvitationInfo & { link: string; days: number }): EmailContent {
  const org = oneLine(info.organizationName);
  return renderEmail(brand, `You’re invited to ${org} on ${brand.appName}`, {
    heading: `Join ${org}`,
    intro: [
      `${oneLine(info.inviterName)} invited you to join ${org} on ${brand.appName} as ${ROLE_TEXT[info.role]}.`,
      'Create your account with this email address to accept:',
    ],
    action: { kind: 'link', label: 'Accept invitation', url: info.link },
    outro: [`The invitation is valid for ${info.days} days.`, 'If you don’t know the sender, you can safely ignore this email.'],
  });
}

/**
 * To an address that already has an account: the link signs in first and then offers to accept.
 * Nobody becomes a member without accepting.
 */
export function invitationToAccountEmail(brand: Brand, info: InvitationInfo & { link: string; days: number }): EmailContent {
  const org = oneLine(info.organizationName);
  return renderEmail(brand, `You’re invited to ${org} on ${brand.appName}`, {
    heading: `Join ${org}`,
    intro: [
      `${oneLine(info.inviterName)} invited you to join ${org} on ${brand.appName} as ${ROLE_TEXT[info.role]}.`,
      'Sign in with this email address to accept:',
    ],
    action: { kind: 'link', label: 'Accept invitation', url: info.link },
    outro: [
      `The invitation is valid for ${info.days} days. Until you accept, you are not a member.`,
      'If you don’t know the sender, you can safely ignore this email.',
    ],
  });
}
