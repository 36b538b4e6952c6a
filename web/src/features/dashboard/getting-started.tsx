import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Check, QrCode, Store, UtensilsCrossed } from 'lucide-react';
import { paths } from '../../app/paths.ts';
import { buttonVariants } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { cn } from '../../lib/cn.ts';
import type { FirstWeek } from './use-dashboard.ts';

/** Whether every step of the first week is done (the card then leaves the dashboard). */
export const firstWeekDone = (w: FirstWeek): boolean => w.published && w.linked && w.qrDownloaded;

/**
 * The owner's first week: publish a menu, link it to a venue, download a QR code. Each step ticks
 * itself from the organization's real state (useFirstWeek); the first open step carries the action.
 */
export function GettingStarted({ organizationName, state }: { organizationName: string; state: FirstWeek }) {
  const { t } = useTranslation('dashboard');
  const venue = state.venueId ? paths.venue(state.venueId) : paths.venues();
  const steps = [
    { key: 'publish', done: state.published, icon: UtensilsCrossed, href: paths.menus() },
    { key: 'link', done: state.linked, icon: Store, href: venue },
    { key: 'qr', done: state.qrDownloaded, icon: QrCode, href: venue },
  ] as const;
  const done = steps.filter((s) => s.done).length;
  const next = steps.find((s) => !s.done)?.key;
  return (
    <Card className="overflow-hidden" aria-labelledby="getting-started-title" data-testid="getting-started">
      <div className="grid gap-6 p-5 sm:p-8 lg:grid-cols-[1fr_1.2fr] lg:items-start">
        <div className="grid min-w-0 gap-3">
          <h2 id="getting-started-title" className="break-words text-xl font-semibold tracking-tight">
            {t('firstWeek.title', { organization: organizationName })}
          </h2>
          <p className="text-muted-foreground">{t('firstWeek.text')}</p>
          <p className="text-sm font-medium" aria-live="polite">
            {t('firstWeek.progress', { done })}
          </p>
          <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden>
            <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${(done / 3) * 100}%` }} />
          </div>
        </div>
        <ol className="grid min-w-0 gap-3">
          {steps.map(({ key, done: isDone, icon: Icon, href }, i) => (
            <li
              key={key}
              data-step={key}
              data-done={isDone ? 'true' : 'false'}
              className={cn('flex min-w-0 gap-4 rounded-lg border p-4', isDone ? 'bg-muted/40' : 'bg-card')}
            >
              <span
                className={cn(
                  'flex size-8 shrink-0 items-center justify-center rounded-full border text-sm font-semibold',
                  isDone ? 'border-primary bg-primary text-primary-foreground' : 'border-primary text-primary',
                )}
                aria-hidden
              >
                {isDone ? <Check className="size-4" /> : i + 1}
              </span>
              <div className="grid min-w-0 flex-1 gap-1">
                <p className={cn('flex items-center gap-2 font-medium', isDone && 'text-muted-foreground')}>
                  <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                  {t(`firstWeek.${key}.title`)}
                  <span className="sr-only">{isDone ? t('firstWeek.done') : t('firstWeek.todo')}</span>
                </p>
                {isDone ? null : <p className="text-sm text-muted-foreground">{t(`firstWeek.${key}.text`)}</p>}
                {key === next ? (
                  <Link href={href} className={cn(buttonVariants({ size: 'sm' }), 'mt-1 justify-self-start')}>
                    {t(`firstWeek.${key}.action`)}
                  </Link>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      </div>
    </Card>
  );
}
