/**
 * Seeds (or refreshes) the demo restaurant through the record engine, so rules, hooks (slugs,
 * defaults, positions) and validation apply exactly as for API writes.
 *
 * Idempotent: the demo user is found by email. When it exists, its password and profile are reset
 * and the venues, menus and tags of its organization are replaced in one transaction (refresh);
 * everything else of the organization (members, uploads, help requests) is left alone.
 */
import type { AppContext } from '../../server/context.ts';
import { newRecordId } from '../../shared/ids.ts';
import type { UploadedFile } from '../../server/core/records/files-input.ts';
import type { PreparedWrite, WriteInput } from '../../server/core/records/write.ts';
import type { RequestInfo } from '../../server/core/request-info.ts';
import { dishImage, logoImage } from './images.ts';
import { DEMO_MENU, DEMO_ORGANIZATION, DEMO_TAGS, DEMO_USER, DEMO_VENUES, type DemoItem, type TagKey } from './menu-data.ts';

export interface SeedDemoOptions {
  /** The demo user's password; defaults to DEMO_USER.password. */
  password?: string;
}

export interface SeedDemoResult {
  /** `created`: a new demo user; `refreshed`: the user existed and its demo data was replaced. */
  mode: 'created' | 'refreshed';
  user: { id: string; email: string; name: string; password: string };
  organization: { id: string; name: string; slug: string; subscriptionStatus: string; currency: string; defaultLanguage: string };
  venues: Array<{ id: string; name: string; slug: string; timezone: string; path: string }>;
  menu: { id: string; name: string; status: string; languages: string[] };
  tags: string[];
  counts: {
    venues: number;
    tags: number;
    menus: number;
    sections: number;
    items: number;
    itemsWithImages: number;
    itemsWithVariants: number;
    itemsSoldOut: number;
    itemsTranslated: number;
  };
  /** What a refresh replaced (all 0 on first run). */
  replaced: { venues: number; menus: number; tags: number };
  elapsedMs: number;
}

const input = (data: Record<string, unknown>, files: Record<string, UploadedFile[]> = {}): WriteInput => ({ data, files, fromForm: false });

/** Slug-like file names for uploads ("Pizza Trattoria" -> "pizza-trattoria.webp"); storage adds a random suffix. */
const fileName = (name: string, ext: string) =>
  `${
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'image'
  }.${ext}`;

/** Prepares all writes; if one fails, the files the others staged are removed again. */
async function prepareAll(pending: Array<Promise<PreparedWrite> | PreparedWrite>): Promise<PreparedWrite[]> {
  const settled = await Promise.allSettled(pending);
  const ops = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await Promise.all(ops.map((op) => op.discard()));
    throw failed.reason;
  }
  return ops;
}

/** The organization the demo data lives in: the user's current one it owns, else its first owned one, else a new one. */
async function demoOrganization(ctx: AppContext, system: RequestInfo, userId: string): Promise<string> {
  const owned = ctx.stmts.all(
    "SELECT m.organization AS id, u.currentOrganization AS current FROM memberships m JOIN users u ON u.id = m.user WHERE m.user = ? AND m.role = 'owner' ORDER BY m.created, m.id",
    [userId],
  );
  const chosen = owned.find((r) => r.id === r.current) ?? owned[0];
  if (chosen) return String(chosen.id);
  const org = await ctx.engine.create(
    ctx.engine.collection('organizations'),
    input({ name: DEMO_ORGANIZATION.name, subscriptionStatus: 'active' }),
    system,
  );
  await ctx.engine.create(ctx.engine.collection('memberships'), input({ organization: org.id, user: userId, role: 'owner' }), system);
  return String(org.id);
}

function itemData(item: DemoItem, sectionId: string, tagIds: Map<TagKey, string>): Record<string, unknown> {
  const data: Record<string, unknown> = {
    section: sectionId,
    name: item.name,
    description: item.description,
    prices: item.prices,
    allergens: item.allergens ?? [],
    mayContain: item.mayContain ?? [],
    tags: (item.tags ?? []).map((key) => tagIds.get(key)),
  };
  if (item.de) data.translations = { de: { name: item.de[0], description: item.de[1] } };
  // Left out, `available` defaults to true in the items hook.
  if (item.soldOut) data.available = false;
  return data;
}

export async function seedDemo(ctx: AppContext, options: SeedDemoOptions = {}): Promise<SeedDemoResult> {
  const started = Date.now();
  const { engine, stmts } = ctx;
  const system = ctx.auth.systemRequest('default');
  const password = options.password ?? DEMO_USER.password;
  const col = (name: string) => engine.collection(name);

  // Pictures first: CPU work that needs no database.
  const [logos, pictures] = await Promise.all([
    Promise.all(DEMO_VENUES.map((v) => logoImage(v.logoLetter, v.primaryColor))),
    Promise.all(
      DEMO_MENU.sections.flatMap((s) =>
        s.items.filter((i) => i.image).map(async (i) => [i.name, await dishImage(i.name, s.style)] as const),
      ),
    ).then((entries) => new Map(entries)),
  ]);

  // The verified demo user; creating it provisions its organization and owner membership (users hook).
  const account = { name: DEMO_USER.name, password, passwordConfirm: password, verified: true, onboardingComplete: true };
  const existing = stmts.get(`SELECT id FROM users WHERE ${stmts.dialect.nocase('email')} = ${stmts.dialect.nocase('?')}`, [
    DEMO_USER.email,
  ]);
  let userId: string;
  if (existing) {
    userId = String(existing.id);
    await engine.update(col('users'), userId, input(account), system);
  } else {
    userId = String((await engine.create(col('users'), input({ email: DEMO_USER.email, ...account }), system)).id);
  }
  const orgId = await demoOrganization(ctx, system, userId);

  // Everything else in one transaction: remove the previous demo data, then write the new one.
  const idsOf = (table: string) =>
    stmts.all(`SELECT id FROM "${table}" WHERE organization = ? ORDER BY created, id`, [orgId]).map((r) => String(r.id));
  const previous = { venues: idsOf('venues'), menus: idsOf('menus'), tags: idsOf('tags') };
  const pending: Array<Promise<PreparedWrite> | PreparedWrite> = [];
  // Venues first (they link menus), then menus (sections and items cascade), then tags.
  for (const table of ['venues', 'menus', 'tags'] as const) {
    for (const id of previous[table]) pending.push(engine.prepareDelete(col(table), id, system));
  }

  const slugTaken = stmts.get('SELECT 1 FROM organizations WHERE slug = ? AND id != ?', [DEMO_ORGANIZATION.slug, orgId]);
  pending.push(
    engine.prepareUpdate(
      col('organizations'),
      orgId,
      input({
        name: DEMO_ORGANIZATION.name,
        ...(slugTaken ? {} : { slug: DEMO_ORGANIZATION.slug }),
        subscriptionStatus: 'active',
        cancelAtPeriodEnd: false,
        currency: DEMO_ORGANIZATION.currency,
        defaultLanguage: DEMO_ORGANIZATION.defaultLanguage,
      }),
      system,
    ),
  );
  const current = stmts.get('SELECT currentOrganization AS c FROM users WHERE id = ?', [userId])?.c;
  if (current !== orgId) pending.push(engine.prepareUpdate(col('users'), userId, input({ currentOrganization: orgId }), system));

  const tagIds = new Map<TagKey, string>();
  for (const tag of DEMO_TAGS) {
    const id = newRecordId();
    tagIds.set(tag.key, id);
    pending.push(engine.prepareCreate(col('tags'), input({ id, organization: orgId, name: tag.name, color: tag.color }), system));
  }

  const menuId = newRecordId();
  pending.push(
    engine.prepareCreate(
      col('menus'),
      input({
        id: menuId,
        organization: orgId,
        name: DEMO_MENU.name,
        description: DEMO_MENU.description,
        status: 'published',
        languages: DEMO_MENU.languages,
        // The demo's German is partial: published anyway, its missing texts show in English (marked).
        publishIncomplete: DEMO_MENU.languages.slice(1),
        schedule: [],
      }),
      system,
    ),
  );

  // Positions are left to the hooks: each new section/item goes last in its parent.
  for (const section of DEMO_MENU.sections) {
    const sectionId = newRecordId();
    pending.push(
      engine.prepareCreate(
        col('sections'),
        input({
          id: sectionId,
          menu: menuId,
          name: section.name,
          description: section.description,
          translations: { de: { name: section.de[0], description: section.de[1] } },
        }),
        system,
      ),
    );
    for (const item of section.items) {
      const picture = pictures.get(item.name);
      const files: Record<string, { name: string; data: Buffer }[]> = picture
        ? { image: [{ name: fileName(item.name, 'webp'), data: picture }] }
        : {};
      pending.push(engine.prepareCreate(col('items'), input(itemData(item, sectionId, tagIds), files), system));
    }
  }

  DEMO_VENUES.forEach((venue, i) => {
    pending.push(
      engine.prepareCreate(
        col('venues'),
        input(
          {
            organization: orgId,
            name: venue.name,
            timezone: venue.timezone,
            primaryColor: venue.primaryColor,
            currency: DEMO_ORGANIZATION.currency,
            address: venue.address,
            menus: [menuId],
          },
          { logo: [{ name: fileName(venue.name, 'png'), data: logos[i] as Buffer }] },
        ),
        system,
      ),
    );
  });

  await engine.execute(await prepareAll(pending));

  // The summary, read back from what was stored.
  const org = stmts.get('SELECT name, slug, subscriptionStatus, currency, defaultLanguage FROM organizations WHERE id = ?', [orgId]) ?? {};
  const venues = stmts
    .all('SELECT id, name, slug, timezone FROM venues WHERE organization = ? ORDER BY created, name', [orgId])
    .map((v) => ({
      id: String(v.id),
      name: String(v.name),
      slug: String(v.slug),
      timezone: String(v.timezone),
      path: `/m/${String(v.slug)}`,
    }));
  const menu = stmts.get('SELECT name, status, languages FROM menus WHERE id = ?', [menuId]) ?? {};
  // Counted with CASE and the dialect's JSON functions: the same on both engines.
  const d = stmts.dialect;
  const itemStats =
    stmts.get(
      `SELECT COUNT(*) AS items,
       SUM(CASE WHEN i.image != '' THEN 1 ELSE 0 END) AS withImages,
       SUM(CASE WHEN ${d.jsonArrayLength("NULLIF(i.prices, '')")} > 1 THEN 1 ELSE 0 END) AS withVariants,
       SUM(CASE WHEN i.available = 0 THEN 1 ELSE 0 END) AS soldOut,
       SUM(CASE WHEN ${d.jsonExtract("NULLIF(i.translations, '')", '$.de.name')} IS NOT NULL THEN 1 ELSE 0 END) AS translated
     FROM items i JOIN sections s ON s.id = i.section JOIN menus m ON m.id = s.menu WHERE m.organization = ?`,
      [orgId],
    ) ?? {};
  const count = (sql: string) => Number(stmts.get(sql, [orgId])?.c ?? 0);
  return {
    mode: existing ? 'refreshed' : 'created',
    user: { id: userId, email: DEMO_USER.email, name: DEMO_USER.name, password },
    organization: {
      id: orgId,
      name: String(org.name),
      slug: String(org.slug),
      subscriptionStatus: String(org.subscriptionStatus),
      currency: String(org.currency),
      defaultLanguage: String(org.defaultLanguage),
    },
    venues,
    menu: {
      id: menuId,
      name: String(menu.name),
      status: String(menu.status),
      languages: JSON.parse(String(menu.languages ?? '[]')) as string[],
    },
    // Same created time for all: listed in the data's order.
    tags: stmts
      .all('SELECT name FROM tags WHERE organization = ?', [orgId])
      .map((t) => String(t.name))
      .sort((a, b) => DEMO_TAGS.findIndex((t) => t.name === a) - DEMO_TAGS.findIndex((t) => t.name === b)),
    counts: {
      venues: venues.length,
      tags: count('SELECT COUNT(*) AS c FROM tags WHERE organization = ?'),
      menus: count('SELECT COUNT(*) AS c FROM menus WHERE organization = ?'),
      sections: count('SELECT COUNT(*) AS c FROM sections s JOIN menus m ON m.id = s.menu WHERE m.organization = ?'),
      items: Number(itemStats.items ?? 0),
      itemsWithImages: Number(itemStats.withImages ?? 0),
      itemsWithVariants: Number(itemStats.withVariants ?? 0),
      itemsSoldOut: Number(itemStats.soldOut ?? 0),
      itemsTranslated: Number(itemStats.translated ?? 0),
    },
    replaced: { venues: previous.venues.length, menus: previous.menus.length, tags: previous.tags.length },
    elapsedMs: Date.now() - started,
  };
}
