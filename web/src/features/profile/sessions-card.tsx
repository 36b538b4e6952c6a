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
    toast.success('You have been signed out everywhere.');
    navigate(paths.login());
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sessions</CardTitle>
        <CardDescription>Signed in somewhere you no longer use? End every session, including this one.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={() => setOpen(true)} className="w-full sm:w-auto">
          <LogOut aria-hidden /> Sign out everywhere
        </Button>
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          title="Sign out everywhere?"
          description="Every device signed in to your account, including this one, will have to sign in again."
          confirmLabel="Sign out everywhere"
          onConfirm={signOutEverywhere}
        />
      </CardContent>
    </Card>
  );
}
