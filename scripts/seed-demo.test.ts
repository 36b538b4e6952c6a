import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLERGEN_KEYS } from '../shared/constants.ts';
import { buildTestApp, type TestApp } from '../server/test/test-app.ts';
import { seedDemo } from './demo/seed.ts';

/** `npm run seed:demo` against a real app: counts, images, login, idempotence. */
describe('demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await seedDemo(t.ctx);
  });
  afterAll(async () => { await t.close(); });

  const count = (sql: string) => Number(t.ctx.stmts.get(sql)?.c ?? 0);

  it('creates two venues showing a published menu of about 80 items in 8 sections', () => {
    expect(count('SELECT COUNT(*) AS c FROM venues')).toBe(2);
    expect(count("SELECT COUNT(*) AS c FROM menus WHERE status = 'published'")).toBe(1);
    expect(count('SELECT COUNT(*) AS c FROM sections')).toBe(8);
    expect(count('SELECT COUNT(*) AS c FROM items')).toBeGreaterThanOrEqual(75);
    expect(count("SELECT COUNT(*) AS c FROM items WHERE json_array_length(prices) < 1")).toBe(0);
    const allergens = t.ctx.stmts.all('SELECT DISTINCT je.value AS a FROM items, json_each(items.allergens) je').map((r) => String(r.a));
    expect(allergens.length).toBeGreaterThan(5);
    for (const a of allergens) expect(ALLERGEN_KEYS).toContain(a);
  });

  it('stores and serves item images', async () => {
    const withImages = t.ctx.stmts.all("SELECT id, image FROM items WHERE image != ''");
    expect(withImages.length).toBeGreaterThanOrEqual(20);
    const first = withImages[0];
    const res = await t.app.inject({ method: 'GET', url: `/api/files/items/${String(first?.id)}/${String(first?.image)}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\//);
  });

  it('lets the demo user log in and shows the guest page', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/collections/users/auth-with-password', payload: { identity: 'demo@qrmenu.local', password: 'trattoria-demo' } });
    expect(login.statusCode).toBe(200);
    expect(login.json().record).toMatchObject({ verified: true, onboardingComplete: true });
    const slug = String(t.ctx.stmts.get('SELECT slug FROM venues ORDER BY name LIMIT 1')?.slug);
    const page = await t.app.inject({ method: 'GET', url: `/m/${slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Antipasti');
  });

  it('does not duplicate anything when run again', async () => {
    const before = count('SELECT COUNT(*) AS c FROM items');
    await seedDemo(t.ctx);
    expect(count('SELECT COUNT(*) AS c FROM items')).toBe(before);
    expect(count('SELECT COUNT(*) AS c FROM venues')).toBe(2);
    expect(count("SELECT COUNT(*) AS c FROM users WHERE email = 'demo@qrmenu.local'")).toBe(1);
  });
});
