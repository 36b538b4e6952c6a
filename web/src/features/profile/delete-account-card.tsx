import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { toast } from '../../lib/toast.ts';
import { Trash2 } from 'lucide-react';
import { pb } from '../../lib/pb.ts';
import { handleApiError } from '../../lib/api-errors.ts';
import { useAuth } from '../../hooks/use-auth.ts';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';

/** Deletes the account after typing DELETE; the server refuses while a team would lose its only owner. */
export function DeleteAccountCard() {
  const { t } = useTranslation('profile');
  const { record } = useAuth();
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const remove = async () => {
    if (!record) return;
    try {
      await pb.collection('users').delete(record.id);
    } catch (err) {
      handleApiError(err);
      throw err;
    }
    pb.authStore.clear();
    toast.success(t('delete.done'));
    navigate(paths.login());
  };
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle className="text-destructive">{t('delete.title')}</CardTitle>
        <CardDescription>{t('delete.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setOpen(true)} className="w-full sm:w-auto">
          <Trash2 aria-hidden /> {t('delete.action')}
        </Button>
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          title={t('delete.confirmTitle')}
          destructive
          confirmText="DELETE"
          confirmLabel={t('delete.action')}
          description={t('delete.confirmDescription', { email: String(record?.email ?? '') })}
          onConfirm={remove}
        />
      </CardContent>
    </Card>
  );
}
