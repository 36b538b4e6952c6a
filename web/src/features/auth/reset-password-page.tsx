import { useSearch } from 'wouter';
import { useTitle } from '../../hooks/use-title.ts';
import { paths } from '../../app/paths.ts';
import { BrokenLink, ResetPasswordForm } from './token-forms.tsx';

export default function ResetPasswordPage() {
  useTitle();
  const token = new URLSearchParams(useSearch()).get('token');
  if (!token)
    return (
      <BrokenLink
        title="This link is incomplete"
        message="The reset link is missing its token. Open the link from the email again, or request a new one."
        action={{ label: 'Request a new link', href: paths.login() }}
      />
    );
  return <ResetPasswordForm token={token} />;
}
