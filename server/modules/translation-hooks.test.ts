import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fingerprint,
  guestLanguages,
  readTranslations,
  translatableTexts,
  translationProgress,
  translationState,
} from '../../shared/translations.ts';
import { corpusCase } from '../test/pdf-corpus/index.ts';
import { eventually } from '../test/eventually.ts';
import { ownerWorld, type OwnerWorld } from '../test/translation-fixtures.ts';

/**
 * The one translation model through every write path (issue 19): the staff app's editor (SDK),
 * the records API (HTTP), for every translatable collection. A default-language change turns
 * existing translations outdated; a person confirms with `basis` or by dropping `machine`; bad
 * input is a 400 on `data.translations`, never a 500.
 */
let w: OwnerWorld;
let menuId = '';
let sectionId = '';

const stored = (collection: string, id: string) =>
  readTranslations(JSON.parse(String(w.t.ctx.stmts.get(`SELECT translations AS t FROM "${collection}" WHERE id = ?`, [id])?.t ?? 'null')));

beforeAll(async () => {
  w = await ownerWorld({ env: { BILLING: 'off' } });
  const menu = await w.pb.collection('menus').create({ organization: w.org, name: 'Lunch', languages: ['en', 'de', 'fr'] });
  menuId = menu.id;
  sectionId = (await w.pb.collection('sections').create({ menu: menuId, name: 'Soups' })).id;
});
afterAll(() => w.t.close());

describe('translations on write', () => {
  it('the item editor (SDK): a person writes, a default-language edit makes it outdated, a basis confirms it', async () => {
    const items = w.pb.collection('items');
    const item = await items.create({
      section: sectionId,
      name: 'Soup',
      prices: [
        { label: 'cup', amount: 400 },
        { label: 'pot', amount: 900 },
      ],
      translations: { de: { name: 'Suppe', 'prices.0': 'Tasse', 'prices.1': 'Topf' } },
    });
    expect(item.translations).toEqual({
      de: {
        name: { text: 'Suppe', basis: fingerprint('Soup') },
        'prices.0': { text: 'Tasse', basis: fingerprint('cup') },
        'prices.1': { text: 'Topf', basis: fingerprint('pot') },
      },
    });
    // The editor changes the English name only: the German name is now outdated, the price label is not.
    await items.update(item.id, { name: 'Tomato soup' });
    let de = stored('items', item.id).de;
    expect(translationState(de?.name, 'Tomato soup')).toBe('outdated');
    expect(translationState(de?.['prices.0'], 'cup')).toBe('done');
    // Confirming without retyping: the same text with the current source's basis.
    const confirmed = await items.update(item.id, {
      translations: { de: { ...de, name: { text: 'Suppe', basis: fingerprint('Tomato soup') } } },
    });
    expect(translationState(confirmed.translations.de.name, 'Tomato soup')).toBe('done');
    // A changed price label turns its translation outdated too.
    await items.update(item.id, {
      prices: [
        { label: 'bowl', amount: 400 },
        { label: 'pot', amount: 900 },
      ],
    });
    de = stored('items', item.id).de;
    expect(translationState(de?.['prices.0'], 'bowl')).toBe('outdated');
    expect(translationState(de?.name, 'Tomato soup')).toBe('done');
    // Removing the price variant drops its translation; nothing is refused.
    await items.update(item.id, { prices: [{ label: 'bowl', amount: 400 }] });
    expect(Object.keys(stored('items', item.id).de ?? {})).toEqual(['name', 'prices.0']);
  });

  it('a machine draft is confirmed by writing it without the mark, and stays machine otherwise', async () => {
    const item = await w.pb.collection('items').create({
      section: sectionId,
      name: 'Bread',
      prices: [{ label: '', amount: 200 }],
      translations: { fr: { name: { text: 'Pain', machine: true } } },
    });
    expect(translationState(stored('items', item.id).fr?.name, 'Bread')).toBe('machine');
    // An unrelated edit keeps the draft a draft.
    await w.pb.collection('items').update(item.id, { available: false });
    expect(stored('items', item.id).fr?.name).toEqual({ text: 'Pain', machine: true, basis: fingerprint('Bread') });
    await w.pb.collection('items').update(item.id, { translations: { fr: { name: 'Pain' } } });
    expect(stored('items', item.id).fr?.name).toEqual({ text: 'Pain', basis: fingerprint('Bread') });
  });

  it.each([
    ['venues', { name: 'Trattoria', address: 'Main street 1' }, { name: 'Trattoria Uno' }, { name: 'Trattoria', address: 'Hauptstraße 1' }],
    ['menus', { name: 'Dinner', description: 'From six' }, { description: 'From seven' }, { name: 'Abendessen', description: 'Ab sechs' }],
    ['sections', { name: 'Mains', description: 'Hot' }, { name: 'Main courses' }, { name: 'Hauptgerichte', description: 'Warm' }],
    ['tags', { name: 'Vegan' }, { name: 'Plant-based' }, { name: 'Vegan' }],
  ] as const)(
    'the records API (%s): an API write in the default language marks what changed as outdated',
    async (collection, texts, change, german) => {
      const parent =
        collection === 'sections'
          ? { menu: menuId }
          : { organization: w.org, ...(collection === 'venues' ? { timezone: 'UTC', primaryColor: '#0f766e' } : {}) };
      const created = await w.call('POST', `/api/collections/${collection}/records`, { ...parent, ...texts, translations: { de: german } });
      expect(created.statusCode, created.body).toBe(200);
      const id = created.json().id as string;
      for (const [key, source] of Object.entries(texts)) expect(translationState(stored(collection, id).de?.[key], source)).toBe('done');
      const res = await w.call('PATCH', `/api/collections/${collection}/records/${id}`, change);
      expect(res.statusCode, res.body).toBe(200);
      const now = { ...texts, ...change } as Record<string, string>;
      for (const key of Object.keys(texts)) {
        const changed = key in change;
        expect(translationState(stored(collection, id).de?.[key], now[key] ?? ''), `${collection}.${key}`).toBe(
          changed ? 'outdated' : 'done',
        );
      }
    },
  );

  it('stamps entries of the earlier format (plain strings) with the basis they were made from, on any write', async () => {
    const item = await w.pb.collection('items').create({ section: sectionId, name: 'Salad', prices: [{ label: '', amount: 500 }] });
    // Written before this model existed: a plain string, no basis.
    w.t.ctx.stmts.run('UPDATE items SET translations = ? WHERE id = ?', [JSON.stringify({ de: { name: 'Salat' } }), item.id]);
    await w.pb.collection('items').update(item.id, { name: 'Green salad' });
    const de = stored('items', item.id).de;
    expect(de?.name).toEqual({ text: 'Salat', basis: fingerprint('Salad') });
    expect(translationState(de?.name, 'Green salad')).toBe('outdated');
  });
});

describe('the PDF import path', () => {
  /** Every translatable text of a menu, read through the records API as the staff app reads it. */
  async function menuTexts(id: string) {
    const menu = await w.pb.collection('menus').getOne(id);
    const sections = await w.pb.collection('sections').getFullList({ filter: `menu = "${id}"` });
    const items = await w.pb.collection('items').getFullList({ filter: `section.menu = "${id}"` });
    return {
      menu,
      texts: [...translatableTexts('menus', [menu]), ...translatableTexts('sections', sections), ...translatableTexts('items', items)],
    };
  }

  it('imports through the record hooks: new default-language texts are missing in German, which is then no longer complete', async () => {
    const menu = await w.pb.collection('menus').create({
      organization: w.org,
      name: 'Karte',
      languages: ['en', 'de'],
      translations: { de: { name: 'Karte' } },
    });
    const section = await w.pb.collection('sections').create({ menu: menu.id, name: 'Cakes', translations: { de: { name: 'Kuchen' } } });
    const cake = await w.pb.collection('items').create({
      section: section.id,
      name: 'Cheesecake',
      prices: [{ label: '', amount: 450 }],
      translations: { de: { name: 'Käsekuchen' } },
    });
    let { texts } = await menuTexts(menu.id);
    expect(translationProgress(texts, 'de').percent).toBe(100);
    expect(guestLanguages(['en', 'de'], [], texts)).toEqual(['en', 'de']);

    const form = new FormData();
    form.append('organization', w.org);
    form.append('name', 'Cafe');
    form.append('file', new Blob([new Uint8Array(await corpusCase('prices-left.pdf').build())], { type: 'application/pdf' }), 'menu.pdf');
    const upload = await w.pb.collection('menu_uploads').create(form);
    const ready = await eventually(
      () => w.pb.collection('menu_uploads').getOne(upload.id),
      (r) => r.status === 'ready',
    );
    expect(ready.status).toBe('ready');
    const imported = await w.call('POST', `/api/uploads/${upload.id}/import`, { menuId: menu.id });
    expect(imported.statusCode, imported.body).toBe(200);

    ({ texts } = await menuTexts(menu.id));
    const imports = texts.filter((x) => x.collection !== 'menus' && x.id !== section.id && x.id !== cake.id);
    expect(imports.length).toBeGreaterThan(0);
    for (const x of imports) expect(translationState(x.translations.de?.[x.key], x.source)).toBe('missing');
    expect(translationProgress(texts, 'de').percent).toBeLessThan(100);
    // Guests no longer get a half-German menu unless the owner publishes it anyway.
    expect(guestLanguages(['en', 'de'], [], texts)).toEqual(['en']);
    expect(guestLanguages(['en', 'de'], ['de'], texts)).toEqual(['en', 'de']);
    // The texts that were translated stay as they were.
    expect(translationState(stored('items', cake.id).de?.name, 'Cheesecake')).toBe('done');
  });
});

describe('menu languages: publishIncomplete and glossary', () => {
  it('keeps only languages of the menu other than its default, and trims and dedupes glossary terms', async () => {
    const menus = w.pb.collection('menus');
    const menu = await menus.create({
      organization: w.org,
      name: 'Bar',
      languages: ['en', 'de', 'fr'],
      publishIncomplete: ['fr'],
      glossary: [' Tiramisù ', 'Tiramisù', 'Aperol Spritz'],
    });
    expect(menu.publishIncomplete).toEqual(['fr']);
    expect(menu.glossary).toEqual(['Tiramisù', 'Aperol Spritz']);
    // French leaves the menu: it is no longer "published anyway".
    expect((await menus.update(menu.id, { languages: ['en', 'de'] })).publishIncomplete).toEqual([]);
  });
});

describe('bad input is a 400 with the field, never a 500', () => {
  const long = 'x'.repeat(101);
  it.each([
    ['items', { translations: 'Suppe' }, 'translations'],
    ['items', { translations: { de: { title: 'Suppe' } } }, 'translations'],
    ['items', { translations: { de: { 'prices.3': 'Glas' } } }, 'translations'],
    ['items', { translations: { de: { name: { text: 'Suppe', basis: 'nope' } } } }, 'translations'],
    ['items', { translations: { 'DE!': { name: 'Suppe' } } }, 'translations'],
    ['items', { translations: { de: { name: 42 } } }, 'translations'],
    ['menus', { translations: { de: { address: 'Hauptstraße' } } }, 'translations'],
    ['tags', { translations: { de: { description: 'Pflanzlich' } } }, 'translations'],
    ['menus', { publishIncomplete: ['it'] }, 'publishIncomplete'],
    ['menus', { publishIncomplete: ['en'] }, 'publishIncomplete'],
    ['menus', { publishIncomplete: 'de' }, 'publishIncomplete'],
    ['menus', { glossary: [long] }, 'glossary'],
    ['menus', { glossary: Array.from({ length: 201 }, (_, i) => `term ${i}`) }, 'glossary'],
    ['menus', { glossary: [''] }, 'glossary'],
    ['menus', { glossary: { a: 1 } }, 'glossary'],
  ] as const)('%s %j → data.%s', async (collection, body, field) => {
    const ids: Record<string, string> = {
      items: String(w.t.ctx.stmts.get("SELECT id FROM items WHERE name = 'Bread'")?.id),
      menus: menuId,
      tags: '',
    };
    if (collection === 'tags')
      ids.tags = (await w.call('POST', '/api/collections/tags/records', { organization: w.org, name: 'Spicy' })).json().id;
    const res = await w.call('PATCH', `/api/collections/${collection}/records/${ids[collection]}`, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().data)).toEqual([field]);
    expect(res.json().data[field].message).toBeTruthy();
  });
});
