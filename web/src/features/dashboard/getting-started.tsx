import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { FileUp, QrCode, Store, UtensilsCrossed } from 'lucide-react';
import { paths } from '../../app/paths.ts';
import { buttonVariants } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';

const STEPS = [
  { icon: Store, title: 'steps.venue.title', text: 'steps.venue.text' },
  { icon: UtensilsCrossed, title: 'steps.menu.title', text: 'steps.menu.text' },
  { icon: QrCode, title: 'steps.qr.title', text: 'steps.qr.text' },
] as const;

/** The welcome of a new organization: three steps and a clear first action. */
export function GettingStarted({ organizationName }: { organizationName: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <Card className="overflow-hidden">
      <div className="grid gap-8 p-6 sm:p-10 lg:grid-cols-[1.1fr_1fr] lg:items-center">
        <div className="grid gap-4">
          <span className="flex size-12 items-center justify-center rounded-xl bg-primary/10 text-primary">
            <Store className="size-6" aria-hidden />
          </span>
          <h2 className="text-xl font-semibold tracking-tight sm:text-2xl">{t('welcome.title', { organization: organizationName })}</h2>
          <p className="text-muted-foreground">{t('welcome.text')}</p>
          <div className="flex flex-col gap-2 sm:flex-row">
            {/* Links styled as buttons (navigation, not actions). */}
            <Link href={paths.venues()} className={buttonVariants({ size: 'lg' })}>
              {t('welcome.firstVenue')}
            </Link>
            <Link href={paths.menuUpload()} className={buttonVariants({ size: 'lg', variant: 'outline' })}>
              <FileUp aria-hidden /> {t('welcome.importPdf')}
            </Link>
          </div>
        </div>
        <ol className="grid gap-3">
          {STEPS.map(({ icon: Icon, title, text }, i) => (
            <li key={title} className="flex gap-4 rounded-lg border bg-muted/40 p-4">
              <span
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
                aria-hidden
              >
                {i + 1}
              </span>
              <div className="min-w-0">
                <p className="flex items-center gap-2 font-medium">
                  <Icon className="size-4 text-muted-foreground" aria-hidden />
                  {t(title)}
                </p>
                <p className="text-sm text-muted-foreground">{t(text)}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </Card>
  );
}
