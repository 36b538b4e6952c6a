/**
 * Sold out, and "sold out until", for items and for a venue's override of an item (issue 20,
 * item 5). Times are stored instants (`YYYY-MM-DD HH:MM:SS.sssZ`, UTC), so "until" means the same
 * moment wherever it is read; the staff app picks it in the venue's own time zone.
 */

/** A sold-out mark: `available` false means sold out, until `soldOutUntil` passes ('' = until changed). */
export interface SoldOutMark {
  available: boolean;
  soldOutUntil: string;
}

/** Whether the mark shows as available at `now` (same format): "sold out until" ends by itself. */
export function availableAt(mark: SoldOutMark, now: string): boolean {
  return mark.available || (mark.soldOutUntil !== '' && mark.soldOutUntil <= now);
}

/** A venue's override of one item: its own sold-out mark, and its own price list (null = the item's). */
export interface VenueOverride<P> extends SoldOutMark {
  prices: P[] | null;
}

/**
 * An item as one venue's guests see it: sold out when sold out everywhere or sold out here; the
 * venue's prices when it has its own. A venue can only add "sold out", never undo the item's.
 */
export function atVenue<P>(item: SoldOutMark & { prices: P[] }, override: VenueOverride<P> | undefined, now: string) {
  return {
    available: availableAt(item, now) && (!override || availableAt(override, now)),
    prices: override?.prices ?? item.prices,
  };
}
