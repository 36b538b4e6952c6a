import { useSearch } from 'wouter';
import { zVerifySearch } from '../../../../shared/schemas/forms.ts';
import { useTitle } from '../../hooks/use-title.ts';
import { VerifyToken } from './verify-token.tsx';
import { VerifyPending } from './verify-pending.tsx';

/** /verify?token=… confirms the address; plain /verify is "check your inbox". */
export default function VerifyPage() {
  useTitle();
  const parsed = zVerifySearch.safeParse(Object.fromEntries(new URLSearchParams(useSearch())));
  const token = parsed.success ? parsed.data.token : undefined;
  return token ? <VerifyToken key={token} token={token} /> : <VerifyPending />;
}
