import { useEffect } from 'react';
import { SWRConfig } from 'swr';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS, TOAST_MAX_VISIBLE } from '../../../shared/constants.ts';
import { AppRoutes } from './routes.tsx';
import { CookieConsent } from '../components/cookie-consent.tsx';
import { useTheme } from '../hooks/use-theme.ts';
import { fetchPublicConfig } from '../hooks/use-public-config.ts';
import { initAnalytics } from '../lib/analytics.ts';
import { readConsent } from '../lib/consent.ts';

/** Providers and global UI: data cache, toasts (bottom-right, 4 s, at most 3), consent banner. */
export function App() {
  const { resolved } = useTheme();
  useEffect(() => {
    void fetchPublicConfig().then((config) => initAnalytics(config, readConsent()));
  }, []);
  return (
    <SWRConfig value={{ revalidateOnFocus: true, shouldRetryOnError: false }}>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-background focus:p-2">Skip to content</a>
      <AppRoutes />
      <CookieConsent />
      <Toaster position="bottom-right" duration={TOAST_DURATION_MS} visibleToasts={TOAST_MAX_VISIBLE} theme={resolved} richColors closeButton />
    </SWRConfig>
  );
}
