import type { RecordEvent } from '../../core/events.ts';
import type { SqlStatements } from '../../db/sql.ts';
import { menusModuleRow, organizationOfMenu, organizationOfSection } from '../menus/queries.ts';
import { venueSlugsOf } from '../venues/queries.ts';
import { organizationOfOptionGroup } from '../options/queries.ts';

/** What a cached entry was built from: a write invalidates only the entries of its own tenant. */
export interface CacheOwner {
  /** '' for a slug that showed no page (unknown venue, or an organization without a subscription). */
  organization: string;
  venue: string;
  slug: string;
}

/** The entries a record change can affect: its organization's, its venue's, and those under its slugs. */
export interface CacheScope {
  organization?: string;
  venue?: string;
  slugs?: string[];
}

/**
 * A bounded, expiring cache whose entries remember their tenant, so one organization's writes
 * never evict another's pages. Counts hits and builds (the guest page's cost is the build).
 */
export class TenantCache<T> {
  private readonly entries = new Map<string, { value: T; owner: CacheOwner; expires: number }>();
  readonly stats = { hits: 0, builds: 0 };

  constructor(
    private readonly ttlMs: number,
    private readonly max: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached value, or `build()` stored under `key` with its owner. */
  get(key: string, build: () => { value: T; owner: CacheOwner }): T {
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.now()) {
      this.stats.hits++;
      return hit.value;
    }
    this.stats.builds++;
    const { value, owner } = build();
    if (!hit && this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { value, owner, expires: this.now() + this.ttlMs });
    return value;
  }

  /** Drops every entry (the realtime bus may have missed another instance's writes). */
  clear(): void {
    this.entries.clear();
  }

  /** Drops every entry owned by the scope's organization or venue, or cached under one of its slugs. */
  invalidate(scope: CacheScope): void {
    const slugs = new Set(scope.slugs ?? []);
    for (const [key, { owner }] of this.entries) {
      if (
        (scope.organization && owner.organization === scope.organization) ||
        (scope.venue && owner.venue === scope.venue) ||
        slugs.has(owner.slug)
      ) {
        this.entries.delete(key);
      }
    }
  }
}

/** Collections the guest page is built from. */
const GUEST_COLLECTIONS = new Set([
  'venues',
  'menus',
  'sections',
  'items',
  'tags',
  'option_groups',
  'options',
  'organizations',
  'menu_uploads',
  'venue_items',
  'venue_options',
  'set_courses',
]);

/**
 * The guest pages a record change can affect, or null when it affects none. Sections and items
 * reach their organization through their parents; when a parent is already gone (a cascade), the
 * parent's own delete event, which comes with it, carries the organization.
 */
export function scopeOf(stmts: SqlStatements, event: RecordEvent): CacheScope | null {
  const name = event.collection.name;
  if (!GUEST_COLLECTIONS.has(name)) return null;
  const row = event.row;
  const id = String(row.id);
  switch (name) {
    case 'organizations':
      // Also the slugs of its venues: while unsubscribed they were cached as "no page".
      return { organization: id, slugs: venueSlugsOf(stmts, id) };
    case 'venues':
      return { organization: String(row.organization), venue: id, slugs: [String(row.slug)] };
    case 'sections': {
      const organization = organizationOfMenu(stmts, String(row.menu));
      return organization ? { organization } : null;
    }
    case 'items': {
      const organization = organizationOfSection(stmts, String(row.section));
      return organization ? { organization } : null;
    }
    case 'set_courses': {
      // A course reaches its organization through its set; a set deleted with its courses says it itself.
      const set = menusModuleRow(stmts, 'items', String(row.item));
      const organization = set ? organizationOfSection(stmts, String(set.section)) : '';
      return organization ? { organization } : null;
    }
    case 'venue_items':
    case 'venue_options':
      // One venue's override: that venue's pages only.
      return { venue: String(row.venue) };
    case 'options': {
      const organization = organizationOfOptionGroup(stmts, String(row.group));
      return organization ? { organization } : null;
    }
    default:
      return { organization: String(row.organization) };
  }
}
