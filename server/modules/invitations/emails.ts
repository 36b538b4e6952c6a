import { oneLine, renderEmail, type Brand, type EmailContent } from '../../mail/layout.ts';
import { emailT } from '../../mail/i18n.ts';
import type { MemberRole } from '../../../shared/constants.ts';
import type { StaffLanguage } from '../../../shared/i18n/staff-languages.ts';

export interface InvitationInfo {
  organizationName: string;
  inviterName: string;
  role: MemberRole;
}

type Invitation = InvitationInfo & { link: string; days: number };

function render(brand: Brand, info: Invitation, lang: StaffLanguage, hasAccount: boolean): EmailContent {
  const t = emailT(lang);
  const appName = brand.appName;
  const organization = oneLine(info.organizationName);
  const invited = t('invitation.invited', { inviter: oneLine(info.inviterName), organization, appName, role: t(`roles.${info.role}`) });
  const valid = t('invitation.valid', { count: info.days });
  return renderEmail(
    brand,
    t('invitation.subject', { organization, appName }),
    {
      heading: t('invitation.heading', { organization }),
      intro: [invited, hasAccount ? t('invitation.signIn') : t('invitation.createAccount')],
      action: { kind: 'link', label: t('invitation.action'), url: info.link },
      outro: [hasAccount ? `${valid} ${t('invitation.notYet')}` : valid, t('invitation.unknownSender')],
    },
    lang,
  );
}

/** To someone without an account: the sign-up link joins them to the organization. */
export function invitationEmail(brand: Brand, info: Invitation, lang: StaffLanguage = 'en'): EmailContent {
  return render(brand, info, lang, false);
}

/**
 * To an address that already has an account: the link signs in first and then offers to accept.
 * Nobody becomes a member without accepting.
 */
export function invitationToAccountEmail(brand: Brand, info: Invitation, lang: StaffLanguage = 'en'): EmailContent {
  return render(brand, info, lang, true);
}
