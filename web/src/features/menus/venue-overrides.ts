import useSWR from 'swr';
import type { RecordModel } from 'pocketbase';
import { FULL_LIST_BATCH } from '../../../../shared/constants.ts';
import { availableAt } from '../../../../shared/availability.ts';
import { moneyInputText, parseMoney } from '../../../../shared/money.ts';
import { dateToZonedInput, zonedInputToDate } from '../../../../shared/schedule.ts';
import { MESSAGES } from '../../../../shared/schemas/messages.ts';
import { pb } from '../../lib/pb.ts';
import { swrKeys } from '../../lib/swr-keys.ts';
import type { Item, PriceVariant, Venue } from './types.ts';

/**
 * A venue's override of an item (issue 20, item 5; server/modules/venue-items): sold out at this
 * venue only ("until" read in the venue's own time zone) and its own price list (null = the
 * item's). No row, or a row that is available with no prices, means "as everywhere".
 */
export interface VenueItem extends RecordModel {
  venue: string;
  item: string;
  available: boolean;
  soldOutUntil: string;
  prices: PriceVariant[] | null;
}

export function toVenueItem(r: RecordModel): VenueItem {
  return {
    ...r,
    venue: String(r.venue ?? ''),
    item: String(r.item ?? ''),
    available: Boolean(r.available),
    soldOutUntil: String(r.soldOutUntil ?? ''),
    prices: Array.isArray(r.prices) ? (r.prices as PriceVariant[]) : null,
  };
}

/** The overrides of a section's items at every venue. */
export function useVenueItems(sectionId: string | undefined) {
  return useSWR(sectionId ? swrKeys.venueItems(sectionId) : null, async () => {
    const list = await pb
      .collection('venue_items')
      .getFullList({ batch: FULL_LIST_BATCH, filter: pb.filter('item.section = {:s}', { s: sectionId }) });
    return list.map(toVenueItem);
  });
}

/** An instant as the server stores it (`YYYY-MM-DD HH:MM:SS.sssZ`), comparable with stored dates. */
export const storedInstant = (d: Date) => d.toISOString().replace('T', ' ');

/** How one venue differs from the item everywhere, at `now`. */
export interface VenueDifference {
  venue: Venue;
  /** Sold out at this venue only (the item itself is available). */
  soldOut: boolean;
  /** Stored "until" ('' = until switched back). */
  until: string;
  ownPrices: boolean;
}

/**
 * The venues (of those showing the item's menu) where the item differs now: sold out here while
 * available elsewhere, or its own prices. An override whose "until" passed no longer differs.
 */
export function venueDifferences(
  item: Pick<Item, 'id'>,
  overrides: readonly VenueItem[],
  venues: readonly Venue[],
  now: Date,
): VenueDifference[] {
  const at = storedInstant(now);
  return venues.flatMap((venue) => {
    const o = overrides.find((v) => v.item === item.id && v.venue === venue.id);
    if (!o) return [];
    const soldOut = !availableAt(o, at);
    const ownPrices = o.prices !== null;
    return soldOut || ownPrices ? [{ venue, soldOut, until: soldOut ? o.soldOutUntil : '', ownPrices }] : [];
  });
}

/** The item list's badge: what one venue does differently, or how many venues differ. */
export function differenceBadge(diffs: readonly VenueDifference[]): { key: string; values: Record<string, string | number> } | null {
  if (!diffs.length) return null;
  if (diffs.length > 1) return { key: 'venueOverrides.badgeMany', values: { count: diffs.length } };
  const [d] = diffs as [VenueDifference];
  const venue = d.venue.name;
  if (d.soldOut && d.ownPrices) return { key: 'venueOverrides.badgeBoth', values: { venue } };
  return d.soldOut ? { key: 'venueOverrides.badgeSoldOut', values: { venue } } : { key: 'venueOverrides.badgePrices', values: { venue } };
}

/** The per-venue form: sold out here (until, as typed in the venue's zone) and own prices (typed text per label). */
export interface OverrideFormValues {
  soldOut: boolean;
  until: string;
  ownPrices: boolean;
  /** One typed amount per price of the item, by position. */
  amounts: string[];
}

export function overrideFormValues(
  item: Item,
  override: VenueItem | undefined,
  currency: string,
  timeZone: string,
  locale?: string,
): OverrideFormValues {
  const prices = override?.prices;
  return {
    soldOut: override ? !override.available : false,
    until:
      override && !override.available && override.soldOutUntil
        ? dateToZonedInput(new Date(override.soldOutUntil.replace(' ', 'T')), timeZone)
        : '',
    ownPrices: prices !== null && prices !== undefined,
    amounts: item.prices.map((p, i) => moneyInputText(prices?.[i]?.amount ?? p.amount, currency, locale)),
  };
}

export type OverrideProblem = { field: 'until'; key: string } | { field: 'amount'; index: number; key: string };

/** What is wrong with the form, as `menus:` keys: an "until" that is not a future time, an unreadable amount. */
export function overrideProblems(values: OverrideFormValues, currency: string, timeZone: string, now: Date): OverrideProblem[] {
  const problems: OverrideProblem[] = [];
  if (values.soldOut && values.until) {
    const until = zonedInputToDate(values.until, timeZone);
    if (!until) problems.push({ field: 'until', key: 'menus:validation.enterDateTime' });
    else if (until.getTime() <= now.getTime()) problems.push({ field: 'until', key: 'menus:validation.futureTime' });
  }
  if (values.ownPrices)
    values.amounts.forEach((a, index) => {
      if (parseMoney(a, currency) === null) problems.push({ field: 'amount', index, key: MESSAGES.priceInvalid });
    });
  return problems;
}

/**
 * The record body for the form, or null when the venue follows the item everywhere (the row is
 * then deleted: "reset to inherit"). Own prices keep the item's labels, in the venue's currency.
 */
export function overrideBody(item: Item, values: OverrideFormValues, currency: string, timeZone: string): Record<string, unknown> | null {
  if (!values.soldOut && !values.ownPrices) return null;
  const until = values.soldOut && values.until ? zonedInputToDate(values.until, timeZone) : null;
  return {
    available: !values.soldOut,
    soldOutUntil: until ? until.toISOString() : '',
    prices: values.ownPrices
      ? item.prices.map((p, i) => ({ label: p.label ?? '', amount: parseMoney(values.amounts[i] ?? '', currency) ?? 0 }))
      : null,
  };
}
