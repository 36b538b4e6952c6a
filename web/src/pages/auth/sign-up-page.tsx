import { useTitle } from '../../hooks/use-title.ts';
import { SignUpForm } from '../../components/auth/sign-up-form.tsx';

export default function SignUpPage() {
  useTitle();
  return <SignUpForm />;
}
