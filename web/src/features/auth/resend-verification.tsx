import { Trans, useTranslation } from 'react-i18next';
import { useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { RotateCw } from 'lucide-react';
import { pb } from '../../lib/pb.ts';
import { handleApiError } from '../../lib/api-errors.ts';
import { Button, type ButtonProps } from '../../components/ui/button.tsx';
import { RESEND_COOLDOWN_SECONDS, markVerificationSent, verificationSentAt } from '../../lib/auth-flow.ts';
import { useCooldown } from './use-cooldown.ts';

/** Sends the verification email again, then waits 60 s (shown on the button) before allowing another. */
export function ResendVerification({ email, ...props }: { email: string } & Omit<ButtonProps, 'onClick'>) {
  const { t } = useTranslation('auth');
  const [since, setSince] = useState(() => verificationSentAt(email));
  const [sending, setSending] = useState(false);
  const remaining = useCooldown(since, RESEND_COOLDOWN_SECONDS);

  const resend = async () => {
    setSending(true);
    try {
      await pb.collection('users').requestVerification(email);
      const now = Date.now();
      markVerificationSent(email, now);
      setSince(now);
      toast.success(t('resend.sent'));
    } catch (err) {
      handleApiError(err);
    } finally {
      setSending(false);
    }
  };

  return (
    <Button type="button" variant="outline" {...props} loading={sending} disabled={remaining > 0} onClick={() => void resend()}>
      {sending ? null : <RotateCw aria-hidden />}
      {remaining > 0 ? (
        <span>
          <Trans t={t} i18nKey="resend.wait" values={{ seconds: remaining }} components={{ n: <span className="tabular-nums" /> }} />
        </span>
      ) : (
        t('resend.action')
      )}
    </Button>
  );
}
