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
    toast.success('Your account has been deleted.');
    navigate(paths.login());
  };
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle className="text-destructive">Delete account</CardTitle>
        <CardDescription>Permanently removes your account and your memberships. This cannot be undone.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setOpen(true)} className="w-full sm:w-auto">
          <Trash2 aria-hidden /> Delete account
        </Button>
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          title="Delete your account?"
          destructive
          confirmText="DELETE"
          confirmLabel="Delete account"
          description={`This permanently deletes ${String(record?.email ?? 'your account')}. If you are the only owner of a team, appoint another owner first.`}
          onConfirm={remove}
        />
      </CardContent>
    </Card>
  );
}
