import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, seed, superuserRequest, type TestApp } from '../../test/test-app.ts';
import { guestPageCacheStats } from './index.ts';

/**
 * Guest page caching per tenant: a write in one organization rebuilds only that organization's
 * pages. Observed through the cache's own hit/build counters (no timing).
 */
let t: TestApp;
interface Tenant {
  org: string;
  venue: string;
  slug: string;
  menu: string;
  section: string;
  item: string;
  tag: string;
}
let a: Tenant;
let b: Tenant;

async function write(collection: string, id: string, data: Record<string, unknown>) {
  return t.ctx.engine.update(t.ctx.engine.collection(collection), id, { data, files: {}, fromForm: false }, superuserRequest(t.ctx));
}

async function tenant(email: string, name: string): Promise<Tenant> {
  const user = await seed(t.ctx, 'users', { email, password: 'password-123', passwordConfirm: 'password-123', verified: true });
  const org = String(t.ctx.stmts.get('SELECT currentOrganization AS o FROM users WHERE id = ?', [String(user.id)])?.o);
  await write('organizations', org, { subscriptionStatus: 'active' });
  const tag = await seed(t.ctx, 'tags', { organization: org, name: 'Vegan', color: '#15803d' });
  const menu = await seed(t.ctx, 'menus', { organization: org, name: `${name} menu`, status: 'published', languages: ['en'] });
  const section = await seed(t.ctx, 'sections', { menu: menu.id, name: 'Mains' });
  const item = await seed(t.ctx, 'items', {
    section: section.id,
    name: `${name} dish`,
    prices: [{ label: '', amount: 1000 }],
    tags: [tag.id],
  });
  const venue = await seed(t.ctx, 'venues', { organization: org, name, timezone: 'UTC', primaryColor: '#0f766e', menus: [menu.id] });
  return {
    org,
    venue: String(venue.id),
    slug: String(venue.slug),
    menu: String(menu.id),
    section: String(section.id),
    item: String(item.id),
    tag: String(tag.id),
  };
}

const view = (slug: string) => t.app.inject({ method: 'GET', url: `/m/${slug}` });

beforeAll(async () => {
  t = await buildTestApp();
  a = await tenant('a@example.com', 'Alpha');
  b = await tenant('b@example.com', 'Beta');
});

afterAll(async () => {
  await t.close();
});

describe('guest page cache per tenant', () => {
  const writesInA: Array<[string, (x: Tenant) => Promise<unknown>]> = [
    ['organization', (x) => write('organizations', x.org, { name: 'Alpha renamed' })],
    ['venue', (x) => write('venues', x.venue, { address: 'Main Street 1' })],
    ['menu', (x) => write('menus', x.menu, { description: 'Seasonal' })],
    ['section', (x) => write('sections', x.section, { description: 'Hot' })],
    ['item', (x) => write('items', x.item, { prices: [{ label: '', amount: 1250 }] })],
    ['tag', (x) => write('tags', x.tag, { name: 'Vegan!' })],
    ['new item', (x) => seed(t.ctx, 'items', { section: x.section, name: 'Alpha special', prices: [{ label: '', amount: 900 }] })],
  ];

  it.each(writesInA)('a write to an %s of A keeps B cached and rebuilds A', async (_name, writeA) => {
    await view(a.slug);
    await view(b.slug);
    await writeA(a);
    const before = guestPageCacheStats(t.ctx);
    expect((await view(b.slug)).statusCode).toBe(200);
    const afterB = guestPageCacheStats(t.ctx);
    expect(afterB).toEqual({ hits: before.hits + 1, builds: before.builds });
    await view(a.slug);
    expect(guestPageCacheStats(t.ctx)).toEqual({ hits: afterB.hits, builds: afterB.builds + 1 });
  });

  it("a venue's override of an item rebuilds that venue's page only, even in the same organization", async () => {
    const other = await seed(t.ctx, 'venues', {
      organization: a.org,
      name: 'Alpha airport',
      timezone: 'UTC',
      primaryColor: '#0f766e',
      menus: [a.menu],
    });
    const otherSlug = String(other.slug);
    await view(a.slug);
    await view(otherSlug);
    await view(b.slug);
    const override = await seed(t.ctx, 'venue_items', { venue: other.id, item: a.item, available: false });
    const before = guestPageCacheStats(t.ctx);
    await view(a.slug);
    await view(b.slug);
    const afterOthers = guestPageCacheStats(t.ctx);
    expect(afterOthers).toEqual({ hits: before.hits + 2, builds: before.builds });
    // The rebuilt page shows the dish sold out there (its badge is no longer hidden).
    const badge = new RegExp(`id="i-${a.item}"[\\s\\S]*?(<span class="so"[^>]*>)`).exec((await view(otherSlug)).body)?.[1];
    expect(badge).toMatch(/^<span class="so"/);
    expect(badge).not.toContain(' hidden');
    expect(guestPageCacheStats(t.ctx)).toEqual({ hits: afterOthers.hits, builds: afterOthers.builds + 1 });
    await t.ctx.engine.delete(t.ctx.engine.collection('venue_items'), String(override.id), superuserRequest(t.ctx));
  });

  it('A sees its own write on the next view', async () => {
    await view(a.slug);
    await write('items', a.item, { name: 'Alpha dish deluxe', prices: [{ label: '', amount: 1490 }] });
    const html = (await view(a.slug)).body;
    expect(html).toContain('Alpha dish deluxe');
    expect(html).toContain('€14.90');
  });

  it('a venue renamed to a new slug, or a lapsed organization reactivated, shows at once', async () => {
    // Lapsed long ago: beyond the grace period, guests get the "unavailable" page.
    const longAgo = new Date(Date.now() - 60 * 86_400_000).toISOString();
    await write('organizations', b.org, { subscriptionStatus: 'past_due', lapsedAt: longAgo });
    expect((await view(b.slug)).statusCode).toBe(503);
    await write('organizations', b.org, { subscriptionStatus: 'active' });
    expect((await view(b.slug)).statusCode).toBe(200);
    expect((await view('beta-new')).statusCode).toBe(404);
    await write('venues', b.venue, { slug: 'beta-new' });
    expect((await view('beta-new')).statusCode).toBe(200);
    expect((await view(b.slug)).statusCode).toBe(404);
  });
});
