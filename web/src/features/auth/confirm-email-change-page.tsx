import { useSearch } from 'wouter';
import { useTitle } from '../../hooks/use-title.ts';
import { paths } from '../../app/paths.ts';
import { BrokenLink, ConfirmEmailChangeForm } from './token-forms.tsx';

export default function ConfirmEmailChangePage() {
  useTitle();
  const token = new URLSearchParams(useSearch()).get('token');
  if (!token)
    return (
      <BrokenLink
        title="This link is incomplete"
        message="The confirmation link is missing its token. Open the link from the email again."
        action={{ label: 'Go to sign in', href: paths.login() }}
      />
    );
  return <ConfirmEmailChangeForm token={token} />;
}
