import { oneLine, renderEmail, type Brand, type EmailContent } from '../../mail/layout.ts';
import { emailDate, emailT } from '../../mail/i18n.ts';
import type { StaffLanguage } from '../../../shared/i18n/staff-languages.ts';

/** The billing emails to an organization's owners, in each owner's language: trial reminders and the lapse notice. */

export interface TrialEndingInfo {
  organizationName: string;
  trialEndsAt: Date;
  /** Whole days left, rounded up (1: "tomorrow"). */
  daysLeft: number;
  graceDays: number;
  billingUrl: string;
}

/** 3 days and 1 day before the trial ends. */
export function trialEndingEmail(brand: Brand, info: TrialEndingInfo, lang: StaffLanguage = 'en'): EmailContent {
  const t = emailT(lang);
  const appName = brand.appName;
  const organization = oneLine(info.organizationName);
  const when = info.daysLeft <= 1 ? t('trial.tomorrow') : t('trial.inDays', { count: info.daysLeft });
  return renderEmail(
    brand,
    t('trial.subject', { appName, when }),
    {
      heading: t('trial.heading', { when }),
      intro: [t('trial.intro', { organization, appName, date: emailDate(info.trialEndsAt, lang) }), t('trial.choose')],
      action: { kind: 'link', label: t('trial.action'), url: info.billingUrl },
      outro: [info.graceDays > 0 ? t('trial.grace', { count: info.graceDays }) : t('trial.noGrace')],
    },
    lang,
  );
}

export interface LapsedInfo {
  organizationName: string;
  /** `trial`: the free trial ended; `payment`: Stripe could not renew (past due, unpaid); `canceled`: it ended. */
  reason: 'trial' | 'payment' | 'canceled';
  lapsedAt: Date;
  /** When guests stop seeing the menu. */
  graceEndsAt: Date;
  billingUrl: string;
}

/** When a subscription lapsed: what that means for staff and guests, and the one link that fixes it. */
export function lapsedEmail(brand: Brand, info: LapsedInfo, lang: StaffLanguage = 'en'): EmailContent {
  const t = emailT(lang);
  const serving = info.graceEndsAt > info.lapsedAt;
  // The reason picks one of three wordings: lapsed.trial.*, lapsed.payment.*, lapsed.canceled.*.
  const reason = `lapsed.${info.reason}`;
  return renderEmail(
    brand,
    t(`${reason}.subject`, { appName: brand.appName }),
    {
      heading: t(`${reason}.heading`),
      intro: [
        t(`${reason}.what`, { organization: oneLine(info.organizationName), date: emailDate(info.lapsedAt, lang) }),
        t('lapsed.readOnly'),
        serving ? t('lapsed.serving', { date: emailDate(info.graceEndsAt, lang) }) : t('lapsed.notServing'),
      ],
      action: { kind: 'link', label: info.reason === 'trial' ? t('lapsed.choosePlan') : t('lapsed.renew'), url: info.billingUrl },
      outro: [],
    },
    lang,
  );
}
