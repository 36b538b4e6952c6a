import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerWorld, type OwnerWorld } from '../../test/translation-fixtures.ts';
import { PREVIEW_TOKEN_SECONDS } from './index.ts';

/**
 * The staff preview of a menu in one language (`POST /api/menus/{id}/preview-link`, then
 * `GET /m-preview/{token}`): a draft menu and an unpublished language render as guests would see
 * them once published, fallbacks marked; the link expires; nothing of it is indexed or cached.
 */
let w: OwnerWorld;
let menuId = '';
let clock = new Date('2030-05-06T12:00:00Z');

beforeAll(async () => {
  w = await ownerWorld({ env: { BILLING: 'off' }, now: () => clock });
  const menu = await w.pb.collection('menus').create({
    organization: w.org,
    name: 'Secret tasting menu',
    languages: ['en', 'de', 'fr'],
    translations: { de: { name: 'Geheimes Degustationsmenü' } },
  });
  menuId = menu.id;
  const section = await w.pb.collection('sections').create({ menu: menu.id, name: 'Courses', translations: { de: { name: 'Gänge' } } });
  await w.pb.collection('items').create({ section: section.id, name: 'Beetroot', prices: [{ label: '', amount: 900 }] });
  await w.pb
    .collection('venues')
    .create({ organization: w.org, name: 'Atelier', slug: 'atelier', timezone: 'UTC', primaryColor: '#0f766e', menus: [menu.id] });
});
afterAll(() => w.t.close());

const link = async (language: unknown, auth?: string) => w.call('POST', `/api/menus/${menuId}/preview-link`, { language }, auth);

describe('menu preview links', () => {
  it('renders a draft menu in an unpublished language, fallbacks marked, never indexed or stored', async () => {
    // Guests see nothing of a draft menu.
    expect((await w.t.app.inject({ method: 'GET', url: '/m/atelier' })).body).not.toContain('Secret tasting menu');
    const res = await link('de');
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json() as { url: string };
    expect(url).toMatch(/^\/m-preview\/[\w-]+\.[\w-]+\.[\w-]+$/);
    // The token travels in the path; nothing in it is a secret of the owner's session.
    expect(url).not.toContain(w.token);

    const page = await w.t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-robots-tag']).toBe('noindex');
    const html = page.body;
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('>Geheimes Degustationsmenü</h2>');
    expect(html).toContain('<h2>Gänge</h2>');
    // The dish links to its page inside the preview (a draft's dish has no public page yet).
    const item = /<h3><a href="(\/m-preview\/[^"/]+\/i\/[a-z0-9]{15})" lang="en">Beetroot<\/a>/.exec(html);
    expect(item).not.toBeNull();
    const detail = await w.t.app.inject({ method: 'GET', url: String(item?.[1]) });
    expect(detail.statusCode).toBe(200);
    expect(detail.headers['cache-control']).toBe('no-store');
    expect(detail.body).toContain('<meta name="robots" content="noindex">');
    expect(detail.body).toContain('<h1 lang="en">Beetroot');
    expect(detail.body).toContain('Zurück zur Speisekarte');
    expect((await w.t.app.inject({ method: 'GET', url: String(item?.[1]).replace(/^\/m-preview\/[^/]+/, '/m/atelier') })).statusCode).toBe(
      404,
    );
    expect(html).toContain('<h1 lang="en">Atelier</h1>');
    // One language only: no switch, no alternates.
    expect(html).not.toContain('hreflang');

    // The default language previews too.
    expect((await w.t.app.inject({ method: 'GET', url: (await link('en')).json().url })).body).toMatch(
      /<h3><a href="[^"]+">Beetroot<\/a> /,
    );
  });

  it('is for those who may see the menu, in one of its languages', async () => {
    expect((await link('it')).statusCode).toBe(400);
    expect((await link('it')).json().data.language.message).toBe("Choose one of this menu's languages (en, de, fr).");
    expect((await link(undefined)).statusCode).toBe(400);
    expect((await link('de', '')).statusCode).toBe(401);
    expect((await link('de', w.strangerToken)).statusCode).toBe(404);
  });

  it('stops working after 30 minutes, and for any token that is not one', async () => {
    const { url } = (await link('fr')).json() as { url: string };
    clock = new Date(clock.getTime() + (PREVIEW_TOKEN_SECONDS - 5) * 1000);
    expect((await w.t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 10 * 1000);
    const expired = await w.t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'fr' } });
    expect(expired.statusCode).toBe(404);
    expect(expired.body).toContain('<meta name="robots" content="noindex">');
    const [h, p] = url.slice('/m-preview/'.length).split('.');
    for (const bad of ['x', `${h}.${p}.AAAA`, w.token])
      expect((await w.t.app.inject({ method: 'GET', url: `/m-preview/${bad}` })).statusCode, bad).toBe(404);
  });
});
