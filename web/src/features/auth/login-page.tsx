import { useTitle } from '../../hooks/use-title.ts';
import { LoginPanel } from './login-panel.tsx';

export default function LoginPage() {
  useTitle();
  return <LoginPanel />;
}
