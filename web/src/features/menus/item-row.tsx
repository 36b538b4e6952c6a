import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageIcon, Languages, MapPin, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { pb } from '../../lib/pb.ts';
import { cn } from '../../lib/cn.ts';
import { formatMoney } from '../../../../shared/money.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { allergenCodes, allergenNames } from './allergen-grid.tsx';
import { Switch } from './switch.tsx';
import { activeLanguage } from '../../lib/i18n/i18n.ts';
import { untilText } from './until-text.ts';
import { languageName } from '../../lib/language-name.ts';
import { isAvailableNow, type Item, type Tag } from './types.ts';
import { VenueDifferencesBadge } from './venue-differences-badge.tsx';
import type { VenueDifference } from './venue-overrides.ts';
import { FullText } from '../../components/ui/full-text.tsx';

/** One item in the section list: photo, name, prices, tags, allergens, availability switch, actions. */
export function ItemRow({
  item,
  handle,
  dragging,
  tags,
  currency,
  timeZone,
  onEdit,
  onDelete,
  onToggleAvailable,
  differences = [],
  onPerVenue,
  missing,
}: {
  item: Item;
  handle: ReactNode;
  dragging: boolean;
  tags: Tag[] | undefined;
  currency: string;
  timeZone: string;
  onEdit: () => void;
  onDelete: () => void;
  onToggleAvailable: (available: boolean) => void;
  /** How venues differ from the item everywhere (sold out there, own prices). */
  differences?: VenueDifference[];
  /** Opens the item's per-venue settings. */
  onPerVenue?: () => void;
  /** The menu's languages the item (with its courses, options and tags) is not translated into yet. */
  missing: string[];
}) {
  const { t } = useTranslation('menus');
  const availableNow = isAvailableNow(item);
  const itemTags = (tags ?? []).filter((t) => item.tags.includes(t.id));
  const thumb = item.image ? pb.files.getURL(item, item.image, { thumb: '160x160' }) : '';
  const prices = item.prices
    .map((p) => {
      const amount = formatMoney(p.amount, currency, activeLanguage());
      return p.label ? `${p.label} ${amount}` : amount;
    })
    .join(' · ');

  return (
    <div
      data-testid="item-row"
      data-item-id={item.id}
      className={cn('flex items-center gap-2 rounded-md border bg-card p-2 sm:gap-3', dragging && 'shadow-lg ring-2 ring-ring')}
    >
      {handle}
      {/* Below 360 px the photo gives its room to the name and badges. */}
      <span className="flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-md bg-muted text-muted-foreground max-[359px]:hidden">
        {thumb ? (
          <img src={thumb} alt="" className="size-full object-cover" loading="lazy" />
        ) : (
          <ImageIcon className="size-5" aria-hidden />
        )}
      </span>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <button
          type="button"
          onClick={onEdit}
          className="flex min-w-0 text-left font-medium hover:underline focus-visible:underline focus-visible:outline-none"
          data-testid="item-name"
        >
          <FullText text={item.name || t('untitledItem')} />
        </button>
        <p className="text-sm tabular-nums text-muted-foreground sm:truncate">
          {prices || (item.priceOnRequest ? t('itemRow.priceOnRequest') : t('itemRow.noPrice'))}
        </p>
        <div className="flex flex-wrap items-center gap-1">
          {item.kind === 'set' ? <Badge variant="outline">{t('setMenu.kindSet')}</Badge> : null}
          {!availableNow ? (
            <Badge variant="warning" className="max-w-full whitespace-normal">
              {item.soldOutUntil ? t('itemRow.soldOutUntil', { time: untilText(item.soldOutUntil, timeZone) }) : t('itemRow.soldOut')}
            </Badge>
          ) : null}
          {differences.length && onPerVenue ? <VenueDifferencesBadge differences={differences} onClick={onPerVenue} /> : null}
          {item.allergens.length ? (
            <Badge
              variant="outline"
              className="max-w-full whitespace-normal rounded-xl"
              title={t('itemRow.containsTitle', { names: allergenNames(item.allergens) })}
            >
              {t('itemRow.contains', { codes: allergenCodes(item.allergens) })}
            </Badge>
          ) : null}
          {item.mayContain.length ? (
            <Badge
              variant="outline"
              className="max-w-full whitespace-normal rounded-xl border-dashed"
              title={t('itemRow.mayContainTitle', { names: allergenNames(item.mayContain) })}
            >
              {t('itemRow.mayContain', { codes: allergenCodes(item.mayContain) })}
            </Badge>
          ) : null}
          {itemTags.map((t) => (
            <Badge key={t.id} variant="outline" className="max-w-full gap-1.5 whitespace-normal">
              <span className="size-2 rounded-full" style={{ backgroundColor: t.color }} aria-hidden />
              {t.name}
            </Badge>
          ))}
          {missing.length ? (
            <Badge variant="info" className="max-w-full whitespace-normal" title={missing.map(languageName).join(', ')}>
              <Languages className="size-3" aria-hidden />
              {t('itemRow.toTranslate', { languages: missing.join(', ') })}
            </Badge>
          ) : null}
        </div>
      </div>
      <div className="flex shrink-0 items-center gap-1 sm:gap-2">
        <span className="hidden text-xs text-muted-foreground sm:inline" aria-hidden>
          {availableNow ? t('itemRow.available') : t('itemRow.soldOut')}
        </span>
        <Switch checked={availableNow} onCheckedChange={onToggleAvailable} aria-label={t('itemRow.availableLabel', { name: item.name })} />
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" className="size-9" aria-label={t('itemRow.actionsFor', { name: item.name })}>
              <MoreHorizontal aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent>
            <DropdownMenuItem onSelect={onEdit}>
              <Pencil /> {t('common:ui.edit')}
            </DropdownMenuItem>
            {onPerVenue ? (
              <DropdownMenuItem onSelect={onPerVenue}>
                <MapPin /> {t('venueOverrides.action')}
              </DropdownMenuItem>
            ) : null}
            <DropdownMenuSeparator />
            <DropdownMenuItem destructive onSelect={onDelete}>
              <Trash2 /> {t('common:ui.delete')}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </div>
  );
}
