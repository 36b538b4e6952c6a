import type { SubscriptionStatus } from '../../../shared/constants.ts';
import { Badge, type BadgeProps } from './ui/badge.tsx';

const STATUS: Record<SubscriptionStatus, { label: string; variant: BadgeProps['variant'] }> = {
  trialing: { label: 'Free trial', variant: 'info' },
  active: { label: 'Active', variant: 'success' },
  past_due: { label: 'Past due', variant: 'warning' },
  incomplete: { label: 'Incomplete', variant: 'warning' },
  unpaid: { label: 'Unpaid', variant: 'destructive' },
  canceled: { label: 'Canceled', variant: 'destructive' },
  none: { label: 'No plan', variant: 'secondary' },
};

/** An organization's subscription status, as owners (billing settings) and operators (console) see it; the raw value in the title. */
export function SubscriptionStatusBadge({ status }: { status: unknown }) {
  const s = STATUS[String(status) as SubscriptionStatus] ?? STATUS.none;
  return (
    <Badge variant={s.variant} title={String(status)}>
      {s.label}
    </Badge>
  );
}
