import type { AppContext } from '../../context.ts';
import { formatDateTime } from '../../core/datetime.ts';
import { lapseOf, parseStoredDate } from '../../../shared/lapse.ts';
import { lapsedSince, ownerRecipients, trialsEndingBetween, type BillingNoticeOrg } from '../organizations/queries.ts';
import type { BillingNoticeKind } from './collection.ts';
import { lapsedEmail, trialEndingEmail } from './emails.ts';
import { billingNoticeId } from './queries.ts';
import type { EmailContent } from '../../mail/layout.ts';
import { emailLanguage } from '../../mail/i18n.ts';
import type { StaffLanguage } from '../../../shared/i18n/staff-languages.ts';

const DAY_MS = 86_400_000;
/**
 * A lapse is announced only while it is recent: an upgrade that backfills `lapsedAt`, or a
 * server that was down for weeks, must not mail every long-lapsed organization at once.
 */
const LAPSE_NOTICE_WINDOW_DAYS = 7;

/** Where the emails send owners: the billing page of the staff app. */
export const billingUrl = (appUrl: string): string => `${appUrl.replace(/\/+$/, '')}/settings/billing`;

function lapseReason(org: BillingNoticeOrg): 'trial' | 'payment' | 'canceled' {
  if (org.subscriptionStatus === 'canceled') return 'canceled';
  // An expired trial lapses at the trial's end (billing/lapse.ts) and has no Stripe subscription.
  if (!org.stripeSubscriptionId && org.trialEndsAt && org.trialEndsAt === org.lapsedAt) return 'trial';
  return 'payment';
}

/**
 * Sends each owner of the organization one email, once per organization, kind and period: the
 * notice is recorded first (a unique index makes a concurrent run fail instead of sending twice)
 * and removed again when sending fails, so the next hourly run tries again.
 */
async function sendOnce(
  ctx: AppContext,
  org: BillingNoticeOrg,
  kind: BillingNoticeKind,
  periodEnd: string,
  email: (lang: StaffLanguage) => EmailContent,
): Promise<boolean> {
  const { engine, stmts } = ctx;
  if (billingNoticeId(stmts, org.id, kind, periodEnd)) return false;
  const recipients = ownerRecipients(stmts, org.id);
  if (recipients.length === 0) return false;
  const notices = engine.collection('billing_notices');
  const record = await engine.create(
    notices,
    { data: { organization: org.id, kind, periodEnd }, files: {}, fromForm: false },
    engine.systemRequest(),
  );
  try {
    // Each owner reads it in their own language.
    for (const to of recipients) await ctx.mailer.send({ to: to.email, ...email(emailLanguage(to.language)) });
    return true;
  } catch (err) {
    await engine.delete(notices, String(record.id), engine.systemRequest()).catch(() => undefined);
    throw err;
  }
}

/**
 * The hourly billing emails to owners: 3 days and 1 day before a trial ends (only the nearer one
 * when the cron first sees a trial with under a day left), and once when a subscription lapses.
 * Trial reminders only for our own trials (trial mode): a Stripe trial with a card on file simply
 * converts, and Stripe sends its own reminders.
 * Returns how many organizations were emailed. A failed delivery does not stop the others; the
 * run then fails (the scheduler logs it) and the next hourly run tries that email again.
 */
export async function sendBillingNotices(ctx: AppContext, now: Date, options: { trialReminders: boolean }): Promise<number> {
  const brand = { appName: ctx.config.appName, appUrl: ctx.config.appUrl };
  const url = billingUrl(ctx.config.appUrl);
  const graceDays = ctx.settings.get().billing.lapseGraceDays;
  const failures: unknown[] = [];
  let sent = 0;
  const attempt = async (
    org: BillingNoticeOrg,
    kind: BillingNoticeKind,
    periodEnd: string,
    email: (lang: StaffLanguage) => EmailContent,
  ) => {
    try {
      if (await sendOnce(ctx, org, kind, periodEnd, email)) sent++;
    } catch (err) {
      failures.push(err);
    }
  };

  const nowText = formatDateTime(now);
  const endingSoon = options.trialReminders
    ? trialsEndingBetween(ctx.stmts, nowText, formatDateTime(new Date(now.getTime() + 3 * DAY_MS)))
    : [];
  for (const org of endingSoon) {
    const ends = parseStoredDate(org.trialEndsAt);
    if (!ends) continue;
    const left = ends.getTime() - now.getTime();
    const kind: BillingNoticeKind = left <= DAY_MS ? 'trial_1d' : 'trial_3d';
    const daysLeft = Math.ceil(left / DAY_MS);
    const email = (lang: StaffLanguage) =>
      trialEndingEmail(brand, { organizationName: org.name, trialEndsAt: ends, daysLeft, graceDays, billingUrl: url }, lang);
    await attempt(org, kind, org.trialEndsAt, email);
  }

  const since = formatDateTime(new Date(now.getTime() - LAPSE_NOTICE_WINDOW_DAYS * DAY_MS));
  for (const org of lapsedSince(ctx.stmts, since)) {
    const lapsedAt = parseStoredDate(org.lapsedAt);
    if (!lapsedAt) continue;
    const email = (lang: StaffLanguage) =>
      lapsedEmail(
        brand,
        {
          organizationName: org.name,
          reason: lapseReason(org),
          lapsedAt,
          graceEndsAt: lapseOf(lapsedAt, graceDays, now).graceEndsAt,
          billingUrl: url,
        },
        lang,
      );
    await attempt(org, 'lapsed', org.lapsedAt, email);
  }
  if (failures.length) throw new AggregateError(failures, `${failures.length} billing email(s) failed; retried next hour`);
  return sent;
}
