import { useSearch } from 'wouter';
import { useTitle } from '../../hooks/use-title.ts';
import { SignUpForm } from './sign-up-form.tsx';
import { InvitedSignUp } from './invited-sign-up.tsx';

export default function SignUpPage() {
  useTitle();
  const invite = new URLSearchParams(useSearch()).get('invite');
  return invite ? <InvitedSignUp token={invite} /> : <SignUpForm />;
}
