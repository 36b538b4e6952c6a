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
    outro: [
      `The invitation is valid for ${info.days} days.`,
      'If you don’t know the sender, you can safely ignore this email.',
    ],
  });
}

/** To an existing user who was added directly. */
export function memberAddedEmail(brand: Brand, info: InvitationInfo & { link: string }): EmailContent {
  const org = oneLine(info.organizationName);
  return renderEmail(brand, `You’ve been added to ${org} on ${brand.appName}`, {
    heading: `You’re now a member of ${org}`,
    intro: [`${oneLine(info.inviterName)} added you to ${org} on ${brand.appName} as ${ROLE_TEXT[info.role]}. Switch to it from the organization menu after signing in.`],
    action: { kind: 'link', label: `Open ${brand.appName}`, url: info.link },
    outro: ['If you didn’t expect this, you can leave the organization from its settings page.'],
  });
}
