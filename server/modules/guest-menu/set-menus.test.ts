import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventSource } from 'eventsource';
import { activeOwner, buildTestApp, seed, superuserRequest, type TestApp } from '../../test/test-app.ts';
import { eventually } from '../../test/eventually.ts';
import { LIVE_SCRIPT } from './live-script.ts';

/**
 * Set menus on the guest page (issue 20, item 2) through HTTP: one block with the set's name,
 * fixed price and courses in order, choices translated and marked with their allergens, the
 * allergen filter folding a course only when every choice has the allergen (without JavaScript:
 * the GET filter), a dish sold out at one venue struck in that venue's set only, live updates of
 * a choice reaching the set block, and the JSON-LD.
 */
let t: TestApp;
const ids = {
  ...{ Gazpacho: '', Ensalada: '', Croquetas: '', Tortilla: '', Flan: '', Fruta: '' },
  ...{ set: '', starter: '', main: '', drinks: '', dessert: '', centro: '', playa: '' },
};

const engine = () => t.ctx.engine;
const write = (collection: string, id: string, data: Record<string, unknown>) =>
  engine().update(engine().collection(collection), id, { data, files: {}, fromForm: false }, superuserRequest(t.ctx));
const page = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;
/** The whole `<li>` of an item (a set's block included). */
const block = (html: string, id: string) => new RegExp(`<li class="i[^"]*" id="i-${id}"[\\s\\S]*?</ol>`).exec(html)?.[0] ?? '';
const opening = (html: string, id: string) => new RegExp(`<li class="i[^"]*" id="i-${id}"[^>]*>`).exec(html)?.[0] ?? '';
/** The visible wording, blocks (heading, paragraphs, courses) separated by " | ". */
const text = (html: string) =>
  html
    .replace(/<\/(h3|p|li)>/g, ' | ')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
/** The span of a choice inside a set block. */
const choice = (html: string, id: string) =>
  new RegExp(`<span data-o="${id}"[^>]*>[\\s\\S]*?</span>(?: <small class="so"[^>]*>[^<]*</small>)?</span>`).exec(html)?.[0] ?? '';
const jsonLd = (html: string) => JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '{}');

beforeAll(async () => {
  t = await buildTestApp();
  await t.listen();
  const owner = await activeOwner(t.ctx, 'menu-del-dia@example.com');
  const menu = await seed(t.ctx, 'menus', {
    organization: owner.org,
    name: 'Carta',
    status: 'published',
    languages: ['es', 'en'],
    publishIncomplete: ['en'],
  });
  const starters = await seed(t.ctx, 'sections', { menu: menu.id, name: 'Entrantes' });
  const mains = await seed(t.ctx, 'sections', { menu: menu.id, name: 'Menús' });
  const dish = async (
    name: 'Gazpacho' | 'Ensalada' | 'Croquetas' | 'Tortilla' | 'Flan' | 'Fruta',
    en: string,
    data: Record<string, unknown> = {},
  ) => {
    ids[name] = String(
      (
        await seed(t.ctx, 'items', {
          section: starters.id,
          name,
          prices: [{ label: '', amount: 650 }],
          translations: { en: { name: en } },
          ...data,
        })
      ).id,
    );
  };
  await dish('Gazpacho', 'Gazpacho soup', { allergens: ['celery'] });
  await dish('Ensalada', 'Salad', { mayContain: ['mustard'] });
  await dish('Croquetas', 'Croquettes', { allergens: ['milk', 'gluten'] });
  await dish('Tortilla', 'Omelette', { allergens: ['eggs', 'milk'] });
  await dish('Flan', 'Caramel custard', { allergens: ['eggs', 'milk'] });
  await dish('Fruta', 'Fruit');
  ids.set = String(
    (
      await seed(t.ctx, 'items', {
        section: mains.id,
        name: 'Menú del día',
        kind: 'set',
        prices: [{ label: '', amount: 1490 }],
        translations: { en: { name: 'Menu of the day' } },
      })
    ).id,
  );
  const course = async (data: Record<string, unknown>) => String((await seed(t.ctx, 'set_courses', { item: ids.set, ...data })).id);
  ids.starter = await course({ name: 'Primero', choices: [ids.Gazpacho, ids.Ensalada], translations: { en: { name: 'Starter' } } });
  // Every main has milk: the set cannot be ordered without it.
  ids.main = await course({ name: 'Segundo', choices: [ids.Croquetas, ids.Tortilla], translations: { en: { name: 'Main' } } });
  ids.drinks = await course({ name: '', description: 'Pan, agua o vino', translations: { en: { description: 'Bread, water or wine' } } });
  ids.dessert = await course({ name: 'Postre', choices: [ids.Flan, ids.Fruta], translations: { en: { name: 'Dessert' } } });
  const venue = async (slug: string) =>
    String(
      (
        await seed(t.ctx, 'venues', {
          organization: owner.org,
          name: slug,
          slug,
          timezone: 'Europe/Madrid',
          primaryColor: '#b91c1c',
          currency: 'EUR',
          menus: [menu.id],
        })
      ).id,
    );
  ids.centro = await venue('centro');
  ids.playa = await venue('playa');
});

afterAll(async () => {
  await t.close();
});

describe('a set menu on the guest page', () => {
  it('is one block: name, fixed price, then the courses in order with their translated choices and free text', async () => {
    const html = await page('/m/centro?lang=en');
    const set = block(html, ids.set);
    expect(set).toContain('class="sm"');
    // The "sold out" badge is there for live updates, hidden while the set is available.
    expect(set).toMatch(/<span class="so" hidden>Sold out<\/span><\/h3><p class="ps">/);
    expect(text(set)).toBe(
      'Menu of the day Set menu Sold out | €14.90 | ' +
        'Starter (choose one): Gazpacho soup (L) or Salad (may contain: M) | ' +
        'Main (choose one): Croquettes (A, G) or Omelette (C, G) | ' +
        'Bread, water or wine | ' +
        'Dessert (choose one): Caramel custard (C, G) or Fruit | ',
    );
    // The dishes offered in the set still show in their own section.
    expect(opening(html, ids.Gazpacho)).not.toBe('');
    expect(opening(html, ids.Flan)).not.toBe('');
  });

  it('is in the menu’s own language too, with the chrome in that language', async () => {
    const set = block(await page('/m/centro?lang=es'), ids.set);
    expect(text(set)).toContain('Menú del día Menú Agotado | 14,90 € | ');
    expect(text(set)).toContain('Primero (a elegir): Gazpacho (L) o Ensalada');
    expect(text(set)).toContain('Pan, agua o vino');
  });

  it('folds allergens like a required option group: hidden only when every choice of some course has it (GET filter, no JavaScript)', async () => {
    const all = await page('/m/centro?lang=en');
    expect(opening(all, ids.set)).toMatch(/data-a="[^"]*\bmilk\b[^"]*"/);
    expect(opening(all, ids.set)).not.toMatch(/data-a="[^"]*\b(eggs|celery)\b/);
    // Milk: every main has it, so the set goes; eggs or celery: another choice avoids them.
    expect(opening(await page('/m/centro?lang=en&hide=milk'), ids.set)).toMatch(/ hidden>$/);
    for (const allergen of ['eggs', 'celery', 'gluten']) {
      const filtered = await page(`/m/centro?lang=en&hide=${allergen}`);
      expect(opening(filtered, ids.set), allergen).not.toMatch(/ hidden>$/);
      // The choice is marked with its allergen code, not hidden in the set.
      expect(block(filtered, ids.set)).toContain('Omelette');
    }
    // Once the milk-free choice exists, milk no longer hides the set.
    const vegan = await seed(t.ctx, 'items', {
      section: /* same menu */ await sectionOf(ids.Fruta),
      name: 'Verduras',
      prices: [{ label: '', amount: 700 }],
    });
    await write('set_courses', ids.main, { 'choices+': vegan.id });
    expect(opening(await page('/m/centro?lang=en&hide=milk'), ids.set)).not.toMatch(/ hidden>$/);
    await write('set_courses', ids.main, { 'choices-': vegan.id });
  });

  it('strikes a choice sold out at one venue in that venue’s set only', async () => {
    const override = await seed(t.ctx, 'venue_items', { venue: ids.playa, item: ids.Flan, available: false });
    const playa = block(await page('/m/playa?lang=en'), ids.set);
    const centro = block(await page('/m/centro?lang=en'), ids.set);
    expect(choice(playa, ids.Flan)).toMatch(/^<span data-o="[^"]+" class="out">Caramel custard/);
    expect(choice(playa, ids.Flan)).toContain('<small class="so">Sold out</small>');
    expect(choice(centro, ids.Flan)).not.toContain('class="out"');
    expect(choice(centro, ids.Flan)).not.toContain('Sold out');
    await engine().delete(engine().collection('venue_items'), String(override.id), superuserRequest(t.ctx));
  });

  it('hears a choice sold out live and strikes it in the set block (the live script)', async () => {
    const html = await page('/m/centro?lang=en');
    const events: string[] = [];
    const es = new EventSource(`${t.url}/api/realtime`);
    const clientId = await new Promise<string>((resolve) => es.addEventListener('PB_CONNECT', (e) => resolve(String(e.lastEventId))));
    await fetch(`${t.url}/api/realtime`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId, subscriptions: [`guest/${ids.centro}`] }),
    });
    es.addEventListener(`guest/${ids.centro}`, (e) => events.push(String(e.data)));
    await write('items', ids.Tortilla, { available: false });
    await eventually(
      () => events.join(),
      (all) => all.includes(ids.Tortilla),
    );
    es.close();
    const update = JSON.parse(events.find((e) => e.includes(ids.Tortilla)) ?? '{}');
    expect(update.items).toEqual([expect.objectContaining({ id: ids.Tortilla, available: false })]);
    // The page's script applied to that update marks every copy of the dish: its row and its choice in the set.
    const marked = runLiveScript(html, update);
    expect(marked).toEqual([`${ids.Tortilla}:out+badge`]);
    await write('items', ids.Tortilla, { available: true });
  });

  it('shows a set turned back into a dish as a dish: its courses are kept but not shown', async () => {
    const former = await seed(t.ctx, 'items', {
      section: await sectionOf(ids.Fruta),
      name: 'Menú de la casa',
      kind: 'set',
      prices: [{ label: '', amount: 2000 }],
    });
    await seed(t.ctx, 'set_courses', { item: former.id, name: 'Primero', choices: [ids.Gazpacho] });
    expect(block(await page('/m/centro?lang=es'), String(former.id))).toContain('Primero');
    await write('items', String(former.id), { kind: 'dish' });
    const html = await page('/m/centro?lang=es');
    const li = new RegExp(`<li class="i" id="i-${String(former.id)}"[\\s\\S]*?</li>`).exec(html)?.[0] ?? '';
    expect(li).toContain('Menú de la casa');
    expect(li).not.toContain('class="sm"');
    expect(li).not.toContain('Primero');
    await engine().delete(engine().collection('items'), String(former.id), superuserRequest(t.ctx));
  });

  it('is one MenuItem in the JSON-LD with its fixed price as its offer and its courses in the description', async () => {
    const ld = jsonLd(await page('/m/centro?lang=en'));
    const items = ld.hasMenu[0].hasMenuSection.flatMap((s: { hasMenuItem: unknown[] }) => s.hasMenuItem);
    const set = items.find((i: { name: string }) => i.name === 'Menu of the day');
    expect(set).toMatchObject({
      '@type': 'MenuItem',
      offers: [{ '@type': 'Offer', price: '14.90', priceCurrency: 'EUR' }],
      description: 'Starter: Gazpacho soup or Salad; Main: Croquettes or Omelette; Bread, water or wine; Dessert: Caramel custard or Fruit',
    });
    expect(set.hasMenuSection).toBeUndefined();
    // Its allergens are on its own page's MenuItem (the menu's JSON-LD leaves them to it).
    const html = await page('/m/centro?lang=en');
    const href = /<h3><a href="([^"]+)"[^>]*>Menu of the day<\/a>/.exec(html)?.[1] ?? '';
    const own = jsonLd(await page(href.replace(/&amp;/g, '&')));
    expect(own).toMatchObject({ '@type': 'MenuItem', name: 'Menu of the day', disambiguatingDescription: 'Allergens: Milk' });
    expect(own.description).toBe(set.description);
  });
});

/** The section of an item (a test helper: a new dish in the same menu). */
async function sectionOf(itemId: string): Promise<string> {
  return String(t.ctx.stmts.get('SELECT section FROM items WHERE id = ?', [itemId])?.section);
}

/**
 * Runs the live script against a stand-in DOM holding the page's `[data-o]` spans of the updated
 * dish, delivers one update and reports what it did to each: "id:out+badge" when struck and given
 * a "sold out" badge.
 */
function runLiveScript(html: string, update: { items: { id: string; available: boolean }[] }): string[] {
  const attr = (name: string) => new RegExp(`<body[^>]* ${name}="([^"]*)"`).exec(html)?.[1] ?? null;
  const id = update.items[0]?.id ?? '';
  const copies = [...html.matchAll(new RegExp(`<span data-o="${id}"`, 'g'))].map(() => ({ out: false, badge: false }));
  const spans = copies.map((state) => ({
    classList: { toggle: (_: string, on: boolean) => (state.out = on) },
    querySelector: () => null,
    appendChild: () => (state.badge = true),
  }));
  const listeners = new Map<string, (e: { data: string }) => void>();
  class FakeEventSource {
    readyState = 1;
    addEventListener(type: string, fn: (e: { data: string }) => void) {
      listeners.set(type, fn);
    }
  }
  const document = {
    body: { getAttribute: attr },
    documentElement: { lang: 'en' },
    getElementById: () => null,
    querySelector: () => ({ cloneNode: () => ({ hidden: true }) }),
    querySelectorAll: (sel: string) => (sel === `[data-o="${id}"]` ? spans : []),
  };
  const window = { EventSource: FakeEventSource, fetch: () => Promise.resolve() };
  new Function('window', 'document', 'EventSource', 'fetch', 'setTimeout', LIVE_SCRIPT)(
    window,
    document,
    FakeEventSource,
    window.fetch,
    () => 0,
  );
  listeners.get(`guest/${attr('data-v') ?? ''}`)?.({ data: JSON.stringify(update) });
  expect(copies.length).toBe(1);
  return copies.map((c) => `${id}:${c.out ? 'out' : 'in'}${c.badge ? '+badge' : ''}`);
}
