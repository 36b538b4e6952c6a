import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../server/test/test-app.ts';
import { ALLERGEN_KEYS } from '../shared/constants.ts';
import { seedDemo, type SeedDemoResult } from './demo/seed.ts';
import { DEMO_USER } from './demo/menu-data.ts';

const TABLES = ['users', 'organizations', 'memberships', 'venues', 'tags', 'menus', 'sections', 'items'] as const;

describe('seed:demo', () => {
  let t: TestApp;
  let first: SeedDemoResult;

  const tableCounts = () =>
    Object.fromEntries(TABLES.map((table) => [table, Number(t.ctx.stmts.get(`SELECT COUNT(*) AS c FROM "${table}"`)?.c)]));
  const items = () =>
    t.ctx.stmts.all('SELECT i.* FROM items i JOIN sections s ON s.id = i.section JOIN menus m ON m.id = s.menu WHERE m.organization = ?', [
      first.organization.id,
    ]);

  beforeAll(async () => {
    t = await buildTestApp();
    first = await seedDemo(t.ctx);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates a verified, onboarded demo user in an active EUR organization', () => {
    expect(first.mode).toBe('created');
    const user = t.ctx.stmts.get('SELECT * FROM users WHERE email = ?', [DEMO_USER.email]);
    expect(user).toMatchObject({ name: 'Demo Owner', verified: 1, onboardingComplete: 1, currentOrganization: first.organization.id });
    const org = t.ctx.stmts.get('SELECT * FROM organizations WHERE id = ?', [first.organization.id]);
    expect(org).toMatchObject({ name: 'Trattoria Demo', subscriptionStatus: 'active', currency: 'EUR', defaultLanguage: 'en' });
    expect(
      t.ctx.stmts.get('SELECT role FROM memberships WHERE user = ? AND organization = ?', [String(user?.id), first.organization.id]),
    ).toEqual({ role: 'owner' });
  });

  it('creates two venues with time zones, logos and the published menu', async () => {
    const venues = t.ctx.stmts.all('SELECT * FROM venues WHERE organization = ? ORDER BY name', [first.organization.id]);
    expect(venues).toHaveLength(2);
    expect(venues.map((v) => v.timezone).sort()).toEqual(['Europe/Berlin', 'Europe/Vienna']);
    const menu = t.ctx.stmts.get('SELECT * FROM menus WHERE organization = ?', [first.organization.id]);
    expect(menu).toMatchObject({ name: 'À la carte', status: 'published' });
    expect(JSON.parse(String(menu?.languages))).toEqual(['en', 'de']);
    for (const v of venues) {
      expect(String(v.slug)).toMatch(/^trattoria-demo-/);
      expect(JSON.parse(String(v.menus))).toEqual([menu?.id]);
      expect(String(v.primaryColor)).toMatch(/^#[0-9a-f]{6}$/);
      expect(String(v.address).length).toBeGreaterThan(5);
      const res = await t.app.inject({ method: 'GET', url: `/api/files/venues/${String(v.id)}/${String(v.logo)}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
    }
    expect(first.venues.map((v) => v.path).sort()).toEqual(venues.map((v) => `/m/${String(v.slug)}`).sort());
  });

  it('creates 6 tags, 8 translated sections and ~80 valid items', () => {
    expect(first.counts).toMatchObject({ venues: 2, tags: 6, menus: 1, sections: 8 });
    expect(first.tags).toEqual(['Vegan', 'Vegetarian', 'Spicy', 'Gluten-free', 'House special', 'New']);
    const sections = t.ctx.stmts.all(
      'SELECT s.* FROM sections s JOIN menus m ON m.id = s.menu WHERE m.organization = ? ORDER BY position',
      [first.organization.id],
    );
    expect(sections.map((s) => s.name)).toEqual(['Antipasti', 'Soups', 'Salads', 'Pasta', 'Pizza', 'Mains', 'Desserts', 'Drinks']);
    expect(sections.map((s) => s.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    for (const s of sections) expect(JSON.parse(String(s.translations)).de.name).toBeTruthy();

    const rows = items();
    expect(rows.length).toBeGreaterThanOrEqual(75);
    expect(first.counts.items).toBe(rows.length);
    const allowed = new Set<string>(ALLERGEN_KEYS);
    for (const item of rows) {
      const prices = JSON.parse(String(item.prices)) as Array<{ label: string; amount: number }>;
      expect(prices.length, String(item.name)).toBeGreaterThanOrEqual(1);
      for (const p of prices) expect(Number.isInteger(p.amount) && p.amount > 0).toBe(true);
      const allergens = [...JSON.parse(String(item.allergens)), ...JSON.parse(String(item.mayContain))] as string[];
      for (const a of allergens) expect(allowed.has(a), `${String(item.name)}: ${a}`).toBe(true);
    }
    expect(rows.filter((i) => i.available === 0).length).toBeGreaterThanOrEqual(2);
    expect(rows.filter((i) => JSON.parse(String(i.prices)).length > 1).length).toBeGreaterThanOrEqual(10);
    expect(rows.filter((i) => JSON.parse(String(i.tags)).length > 0).length).toBeGreaterThanOrEqual(30);
    expect(rows.filter((i) => JSON.parse(String(i.translations ?? 'null'))?.de?.name).length).toBeGreaterThanOrEqual(40);
    // Positions are dense within each section (filled by the items hook).
    for (const s of sections) {
      const positions = rows
        .filter((i) => i.section === s.id)
        .map((i) => Number(i.position))
        .sort((a, b) => a - b);
      expect(positions).toEqual(positions.map((_, i) => i));
    }
  });

  it('stores and serves images for at least 20 items', async () => {
    const withImages = items().filter((i) => i.image);
    expect(withImages.length).toBeGreaterThanOrEqual(20);
    for (const item of withImages) {
      const res = await t.app.inject({ method: 'GET', url: `/api/files/items/${String(item.id)}/${String(item.image)}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\//);
    }
  });

  it('lets the demo user log in with the printed password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/collections/users/auth-with-password',
      payload: { identity: first.user.email, password: first.user.password },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { token: string; record: { email: string; verified: boolean } };
    expect(body.token).toBeTruthy();
    expect(body.record).toMatchObject({ email: DEMO_USER.email, verified: true });
  });

  it('refreshes instead of duplicating on a second run', async () => {
    const before = tableCounts();
    const oldImage = items().find((i) => i.image);
    const second = await seedDemo(t.ctx);
    expect(second.mode).toBe('refreshed');
    expect(second.replaced).toEqual({ venues: 2, menus: 1, tags: 6 });
    expect(tableCounts()).toEqual(before);
    expect(second.counts).toEqual(first.counts);
    expect(second.user.id).toBe(first.user.id);
    expect(second.organization.id).toBe(first.organization.id);
    expect(second.venues.map((v) => v.slug)).toEqual(first.venues.map((v) => v.slug));
    // The replaced items' files are gone; the new ones are served.
    const gone = await t.app.inject({ method: 'GET', url: `/api/files/items/${String(oldImage?.id)}/${String(oldImage?.image)}` });
    expect(gone.statusCode).toBe(404);
    const fresh = items().find((i) => i.image);
    const served = await t.app.inject({ method: 'GET', url: `/api/files/items/${String(fresh?.id)}/${String(fresh?.image)}` });
    expect(served.statusCode).toBe(200);
  });
});
