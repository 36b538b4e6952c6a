import type { CollectionDef } from '../../core/collections.ts';
import type { SqlStatements } from '../../db/sql.ts';
import { readRule } from '../rules.ts';
import { wallClock } from '../../../shared/schedule.ts';
import { addGuestStats, type StatsHit } from './queries.ts';

/**
 * Consent-free guest analytics: aggregate counters only (per venue, menu, local day and hour,
 * kind and table), never a client identifier. Counted in memory and flushed in one transaction
 * every few seconds so the page's hot path does no write.
 */
export const guestStatsCollection: CollectionDef = {
  name: 'guest_stats',
  fields: [
    { name: 'organization', type: 'relation', collection: 'organizations', required: true, cascadeDelete: true },
    { name: 'venue', type: 'relation', collection: 'venues', required: true, cascadeDelete: true },
    { name: 'menu', type: 'text', max: 15 },
    /** The venue's local date (YYYY-MM-DD), hour (0-23) and weekday (0 = Sunday). */
    { name: 'day', type: 'text', max: 10 },
    { name: 'hour', type: 'number', onlyInt: true },
    { name: 'weekday', type: 'number', onlyInt: true },
    /**
     * `item`: a dish's details opened (its page, or its overlay on the menu), `menu` is then the dish's menu.
     * `search`: a search that found nothing (`term`: its folded words), `filter`: a filter box ticked
     * (`term`: `diet:vegan`, `hide:milk`), `lang`: a switch to a language (`term`: its code); these
     * three are counted per day (hour 0), never per guest.
     */
    { name: 'kind', type: 'select', values: ['view', 'scan', 'item', 'search', 'filter', 'lang'] },
    { name: 'tableNo', type: 'text', max: 20 },
    { name: 'count', type: 'number', onlyInt: true },
    /** The dish of an `item` hit ('' for views and scans). */
    { name: 'item', type: 'text', max: 15 },
    /** What a `search`, `filter` or `lang` hit counts ('' for the other kinds; see guest-events.ts). */
    { name: 'term', type: 'text', max: 40 },
  ],
  listRule: readRule('organization'),
  viewRule: readRule('organization'),
  createRule: null,
  updateRule: null,
  deleteRule: null,
  indexes: [
    { columns: ['venue', 'menu', 'day', 'hour', 'kind', 'tableNo', 'item', 'term'], unique: true },
    { columns: ['organization', 'day'] },
  ],
};

export interface Slot {
  day: string;
  hour: number;
  weekday: number;
}

type Hit = StatsHit;

const slotCache = new Map<string, { minute: number; slot: Slot }>();

/** The local date, hour and weekday of `now` in a time zone (computed once per zone and minute: Intl is slow). */
export function localSlot(now: Date, timeZone: string): Slot {
  const minute = Math.floor(now.getTime() / 60000);
  const hit = slotCache.get(timeZone);
  if (hit && hit.minute === minute) return hit.slot;
  const slot = computeSlot(now, timeZone);
  slotCache.set(timeZone, { minute, slot });
  return slot;
}

function computeSlot(now: Date, timeZone: string): Slot {
  const c = wallClock(now, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { day: `${c.year}-${pad(c.month)}-${pad(c.day)}`, hour: c.hour, weekday: c.weekday };
}

export class GuestStats {
  private pending = new Map<string, { hit: Hit; count: number }>();

  constructor(private readonly stmts: SqlStatements) {}

  /**
   * Counts one hit. On the guest page's hot path: only the key string is built per request; the
   * row object is made once per distinct slot.
   */
  record(organization: string, venue: string, menu: string, slot: Slot, kind: Hit['kind'], tableNo: string, item = '', term = ''): void {
    const key = `${venue}|${menu}|${slot.day}|${slot.hour}|${kind}|${tableNo}|${item}|${term}`;
    const entry = this.pending.get(key);
    if (entry) entry.count++;
    else
      this.pending.set(key, {
        hit: { organization, venue, menu, day: slot.day, hour: slot.hour, weekday: slot.weekday, kind, tableNo, item, term },
        count: 1,
      });
  }

  /** Writes the counted hits (one upsert per distinct slot). */
  flush(newId: () => string): void {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    addGuestStats(this.stmts, batch.values(), newId);
  }
}
