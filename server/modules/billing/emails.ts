import { oneLine, renderEmail, type Brand, type EmailContent } from '../../mail/layout.ts';

/** The billing emails to an organization's owners: trial reminders and the lapse notice. */

const DATE = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' });
/** A date as the emails show it: "March 12, 2025" (UTC, the instance has no time zone of its own). */
export const emailDate = (d: Date): string => DATE.format(d);

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export interface TrialEndingInfo {
  organizationName: string;
  trialEndsAt: Date;
  /** Whole days left, rounded up (1: "tomorrow"). */
  daysLeft: number;
  graceDays: number;
  billingUrl: string;
}

/** 3 days and 1 day before the trial ends. */
export function trialEndingEmail(brand: Brand, info: TrialEndingInfo): EmailContent {
  const org = oneLine(info.organizationName);
  const when = info.daysLeft <= 1 ? 'tomorrow' : `in ${plural(info.daysLeft, 'day', 'days')}`;
  return renderEmail(brand, `Your ${brand.appName} trial ends ${when}`, {
    heading: `Your free trial ends ${when}`,
    intro: [
      `The free trial of ${org} on ${brand.appName} ends on ${emailDate(info.trialEndsAt)}.`,
      'Choose a plan now to keep editing your menus without a break.',
    ],
    action: { kind: 'link', label: 'Choose a plan', url: info.billingUrl },
    outro: [
      info.graceDays > 0
        ? `If the trial ends without a plan, your menus become read-only. Guests keep seeing your menu for ${plural(info.graceDays, 'more day', 'more days')}; after that, your QR codes show a “temporarily unavailable” page until you subscribe.`
        : 'If the trial ends without a plan, your menus become read-only and your QR codes show a “temporarily unavailable” page until you subscribe.',
    ],
  });
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

const LAPSE_TEXT: Record<
  LapsedInfo['reason'],
  { subject: (app: string) => string; heading: string; what: (org: string, date: string) => string }
> = {
  trial: {
    subject: (app) => `Your ${app} trial has ended`,
    heading: 'Your free trial has ended',
    what: (org, date) => `The free trial of ${org} ended on ${date}.`,
  },
  payment: {
    subject: (app) => `Your ${app} subscription could not be renewed`,
    heading: 'Your payment did not go through',
    what: (org, date) => `We could not renew the subscription of ${org} on ${date}.`,
  },
  canceled: {
    subject: (app) => `Your ${app} subscription has ended`,
    heading: 'Your subscription has ended',
    what: (org, date) => `The subscription of ${org} ended on ${date}.`,
  },
};

/** When a subscription lapsed: what that means for staff and guests, and the one link that fixes it. */
export function lapsedEmail(brand: Brand, info: LapsedInfo): EmailContent {
  const text = LAPSE_TEXT[info.reason];
  const serving = info.graceEndsAt > info.lapsedAt;
  return renderEmail(brand, text.subject(brand.appName), {
    heading: text.heading,
    intro: [
      text.what(oneLine(info.organizationName), emailDate(info.lapsedAt)),
      'Your menus are read-only until you renew: you can still sign in and see everything.',
      serving
        ? `Guests still see your menu until ${emailDate(info.graceEndsAt)}. After that, your QR codes show a “temporarily unavailable” page until you renew; they work again the moment you do.`
        : 'Your QR codes show a “temporarily unavailable” page until you renew; they work again the moment you do.',
    ],
    action: { kind: 'link', label: info.reason === 'trial' ? 'Choose a plan' : 'Renew subscription', url: info.billingUrl },
    outro: [],
  });
}
