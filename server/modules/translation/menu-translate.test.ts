import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fingerprint } from '../../../shared/translations.ts';
import { DeepLStandIn } from '../../test/deepl-stand-in.ts';
import { LibreTranslateStandIn } from '../../test/libretranslate-stand-in.ts';
import { ownerWorld, type OwnerWorld } from '../../test/translation-fixtures.ts';

/**
 * "Translate missing with …" (`POST /api/menus/{id}/translate`) against both providers' local
 * stand-ins: machine drafts for missing texts and outdated drafts only, glossary terms kept,
 * nothing a person wrote or confirmed touched, drafts hidden from guests until confirmed, and
 * provider failures as clear envelopes that never carry a key.
 */
const deepl = new DeepLStandIn('menu-deepl-secret:fx');
const libre = new LibreTranslateStandIn({ apiKeys: ['menu-libre-secret'] });

const PROVIDERS = {
  deepl: {
    env: () => ({ DEEPL_API_KEY: deepl.apiKey, DEEPL_API_URL: deepl.url }),
    secret: deepl.apiKey,
    wrongKey: { provider: 'deepl', deeplApiKey: 'wrong-deepl-secret' },
    rateLimit: () => (deepl.failWith = 429),
    reset: () => deepl.reset(),
  },
  libretranslate: {
    env: () => ({ LIBRETRANSLATE_URL: libre.url, LIBRETRANSLATE_API_KEY: 'menu-libre-secret' }),
    secret: 'menu-libre-secret',
    wrongKey: { provider: 'libretranslate', libreTranslateApiKey: 'wrong-libre-secret' },
    rateLimit: () => (libre.slowDown = true),
    reset: () => libre.reset(),
  },
} as const;

beforeAll(() => Promise.all([deepl.start(), libre.start()]));
afterAll(() => Promise.all([deepl.stop(), libre.stop()]));

describe.each(Object.keys(PROVIDERS) as (keyof typeof PROVIDERS)[])('translate a menu with %s', (provider) => {
  const p = PROVIDERS[provider];
  let w: OwnerWorld;
  const ids = { menu: '', soup: '', tiramisu: '', coffee: '', cream: '', bottle: '', tag: '' };
  const raw = (collection: string, id: string) =>
    JSON.parse(String(w.t.ctx.stmts.get(`SELECT translations AS t FROM "${collection}" WHERE id = ?`, [id])?.t ?? 'null'));
  const translate = (body: unknown, auth?: string) => w.call('POST', `/api/menus/${ids.menu}/translate`, body, auth);

  beforeAll(async () => {
    w = await ownerWorld({ env: { BILLING: 'off', ...p.env() } });
    const pb = w.pb;
    const tag = await pb.collection('tags').create({ organization: w.org, name: 'Chocolate' });
    const menu = await pb.collection('menus').create({
      organization: w.org,
      name: 'Chocolate and coffee',
      status: 'published',
      languages: ['en', 'de'],
      glossary: ['Tiramisù'],
      publishIncomplete: ['de'],
    });
    ids.menu = menu.id;
    const section = await pb.collection('sections').create({ menu: menu.id, name: 'Soup' });
    const item = (data: Record<string, unknown>) =>
      pb.collection('items').create({ section: section.id, prices: [{ label: '', amount: 500 }], ...data });
    ids.soup = (
      await item({ name: 'Chocolate soup', description: 'With cream', prices: [{ label: 'glass', amount: 500 }], tags: [tag.id] })
    ).id;
    ids.tiramisu = (await item({ name: 'Tiramisù with coffee' })).id;
    // A person's text, done: the sentinel that must come back byte for byte.
    ids.coffee = (await item({ name: 'Coffee', translations: { de: { name: 'Kaffee (hausgemacht)' } } })).id;
    // A person's text gone outdated: still a person's, never replaced by a machine.
    ids.cream = (await item({ name: 'Cream', translations: { de: { name: 'Rahm' } } })).id;
    await pb.collection('items').update(ids.cream, { name: 'Cream soup' });
    // A machine draft gone outdated: made again.
    ids.bottle = (await item({ name: 'Old bottle', translations: { de: { name: { text: 'Alte Flasche', machine: true } } } })).id;
    await pb.collection('items').update(ids.bottle, { name: 'Bottle' });
    ids.tag = tag.id;
    await pb
      .collection('venues')
      .create({ organization: w.org, name: 'Bar', slug: `bar-${provider}`, timezone: 'UTC', primaryColor: '#0f766e', menus: [menu.id] });
  });
  afterAll(() => w.t.close());
  beforeEach(() => p.reset());

  it("writes machine drafts for missing and outdated-draft texts only, keeps glossary terms and never touches a person's text", async () => {
    const coffeeBefore = JSON.stringify(raw('items', ids.coffee));
    const creamBefore = JSON.stringify(raw('items', ids.cream));
    const res = await translate({ language: 'de' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ provider, translated: 8 });

    const draft = (text: string, source: string) => ({ text, machine: true, basis: fingerprint(source) });
    expect(raw('menus', ids.menu).de).toEqual({ name: draft('Schokolade und Kaffee', 'Chocolate and coffee') });
    expect(raw('sections', String(w.t.ctx.stmts.get('SELECT id FROM sections WHERE menu = ?', [ids.menu])?.id)).de).toEqual({
      name: draft('Suppe', 'Soup'),
    });
    expect(raw('items', ids.soup).de).toEqual({
      name: draft('Schokolade Suppe', 'Chocolate soup'),
      description: draft('Mit Sahne', 'With cream'),
      'prices.0': draft('Glas', 'glass'),
    });
    expect(raw('tags', ids.tag).de).toEqual({ name: draft('Schokolade', 'Chocolate') });
    // The glossary term came back as written (the stand-ins' dictionaries would make it "Tiramisu").
    expect(raw('items', ids.tiramisu).de.name).toEqual(draft('Tiramisù mit Kaffee', 'Tiramisù with coffee'));
    expect(raw('items', ids.bottle).de.name).toEqual(draft('Flasche', 'Bottle'));
    // What people wrote is byte-equal, outdated or not.
    expect(JSON.stringify(raw('items', ids.coffee))).toBe(coffeeBefore);
    expect(JSON.stringify(raw('items', ids.cream))).toBe(creamBefore);

    // Nothing left to do: a second run sends nothing to the provider.
    const again = await translate({ language: 'de' });
    expect(again.json()).toEqual({ provider, translated: 0 });
  });

  it('shows guests a draft only once a person confirms it', async () => {
    const page = async () => (await w.t.app.inject({ method: 'GET', url: `/m/bar-${provider}?lang=de` })).body;
    let html = await page();
    // The draft is not shown: the English name, marked as English.
    expect(html).toMatch(/<h3><a href="[^"]+" lang="en">Chocolate soup<\/a>/);
    expect(html).not.toContain('Schokolade Suppe');
    expect(html).toMatch(/<h3><a href="[^"]+">Kaffee \(hausgemacht\)<\/a> /);
    const current = raw('items', ids.soup).de;
    // Confirming = writing the text without the machine mark.
    await w.pb.collection('items').update(ids.soup, { translations: { de: { ...current, name: 'Schokolade Suppe' } } });
    expect(raw('items', ids.soup).de.name).toEqual({ text: 'Schokolade Suppe', basis: fingerprint('Chocolate soup') });
    html = await page();
    expect(html).toMatch(/<h3><a href="[^"]+">Schokolade Suppe<\/a> /);
    expect(html).toContain('<p lang="en">With cream</p>');
  });

  it("refuses languages that are not the menu's other languages, and callers who may not update it", async () => {
    for (const body of [{ language: 'en' }, { language: 'it' }, {}, { language: 42 }, ['de']]) {
      const res = await translate(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().data.language.message).toBe("Choose one of this menu's other languages (de).");
    }
    expect((await translate('de')).statusCode).toBe(400);
    expect((await translate({ language: 'de' }, '')).statusCode).toBe(401);
    expect((await translate({ language: 'de' }, w.strangerToken)).statusCode).toBe(404);
    expect((await w.call('POST', '/api/menus/nosuchmenu12345/translate', { language: 'de' })).statusCode).toBe(404);
  });

  it('answers a rate limit and a bad key with clear envelopes that never hold the key', async () => {
    // A text to translate again: a missing one.
    await w.pb.collection('items').update(ids.tiramisu, { translations: {} });
    p.rateLimit();
    const limited = await translate({ language: 'de' });
    expect(limited.statusCode).toBe(429);
    // The reason is a code the staff app words in the user's language.
    const label = provider === 'deepl' ? 'DeepL' : 'LibreTranslate';
    expect(limited.json()).toMatchObject({ status: 429, data: { provider: { code: 'rate_limited', params: { provider: label } } } });
    expect(limited.json().message).toMatch(provider === 'deepl' ? /DeepL/ : /LibreTranslate/);
    expect(limited.body).not.toContain(p.secret);
    p.reset();

    w.t.ctx.settings.update({ machineTranslation: p.wrongKey });
    try {
      const bad = await translate({ language: 'de' });
      expect(bad.statusCode).toBe(502);
      expect(bad.json().data.provider.code).toBe('bad_key');
      expect(bad.json().message).toMatch(/key/i);
      expect(bad.body).not.toContain('wrong-');
    } finally {
      w.t.ctx.settings.update({ machineTranslation: { provider: '' } });
    }
    // Nothing was written by the failed runs.
    expect(raw('items', ids.tiramisu)).toEqual({});
  });

  it('is a 404 without a provider (the staff app hides the button then)', async () => {
    w.t.ctx.settings.update({ machineTranslation: { provider: 'off' } });
    try {
      const res = await translate({ language: 'de' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Machine translation is not configured.');
    } finally {
      w.t.ctx.settings.update({ machineTranslation: { provider: '' } });
    }
  });
});
