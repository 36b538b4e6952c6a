import { useTranslation } from 'react-i18next';
import type { SubscriptionStatus } from '../../../shared/constants.ts';
import { Badge, type BadgeProps } from './ui/badge.tsx';

const VARIANT: Record<SubscriptionStatus, BadgeProps['variant']> = {
  trialing: 'info',
  active: 'success',
  past_due: 'warning',
  incomplete: 'warning',
  unpaid: 'destructive',
  canceled: 'destructive',
  none: 'secondary',
};

/** An organization's subscription status, as owners (billing settings) and operators (console) see it; the raw value in the title. */
export function SubscriptionStatusBadge({ status }: { status: unknown }) {
  const { t } = useTranslation();
  const key: SubscriptionStatus = String(status) in VARIANT ? (String(status) as SubscriptionStatus) : 'none';
  return (
    <Badge variant={VARIANT[key]} title={String(status)}>
      {t(`status.${key}`)}
    </Badge>
  );
}
