import { useTranslation } from 'react-i18next';
import { MapPin } from 'lucide-react';
import { badgeVariants } from '../../components/ui/badge.tsx';
import { cn } from '../../lib/cn.ts';
import { untilText } from './until-text.ts';
import { differenceBadge, type VenueDifference } from './venue-overrides.ts';

/**
 * The items list's "differs per venue" badge ("Sold out at Airport", "2 venues differ"): a
 * button that opens the item's per-venue settings; its accessible name spells out every venue's
 * difference, so screen reader users hear what sighted users see in the tooltip.
 */
export function VenueDifferencesBadge({ differences, onClick }: { differences: VenueDifference[]; onClick: () => void }) {
  const { t } = useTranslation('menus');
  const badge = differenceBadge(differences);
  if (!badge) return null;
  const details = differences
    .map((d) => {
      const parts = [
        d.soldOut
          ? d.until
            ? t('venueOverrides.soldOutUntilAt', { time: untilText(d.until, d.venue.timezone || 'UTC') })
            : t('venueOverrides.soldOutHere')
          : '',
        d.ownPrices ? t('venueOverrides.ownPrices') : '',
      ].filter(Boolean);
      return `${d.venue.name}: ${parts.join(', ')}`;
    })
    .join('; ');
  const text = t(badge.key, badge.values);
  return (
    <button
      type="button"
      onClick={onClick}
      title={details}
      aria-label={t('venueOverrides.badgeLabel', { summary: text, details })}
      data-testid="venue-differences"
      className={cn(
        badgeVariants({ variant: 'warning' }),
        'max-w-full whitespace-normal text-left hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
      )}
    >
      <MapPin className="size-3 shrink-0" aria-hidden />
      {text}
    </button>
  );
}
