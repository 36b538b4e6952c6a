import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { ExternalLink } from 'lucide-react';
import { handleApiError } from '../lib/api-errors.ts';
import { usePageRestore } from '../hooks/use-page-restore.ts';
import { Button, type ButtonProps } from './ui/button.tsx';
import { billingPortalUrl, leaveFor } from '../lib/billing-api.ts';

/**
 * Opens Stripe's Customer Portal for the organization (invoices, payment method, plan changes
 * and cancellation); the portal returns to /settings/billing. Errors become toasts.
 */
export function ManageBillingButton({
  organization,
  children,
  ...props
}: Omit<ButtonProps, 'onClick' | 'loading'> & { organization?: string }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  usePageRestore(() => setPending(false));
  const open = async () => {
    setPending(true);
    try {
      leaveFor(await billingPortalUrl(organization));
    } catch (err) {
      handleApiError(err);
      setPending(false);
    }
  };
  return (
    <Button {...props} loading={pending} onClick={() => void open()}>
      {children ?? t('ui.manageBilling')}
      {pending ? null : <ExternalLink aria-hidden />}
    </Button>
  );
}
