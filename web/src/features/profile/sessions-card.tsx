import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { toast } from '../../lib/toast.ts';
import { LogOut } from 'lucide-react';
import { pb } from '../../lib/pb.ts';
import { handleApiError } from '../../lib/api-errors.ts';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';

/** Ends every session of the account (lost phone, shared computer), this one included. */
export function SessionsCard() {
  const { t } = useTranslation('profile');
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const signOutEverywhere = async () => {
    try {
      await pb.send('/api/account/sign-out-everywhere', { method: 'POST' });
    } catch (err) {
      handleApiError(err);
      throw err;
    }
    pb.authStore.clear();
    toast.success(t('sessions.done'));
    navigate(paths.login());
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('sessions.title')}</CardTitle>
        <CardDescription>{t('sessions.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={() => setOpen(true)} className="w-full sm:w-auto">
          <LogOut aria-hidden /> {t('sessions.action')}
        </Button>
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          title={t('sessions.confirmTitle')}
          description={t('sessions.confirmDescription')}
          confirmLabel={t('sessions.action')}
          onConfirm={signOutEverywhere}
        />
      </CardContent>
    </Card>
  );
}
