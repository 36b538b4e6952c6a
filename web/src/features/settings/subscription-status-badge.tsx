import type { SubscriptionStatus } from '../../../../shared/constants.ts';
import { Badge, type BadgeProps } from '../../components/ui/badge.tsx';

const STATUS: Record<SubscriptionStatus, { label: string; variant: BadgeProps['variant'] }> = {
  trialing: { label: 'Free trial', variant: 'info' },
  active: { label: 'Active', variant: 'success' },
  past_due: { label: 'Past due', variant: 'warning' },
  incomplete: { label: 'Incomplete', variant: 'warning' },
  unpaid: { label: 'Unpaid', variant: 'destructive' },
  canceled: { label: 'Canceled', variant: 'destructive' },
  none: { label: 'No plan', variant: 'secondary' },
};

export function SubscriptionStatusBadge({ status }: { status: unknown }) {
  const s = STATUS[String(status) as SubscriptionStatus] ?? STATUS.none;
  return <Badge variant={s.variant}>{s.label}</Badge>;
}
