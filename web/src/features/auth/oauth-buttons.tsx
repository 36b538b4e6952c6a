import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { pb } from '../../lib/pb.ts';
import { handleApiError } from '../../lib/api-errors.ts';
import { AUTH_EXPAND } from '../../hooks/use-auth.ts';
import { Button } from '../../components/ui/button.tsx';
import { OrDivider } from '../../components/auth-card.tsx';
import { useAuthMethods } from './auth-methods.ts';

/**
 * One button per OAuth2 provider configured on the server, then an "or" divider; nothing when
 * there are none. The SDK opens the provider's popup and finishes over realtime.
 */
export function OAuthButtons({ onSuccess, signUp = false }: { onSuccess: () => Promise<void>; signUp?: boolean }) {
  const { t } = useTranslation('auth');
  const { data } = useAuthMethods();
  const [pending, setPending] = useState<string | null>(null);
  const providers = data?.oauth2.enabled ? data.oauth2.providers : [];
  if (!providers.length) return null;

  const signIn = async (provider: string) => {
    setPending(provider);
    try {
      await pb.collection('users').authWithOAuth2({ provider, query: { expand: AUTH_EXPAND } });
      await onSuccess();
    } catch (err) {
      // Closing the popup is a choice, not an error.
      if (!(err as { isAbort?: boolean }).isAbort) handleApiError(err);
    } finally {
      setPending(null);
    }
  };

  return (
    <>
      <div className="grid gap-2">
        {providers.map((p) => (
          <Button
            key={p.name}
            type="button"
            variant="outline"
            className="w-full"
            loading={pending === p.name}
            disabled={pending !== null}
            onClick={() => void signIn(p.name)}
          >
            {t(signUp ? 'oauth.signUp' : 'oauth.continue', { provider: p.displayName || p.name })}
          </Button>
        ))}
      </div>
      <OrDivider />
    </>
  );
}
