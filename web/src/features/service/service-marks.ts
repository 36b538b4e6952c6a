import { ClientResponseError } from 'pocketbase';
import { availableAt, type SoldOutMark } from '../../../../shared/availability.ts';
import { isOnAt, weekMinuteIn } from '../../../../shared/schedule.ts';
import { pb } from '../../lib/pb.ts';
import {
  MARK_COLLECTION,
  storedInstant,
  toMark,
  type MarkKind,
  type ServiceMenu,
  type ServiceVenue,
  type VenueMark,
} from './service-requests.ts';

/**
 * Service mode's rules, apart from any screen: which menus guests see now, how an item reads at
 * this venue, and writing a venue's mark (venue_items, venue_options).
 */

/** The list with `mark` put in (or taken out). */
export function mergeMark(list: readonly VenueMark[], mark: VenueMark, removed = false): VenueMark[] {
  const rest = list.filter((m) => m.id !== mark.id && m.target !== mark.target);
  return removed ? rest : [...rest, mark];
}

/** The menus guests see at the venue at `now` (the guest page's rule: shared/schedule.ts). */
export function menusOnNow(menus: readonly ServiceMenu[], venue: ServiceVenue, now: Date): ServiceMenu[] {
  const at = weekMinuteIn(now, venue.timezone);
  return menus.filter((m) => isOnAt(m.schedule, at));
}

export type ItemState =
  /** Sold out for every venue (the item's own mark): only the team changes it, in the menu editor. */
  { kind: 'soldOutEverywhere'; until: string } | { kind: 'soldOut'; until: string } | { kind: 'available' };

/** How an item or option reads at this venue at `now`: its own mark first, then the venue's. */
export function itemState(item: SoldOutMark, mark: VenueMark | undefined, now: Date): ItemState {
  const at = storedInstant(now);
  if (!availableAt(item, at)) return { kind: 'soldOutEverywhere', until: item.soldOutUntil };
  if (mark && !availableAt(mark, at)) return { kind: 'soldOut', until: mark.soldOutUntil };
  return { kind: 'available' };
}

/** A write that did not reach the server (offline, connection dropped): refused, said so, never silently lost. */
export function isNetworkError(err: unknown): boolean {
  return err instanceof ClientResponseError ? err.status === 0 && !err.isAbort : err instanceof TypeError;
}

/**
 * Sets the venue's mark of an item or option: updates its row, or creates one (when another phone
 * created it meanwhile, the unique row is read and updated instead). Resolves with the saved row.
 */
export async function saveMark(
  kind: MarkKind,
  venueId: string,
  targetId: string,
  existing: VenueMark | undefined,
  mark: { available: boolean; soldOutUntil: Date | null },
): Promise<VenueMark> {
  const records = pb.collection(MARK_COLLECTION[kind]);
  const body = { available: mark.available, soldOutUntil: mark.soldOutUntil ? mark.soldOutUntil.toISOString() : '' };
  if (existing) return toMark(kind, await records.update(existing.id, body));
  try {
    return toMark(kind, await records.create({ venue: venueId, [kind]: targetId, ...body }));
  } catch (err) {
    if (!(err instanceof ClientResponseError) || err.status !== 400) throw err;
    const row = await records.getFirstListItem(pb.filter(`venue = {:v} && ${kind} = {:t}`, { v: venueId, t: targetId })).catch(() => null);
    if (!row) throw err;
    return toMark(kind, await records.update(row.id, body));
  }
}
