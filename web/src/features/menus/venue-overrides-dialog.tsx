import { useTranslation } from 'react-i18next';
import { useId, useState } from 'react';
import { MapPin } from 'lucide-react';
import { formatMoney } from '../../../../shared/money.ts';
import { pb } from '../../lib/pb.ts';
import { toast } from '../../lib/toast.ts';
import { errorMessage } from '../../lib/api-errors.ts';
import { activeLanguage } from '../../lib/i18n/i18n.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Input, Label } from '../../components/ui/input.tsx';
import { MoneyInput } from '../../components/money-input.tsx';
import { errorText } from './error-text.ts';
import { Switch } from './switch.tsx';
import type { Item, Venue } from './types.ts';
import {
  overrideBody,
  overrideFormValues,
  overrideProblems,
  venueDifferences,
  type OverrideFormValues,
  type VenueItem,
} from './venue-overrides.ts';

/**
 * "Per venue" for one item: for each venue that shows its menu, sold out here only (with "until"
 * in that venue's time zone) and another price list, or back to the item's own ("reset"). Each
 * venue saves on its own; the item everywhere is edited in the item editor.
 */
export function VenueOverridesDialog({
  open,
  onOpenChange,
  item,
  venues,
  overrides,
  currency,
  onChanged,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  item: Item | null;
  /** The venues showing the item's menu. */
  venues: Venue[];
  /** The item's overrides (any venue); undefined while loading. */
  overrides: VenueItem[] | undefined;
  /** The organization's currency (a venue without its own uses it). */
  currency: string;
  onChanged: () => Promise<unknown>;
}) {
  const { t } = useTranslation('menus');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('venueOverrides.title', { name: item?.name || t('untitledItem') })}
      description={t('venueOverrides.description')}
      className="max-w-2xl"
    >
      {open && item ? (
        venues.length === 0 ? (
          <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">{t('venueOverrides.noVenues')}</p>
        ) : !overrides ? (
          <p className="text-sm text-muted-foreground" aria-busy="true">
            {t('venueOverrides.loading')}
          </p>
        ) : (
          <ul className="grid min-w-0 gap-3">
            {venues.map((venue) => {
              const override = overrides.find((o) => o.venue === venue.id && o.item === item.id);
              return (
                <li key={venue.id}>
                  <VenueOverrideForm
                    key={`${override?.id ?? 'none'}:${override?.updated ?? ''}`}
                    item={item}
                    venue={venue}
                    override={override}
                    currency={venue.currency || currency}
                    onChanged={onChanged}
                  />
                </li>
              );
            })}
          </ul>
        )
      ) : null}
    </Dialog>
  );
}

function VenueOverrideForm({
  item,
  venue,
  override,
  currency,
  onChanged,
}: {
  item: Item;
  venue: Venue;
  override: VenueItem | undefined;
  currency: string;
  onChanged: () => Promise<unknown>;
}) {
  const { t } = useTranslation('menus');
  const id = useId();
  const timeZone = venue.timezone || 'UTC';
  const initial = overrideFormValues(item, override, currency, timeZone, activeLanguage());
  const [values, setValues] = useState<OverrideFormValues>(initial);
  const [shown, setShown] = useState(false);
  const [saving, setSaving] = useState(false);
  const problems = overrideProblems(values, currency, timeZone, new Date());
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const set = (patch: Partial<OverrideFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const diff = venueDifferences(item, override ? [override] : [], [venue], new Date())[0];
  const status = !diff
    ? t('venueOverrides.same')
    : [diff.soldOut ? t('venueOverrides.soldOutHere') : '', diff.ownPrices ? t('venueOverrides.ownPrices') : '']
        .filter(Boolean)
        .join(' · ');
  const untilProblem = shown ? problems.find((p) => p.field === 'until') : undefined;
  const money = (minor: number) => formatMoney(minor, currency, activeLanguage());

  const write = async (body: Record<string, unknown> | null) => {
    setSaving(true);
    try {
      if (!body) {
        if (override) await pb.collection('venue_items').delete(override.id);
      } else if (override) await pb.collection('venue_items').update(override.id, body);
      else await pb.collection('venue_items').create({ ...body, venue: venue.id, item: item.id });
      await onChanged();
      toast.success(body ? t('venueOverrides.saved', { venue: venue.name }) : t('venueOverrides.reset', { venue: venue.name }));
    } catch (err) {
      toast.error(t('venueOverrides.failed', { venue: venue.name, error: errorMessage(err) }));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="grid min-w-0 gap-4 rounded-md border p-3 sm:p-4"
      aria-labelledby={`${id}-name`}
      data-testid="venue-override"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        e.stopPropagation();
        setShown(true);
        if (problems.length) return;
        void write(overrideBody(item, values, currency, timeZone));
      }}
    >
      <div className="flex min-w-0 flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-name`} className="flex min-w-0 items-center gap-1.5 font-medium">
          <MapPin className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span className="truncate">{venue.name}</span>
        </h3>
        <Badge variant={diff ? 'warning' : 'outline'} className="max-w-full whitespace-normal">
          {status}
        </Badge>
      </div>

      <div className="grid gap-3">
        <div className="flex items-center justify-between gap-3">
          <Label htmlFor={`${id}-sold`}>{t('venueOverrides.soldOutSwitch', { venue: venue.name })}</Label>
          <Switch id={`${id}-sold`} checked={values.soldOut} onCheckedChange={(v) => set({ soldOut: v, until: v ? values.until : '' })} />
        </div>
        {values.soldOut ? (
          <div className="grid gap-2">
            <Label htmlFor={`${id}-until`}>{t('editor.soldOutUntil')}</Label>
            <Input
              id={`${id}-until`}
              type="datetime-local"
              value={values.until}
              onChange={(e) => set({ until: e.target.value })}
              aria-invalid={untilProblem ? true : undefined}
              aria-describedby={`${id}-until-hint`}
              className="w-full sm:w-64"
            />
            <p id={`${id}-until-hint`} className={untilProblem ? 'text-sm font-medium text-destructive' : 'text-sm text-muted-foreground'}>
              {untilProblem ? errorText(untilProblem.key) : t('editor.soldOutUntilHint', { zone: timeZone })}
            </p>
          </div>
        ) : null}
      </div>

      <div className="grid gap-3">
        <div className="flex items-center justify-between gap-3">
          <Label htmlFor={`${id}-prices`} className="grid gap-1">
            <span>{t('venueOverrides.ownPricesSwitch')}</span>
            <span className="text-xs font-normal text-muted-foreground">
              {t('venueOverrides.everywhere', {
                prices: item.prices.map((p) => (p.label ? `${p.label} ${money(p.amount)}` : money(p.amount))).join(' · '),
              })}
            </span>
          </Label>
          <Switch id={`${id}-prices`} checked={values.ownPrices} onCheckedChange={(v) => set({ ownPrices: v })} />
        </div>
        {values.ownPrices ? (
          <ul className="grid gap-2" aria-label={t('venueOverrides.pricesAt', { venue: venue.name })}>
            {item.prices.map((p, i) => {
              const problem = shown ? problems.find((x) => x.field === 'amount' && x.index === i) : undefined;
              const label = p.label || t('venueOverrides.price');
              return (
                <li key={i} className="grid gap-1">
                  <div className="flex items-center gap-2">
                    <Label htmlFor={`${id}-amount-${i}`} className="min-w-0 flex-1 truncate font-normal">
                      {label}
                    </Label>
                    <MoneyInput
                      id={`${id}-amount-${i}`}
                      currency={currency}
                      value={values.amounts[i] ?? ''}
                      aria-invalid={problem ? true : undefined}
                      aria-label={t('venueOverrides.amountAt', { label, venue: venue.name })}
                      onValueChange={(text) => set({ amounts: values.amounts.map((a, j) => (j === i ? text : a)) })}
                      className="w-32"
                    />
                  </div>
                  {problem ? (
                    <p role="alert" className="text-sm font-medium text-destructive">
                      {errorText(problem.key)}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {override ? (
          <Button type="button" variant="outline" size="sm" disabled={saving} onClick={() => void write(null)}>
            {t('venueOverrides.resetButton')}
          </Button>
        ) : null}
        <Button type="submit" size="sm" loading={saving} disabled={!dirty}>
          {t('venueOverrides.save', { venue: venue.name })}
        </Button>
      </div>
    </form>
  );
}
