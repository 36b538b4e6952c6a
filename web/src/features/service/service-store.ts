import type { RecordModel, RecordSubscription } from 'pocketbase';
import { pb } from '../../lib/pb.ts';
import {
  loadMarks,
  loadMenus,
  loadVenues,
  MARK_COLLECTION,
  MARK_FIELDS,
  menusVersion,
  toMark,
  type MarkKind,
  type ServiceMenu,
  type ServiceVenue,
  type VenueMark,
} from './service-requests.ts';
import { mergeMark } from './service-marks.ts';

/** The SDK's realtime connection: PB_CONNECT means connected, a drop with subscriptions means reconnecting. */
export type RealtimeStatus = 'connecting' | 'connected' | 'reconnecting';

/** What service mode shows, as loaded and kept live (undefined: not loaded yet). */
export interface ServiceState {
  venues?: ServiceVenue[];
  venuesError?: unknown;
  /** The selected venue's menus (for `menusFor`, its id and shown menus). */
  menus?: ServiceMenu[];
  menusFor?: string;
  menusError?: unknown;
  marks: Partial<Record<MarkKind, VenueMark[]>>;
  status: RealtimeStatus;
}

const KINDS: readonly MarkKind[] = ['item', 'option'];

/**
 * Service mode's data without React: the organization's venues the user may serve, the selected
 * venue's menus, sections, items and options, and its own sold-out marks, kept live over the
 * SDK's realtime connection (another phone's toggle shows at once; a menu renamed, rescheduled or
 * unpublished, a section or item changed, reloads the menus). After a dropped connection
 * everything is read again, as events may have been missed.
 */
/** Whether two answers of the server hold the same data. */
function sameData(a: unknown, b: unknown): boolean {
  return b !== undefined && JSON.stringify(a) === JSON.stringify(b);
}

export class ServiceStore {
  state: ServiceState = { marks: {}, status: pb.realtime.isConnected ? 'connected' : 'connecting' };
  private readonly listeners = new Set<() => void>();
  private venueId: string | undefined;
  private unsubscribe: (() => Promise<void>)[] = [];
  private menusLoading: Promise<void> | null = null;
  private menusAgain = false;

  constructor(private readonly organizationId: string) {}

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(patch: Partial<ServiceState>): void {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  /** Starts reading the venues and, when the address names one, its marks at once (one round trip less). */
  start(venueId: string | undefined): void {
    void this.refreshVenues();
    if (venueId) this.select(venueId);
    void this.watchConnection();
  }

  /** The venue whose menus and marks to load and keep live. */
  select(venueId: string): void {
    if (this.venueId === venueId) return;
    this.venueId = venueId;
    this.set({ menus: undefined, menusFor: undefined, menusError: undefined, marks: {} });
    for (const off of this.unsubscribe.splice(0)) void off().catch(() => undefined);
    for (const kind of KINDS) void this.refreshMarks(kind);
    void this.refreshMenus();
    void this.watchVenue(venueId);
  }

  selectedVenue(): ServiceVenue | undefined {
    return this.state.venues?.find((v) => v.id === this.venueId);
  }

  /** Puts a mark this phone saved into the list (the realtime event that follows changes nothing). */
  applyMark(kind: MarkKind, mark: VenueMark): void {
    this.set({ marks: { ...this.state.marks, [kind]: mergeMark(this.state.marks[kind] ?? [], mark) } });
  }

  async refreshVenues(): Promise<void> {
    try {
      const venues = await loadVenues(this.organizationId);
      // The same answer again (a catch-up read) keeps the objects, so the list is not rebuilt.
      if (!sameData(venues, this.state.venues) || this.state.venuesError) this.set({ venues, venuesError: undefined });
      void this.refreshMenus();
    } catch (err) {
      if (!this.state.venues) this.set({ venuesError: err });
    }
  }

  private async refreshMarks(kind: MarkKind): Promise<void> {
    const venueId = this.venueId;
    if (!venueId) return;
    try {
      const list = await loadMarks(kind, venueId);
      if (venueId === this.venueId) this.set({ marks: { ...this.state.marks, [kind]: list } });
    } catch (err) {
      if (venueId === this.venueId && !this.state.marks[kind]) this.set({ menusError: err });
    }
  }

  /**
   * Reads the selected venue's menus once the venues are in (their shown menus decide which);
   * calls while a read is out run once more after it, so a burst of edits costs two reads.
   */
  refreshMenus(): Promise<void> {
    if (this.menusLoading) {
      this.menusAgain = true;
      return this.menusLoading;
    }
    const venue = this.selectedVenue();
    if (!venue) return Promise.resolve();
    this.menusLoading = (async () => {
      try {
        const menus = await loadMenus(venue, this.organizationId);
        const menusFor = menusVersion(venue);
        const same = sameData(menus, this.state.menus) && menusFor === this.state.menusFor && !this.state.menusError;
        if (venue.id === this.venueId && !same) this.set({ menus, menusFor, menusError: undefined });
      } catch (err) {
        if (venue.id === this.venueId && !this.state.menus) this.set({ menusError: err });
      } finally {
        this.menusLoading = null;
      }
      if (this.menusAgain) {
        this.menusAgain = false;
        await this.refreshMenus();
      }
    })();
    return this.menusLoading;
  }

  /** The venue's marks from events (another phone); the menus and venues read again when the team edits them. */
  private async watchVenue(venueId: string): Promise<void> {
    const live = async (collection: string, topic: string, onEvent: (e: RecordSubscription<RecordModel>) => void, fields: string) => {
      try {
        const off = await pb.collection(collection).subscribe(topic, (e) => venueId === this.venueId && onEvent(e), { fields });
        if (venueId === this.venueId) this.unsubscribe.push(off);
        else void off().catch(() => undefined);
      } catch {
        // The connection status (banner, indicator) says why nothing arrives.
      }
    };
    const menus = () => void this.refreshMenus();
    await Promise.all([
      ...KINDS.map((kind) =>
        live(
          MARK_COLLECTION[kind],
          '*',
          (e) => {
            if (e.record.venue !== venueId) return;
            const list = this.state.marks[kind];
            if (list) this.set({ marks: { ...this.state.marks, [kind]: mergeMark(list, toMark(kind, e.record), e.action === 'delete') } });
          },
          MARK_FIELDS[kind],
        ),
      ),
      live('items', '*', menus, 'id'),
      live('options', '*', menus, 'id'),
      live('sections', '*', menus, 'id'),
      // The linked menus come expanded with the venues: reading those reads the menus after them.
      live('menus', '*', () => void this.refreshVenues(), 'id'),
      live('venues', venueId, () => void this.refreshVenues(), 'id'),
    ]);
    // The first reads went out before these subscriptions existed: what another phone marked in
    // between had no one to tell. One more read of the marks catches it up. The menus are not read
    // again: they are this screen's large answers, and the team rarely edits them in that second
    // (the next edit or a reconnect brings them).
    if (venueId !== this.venueId) return;
    for (const kind of KINDS) void this.refreshMarks(kind);
  }

  /** Follows the realtime connection; a reconnect after a drop reads everything again. */
  private async watchConnection(): Promise<void> {
    const previous = pb.realtime.onDisconnect;
    pb.realtime.onDisconnect = (subs) => {
      previous?.(subs);
      if (subs.length) this.set({ status: 'reconnecting' });
    };
    let first = !pb.realtime.isConnected;
    try {
      await pb.realtime.subscribe('PB_CONNECT', () => {
        const reconnect = !first;
        first = false;
        this.set({ status: 'connected' });
        if (!reconnect) return;
        void this.refreshVenues();
        for (const kind of KINDS) void this.refreshMarks(kind);
      });
    } catch {
      this.set({ status: 'reconnecting' });
    }
  }
}
