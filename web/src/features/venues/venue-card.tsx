import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { RecordModel } from 'pocketbase';
import { Clock, UtensilsCrossed } from 'lucide-react';
import { paths } from '../../app/paths.ts';
import { normalizeHex, readableTextColor } from '../../../../shared/contrast.ts';
import { Skeleton } from '../../components/ui/card.tsx';
import { logoUrl } from './use-venues.ts';
import { FullText } from '../../components/ui/full-text.tsx';

/** The venue's logo, or its initial on its primary colour. */
export function VenueAvatar({ venue, className = 'size-12' }: { venue: RecordModel; className?: string }) {
  const src = logoUrl(venue, '128x128');
  const color = normalizeHex(String(venue.primaryColor ?? '')) ?? '#0f766e';
  if (src)
    return <img src={src} alt="" className={`${className} shrink-0 rounded-md border bg-white object-contain p-0.5`} loading="lazy" />;
  return (
    <span
      aria-hidden
      className={`${className} flex shrink-0 items-center justify-center rounded-md text-lg font-semibold`}
      style={{ backgroundColor: color, color: readableTextColor(color) }}
    >
      {String(venue.name || '?')
        .trim()
        .slice(0, 1)
        .toUpperCase()}
    </span>
  );
}

/** A venue in the list: the whole card links to its edit screen. */
export function VenueCard({ venue }: { venue: RecordModel }) {
  const { t } = useTranslation('venues');
  const menus = Array.isArray(venue.menus) ? venue.menus.length : 0;
  return (
    <Link
      href={paths.venue(venue.id)}
      className="group flex h-full flex-col gap-4 rounded-lg border bg-card p-4 text-card-foreground shadow-sm transition-colors hover:border-primary/50 hover:bg-accent/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
    >
      <div className="flex min-w-0 items-center gap-3">
        <VenueAvatar venue={venue} />
        <div className="grid min-w-0">
          <FullText text={String(venue.name)} className="font-medium group-hover:underline group-hover:underline-offset-4" />
          <span className="truncate font-mono text-xs text-muted-foreground">{paths.guestMenu(String(venue.slug ?? ''))}</span>
        </div>
      </div>
      <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <span className="inline-flex items-center gap-1">
          <UtensilsCrossed className="size-3.5" aria-hidden />
          {t('card.menus', { count: menus })}
        </span>
        <span className="inline-flex min-w-0 items-center gap-1">
          <Clock className="size-3.5 shrink-0" aria-hidden />
          <span className="truncate">{venue.timezone ? String(venue.timezone).replace(/_/g, ' ') : t('card.noTimeZone')}</span>
        </span>
      </div>
    </Link>
  );
}

export function VenueCardSkeleton() {
  return (
    <div className="flex h-[118px] flex-col gap-4 rounded-lg border bg-card p-4">
      <div className="flex items-center gap-3">
        <Skeleton className="size-12" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-3 w-1/2" />
        </div>
      </div>
      <Skeleton className="h-3 w-1/2" />
    </div>
  );
}
