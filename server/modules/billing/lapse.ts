import { formatDateTime } from '../../core/datetime.ts';
import type { RecordEngine } from '../../core/records/engine.ts';
import type { HookContext } from '../../core/records/hooks.ts';
import { parseStoredDate } from '../../../shared/lapse.ts';
import { subscriptionState } from '../../../shared/subscription.ts';

/**
 * The one place that records when an organization's subscription lapsed (`lapsedAt`), whoever
 * changes the status: the trial-expiry cron, the Stripe webhook or a superuser.
 *
 * - subscribed (or new) → lapsed: the trial's end when an expired trial lapses (the cron may run
 *   hours later, or after downtime), otherwise now;
 * - lapsed → lapsed (past_due → canceled): the lapse keeps its start;
 * - → subscribed or never chosen: cleared.
 *
 * It acts only when the status changes (or on create), so a member's edit of a lapsed
 * organization (its name) never touches the billing field and is never refused for it. A
 * superuser who writes `lapsedAt` together with the status keeps their value.
 */
export function registerLapseTracking(engine: RecordEngine, now: () => Date): void {
  const track = (ctx: HookContext) => {
    const { row, before } = ctx;
    const status = String(row.subscriptionStatus ?? '');
    if (before && status === String(before.subscriptionStatus ?? '')) return;
    if (subscriptionState(status) !== 'lapsed') {
      row.lapsedAt = '';
      return;
    }
    const explicit = before ? String(row.lapsedAt ?? '') !== String(before.lapsedAt ?? '') : Boolean(row.lapsedAt);
    if (explicit && row.lapsedAt) return;
    if (before && subscriptionState(String(before.subscriptionStatus ?? '')) === 'lapsed' && before.lapsedAt) {
      row.lapsedAt = before.lapsedAt;
      return;
    }
    const at = now();
    const trialEnd = before?.subscriptionStatus === 'trialing' ? parseStoredDate(before.trialEndsAt) : null;
    row.lapsedAt = formatDateTime(trialEnd && trialEnd <= at ? trialEnd : at);
  };
  engine.hooks.before('organizations', 'create', track);
  engine.hooks.before('organizations', 'update', track);
}
