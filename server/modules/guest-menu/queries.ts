import type { SqlParam, SqlStatements } from '../../db/sql.ts';

/** The guest-menu module's SQL: the `guest_stats` counters (other modules' data comes through their queries.ts). */

/** One counted slot of guest traffic (see stats.ts). */
export interface StatsHit {
  organization: string;
  venue: string;
  menu: string;
  day: string;
  hour: number;
  weekday: number;
  kind: 'view' | 'scan' | 'item' | GuestEventKind;
  tableNo: string;
  /** The dish whose details were opened (`item` hits), else ''. */
  item: string;
  /** What a `search`, `filter` or `lang` hit counts (folded words, `diet:vegan`, a language code), else ''. */
  term: string;
}

/** The guest events counted per day and term (guest-events.ts). */
export type GuestEventKind = 'search' | 'filter' | 'lang';

/** Adds counted hits, one upsert per distinct slot, in one transaction. */
export function addGuestStats(stmts: SqlStatements, hits: Iterable<{ hit: StatsHit; count: number }>, newId: () => string): void {
  stmts.transaction(() => {
    for (const { hit, count } of hits) {
      stmts.run(
        `INSERT INTO guest_stats (id, organization, venue, menu, day, hour, weekday, kind, tableNo, item, term, count) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (venue, menu, day, hour, kind, tableNo, item, term) DO UPDATE SET count = guest_stats.count + excluded.count`,
        [newId(), hit.organization, hit.venue, hit.menu, hit.day, hit.hour, hit.weekday, hit.kind, hit.tableNo, hit.item, hit.term, count],
      );
    }
  });
}

/** Which counters an analytics query reads: an organization's local days `from`..`to`, optionally one venue. */
export interface StatsWindow {
  organization: string;
  from: string;
  to: string;
  venue: string;
}

function where(w: StatsWindow): { sql: string; params: SqlParam[] } {
  return {
    sql: `organization = ? AND day >= ? AND day <= ?${w.venue ? ' AND venue = ?' : ''}`,
    params: w.venue ? [w.organization, w.from, w.to, w.venue] : [w.organization, w.from, w.to],
  };
}

/** Views and scans per local day (days without traffic are missing). */
export function statsPerDay(stmts: SqlStatements, w: StatsWindow): { day: string; views: number; scans: number }[] {
  const { sql, params } = where(w);
  return stmts
    .all(
      `SELECT day, SUM(CASE WHEN kind = 'view' THEN count ELSE 0 END) AS views, SUM(CASE WHEN kind = 'scan' THEN count ELSE 0 END) AS scans FROM guest_stats WHERE ${sql} GROUP BY day`,
      params,
    )
    .map((r) => ({ day: String(r.day), views: Number(r.views), scans: Number(r.scans) }));
}

/** Views per weekday and hour. */
export function viewsPerWeekdayHour(stmts: SqlStatements, w: StatsWindow): { weekday: number; hour: number; views: number }[] {
  const { sql, params } = where(w);
  return stmts
    .all(`SELECT weekday, hour, SUM(count) AS n FROM guest_stats WHERE ${sql} AND kind = 'view' GROUP BY weekday, hour`, params)
    .map((r) => ({ weekday: Number(r.weekday), hour: Number(r.hour), views: Number(r.n) }));
}

/** The most viewed menus, most first. */
export function topMenuViews(stmts: SqlStatements, w: StatsWindow, limit: number): { menu: string; views: number }[] {
  const { sql, params } = where(w);
  return stmts
    .all(
      `SELECT menu, SUM(count) AS views FROM guest_stats WHERE ${sql} AND kind = 'view' AND menu != '' GROUP BY menu ORDER BY views DESC LIMIT ${Number(limit)}`,
      params,
    )
    .map((r) => ({ menu: String(r.menu), views: Number(r.views) }));
}

/** Views and scans per venue, most viewed first. */
export function statsPerVenue(stmts: SqlStatements, w: StatsWindow): { venue: string; views: number; scans: number }[] {
  const { sql, params } = where(w);
  return stmts
    .all(
      `SELECT venue, SUM(CASE WHEN kind = 'view' THEN count ELSE 0 END) AS views, SUM(CASE WHEN kind = 'scan' THEN count ELSE 0 END) AS scans FROM guest_stats WHERE ${sql} GROUP BY venue ORDER BY views DESC`,
      params,
    )
    .map((r) => ({ venue: String(r.venue), views: Number(r.views), scans: Number(r.scans) }));
}

/** Scans per venue and registered table label, most first: two venues' "table 5" are two tables. */
export function scansPerTable(stmts: SqlStatements, w: StatsWindow, limit: number): { venue: string; tableNo: string; scans: number }[] {
  const { sql, params } = where(w);
  return stmts
    .all(
      `SELECT venue, tableNo, SUM(count) AS n FROM guest_stats WHERE ${sql} AND kind = 'scan' AND tableNo != '' GROUP BY venue, tableNo ORDER BY n DESC, tableNo LIMIT ${Number(limit)}`,
      params,
    )
    .map((r) => ({ venue: String(r.venue), tableNo: String(r.tableNo), scans: Number(r.n) }));
}

/** The dishes whose details guests opened most (item pages and overlays), most first. */
export function topItemViews(stmts: SqlStatements, w: StatsWindow, limit: number): { item: string; views: number }[] {
  const { sql, params } = where(w);
  return stmts
    .all(
      `SELECT item, SUM(count) AS views FROM guest_stats WHERE ${sql} AND kind = 'item' AND item != '' GROUP BY item ORDER BY views DESC, item LIMIT ${Number(limit)}`,
      params,
    )
    .map((r) => ({ item: String(r.item), views: Number(r.views) }));
}

/** Views per local day of the given dishes (days without a view are missing). */
export function itemViewsPerDay(stmts: SqlStatements, w: StatsWindow, items: string[]): { item: string; day: string; views: number }[] {
  if (!items.length) return [];
  const { sql, params } = where(w);
  return stmts
    .all(
      `SELECT item, day, SUM(count) AS n FROM guest_stats WHERE ${sql} AND kind = 'item' AND item IN (${items.map(() => '?').join(', ')}) GROUP BY item, day`,
      [...params, ...items],
    )
    .map((r) => ({ item: String(r.item), day: String(r.day), views: Number(r.n) }));
}

/**
 * The terms of one kind of guest event with their counts over the window, most first; only terms
 * counted at least `min` times (a search seen once could be one guest's words).
 */
export function eventTerms(
  stmts: SqlStatements,
  w: StatsWindow,
  kind: GuestEventKind,
  min: number,
  limit: number,
): { term: string; count: number }[] {
  const { sql, params } = where(w);
  return stmts
    .all(
      `SELECT term, SUM(count) AS n FROM guest_stats WHERE ${sql} AND kind = ? AND term != '' GROUP BY term HAVING SUM(count) >= ? ORDER BY n DESC, term LIMIT ${Number(limit)}`,
      [...params, kind, min],
    )
    .map((r) => ({ term: String(r.term), count: Number(r.n) }));
}
