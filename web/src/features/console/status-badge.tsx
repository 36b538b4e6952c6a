import type { SubscriptionStatus } from '../../../../shared/constants.ts';
import { Badge, type BadgeProps } from '../../components/ui/badge.tsx';

const STATUS: Record<SubscriptionStatus, { label: string; variant: BadgeProps['variant'] }> = {
  trialing: { label: 'Trial', variant: 'info' },
  active: { label: 'Active', variant: 'success' },
  past_due: { label: 'Past due', variant: 'warning' },
  incomplete: { label: 'Incomplete', variant: 'warning' },
  unpaid: { label: 'Unpaid', variant: 'destructive' },
  canceled: { label: 'Canceled', variant: 'destructive' },
  none: { label: 'No plan', variant: 'secondary' },
};

/** An organization's subscription status as the console shows it (the raw value in the title). */
export function StatusBadge({ status }: { status: unknown }) {
  const s = STATUS[String(status) as SubscriptionStatus] ?? STATUS.none;
  return (
    <Badge variant={s.variant} title={String(status)}>
      {s.label}
    </Badge>
  );
}
