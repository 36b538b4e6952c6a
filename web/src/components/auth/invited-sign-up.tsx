import useSWR from 'swr';
import { Skeleton } from '../ui/card.tsx';
import { Notice } from './auth-card.tsx';
import { fetchInvitation } from './invitation.ts';
import { SignUpForm } from './sign-up-form.tsx';

/**
 * Sign-up from an invitation email (`/sign-up?invite=<token>`): the form names the organization
 * and keeps the invited address, as the server joins the organization by that address. A link
 * that no longer works still lets the person create an account of their own.
 */
export function InvitedSignUp({ token }: { token: string }) {
  const invitation = useSWR(['invitation', token], () => fetchInvitation(token), { revalidateOnFocus: false, shouldRetryOnError: false });
  if (invitation.isLoading) {
    return (
      <div className="grid gap-4 rounded-lg border bg-card p-6 shadow-md" aria-busy="true" aria-label="Loading invitation">
        <Skeleton className="h-7 w-2/3" /><Skeleton className="h-4 w-3/4" /><Skeleton className="h-10 w-full" /><Skeleton className="h-10 w-full" /><Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (!invitation.data) {
    return (
      <SignUpForm notice={<Notice tone="error">This invitation link is invalid or has expired. Ask the person who invited you to send a new one, or create an account of your own.</Notice>} />
    );
  }
  return <SignUpForm invitation={invitation.data} />;
}
