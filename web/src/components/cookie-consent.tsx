import { useTranslation } from 'react-i18next';
import { Button } from './ui/button.tsx';
import { useConsent } from '../hooks/use-consent.ts';

/**
 * The specification's banner: bottom-left, shown only while the choice is undecided. Above the
 * sticky header (z-30), below dialog overlays (z-40), so it never covers a dialog.
 */
export function CookieConsent() {
  const { t } = useTranslation();
  const { consent, accept, decline } = useConsent();
  if (consent !== 'undecided') return null;
  return (
    <section
      aria-label={t('consent.label')}
      className="fixed bottom-4 left-4 z-[35] w-[calc(100%-2rem)] max-w-sm rounded-lg border bg-card p-4 text-card-foreground shadow-lg"
    >
      <h2 className="font-semibold">{t('consent.title')}</h2>
      <p className="mt-2 text-sm text-muted-foreground">{t('consent.body')}</p>
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={decline}>
          {t('consent.decline')}
        </Button>
        <Button size="sm" onClick={accept}>
          {t('consent.accept')}
        </Button>
      </div>
    </section>
  );
}
