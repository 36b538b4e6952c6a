import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { AppRoutes } from './routes.tsx';
import { CookieConsent } from '../components/cookie-consent.tsx';
import { ToasterHost } from '../components/toaster/toaster-host.tsx';
import { useTheme } from '../hooks/use-theme.ts';
import { fetchPublicConfig } from '../hooks/use-public-config.ts';
import { initAnalytics } from '../lib/analytics.ts';
import { readConsent } from '../lib/consent.ts';

/** Global UI: routes, toasts (bottom-right, 4 s, at most 3), consent banner. */
export function App() {
  const { t } = useTranslation();
  const { resolved } = useTheme();
  useEffect(() => {
    void fetchPublicConfig().then((config) => initAnalytics(config, readConsent()));
  }, []);
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-background focus:p-2"
      >
        {t('shell.skipToContent')}
      </a>
      <AppRoutes />
      <CookieConsent />
      <ToasterHost theme={resolved} />
    </>
  );
}
