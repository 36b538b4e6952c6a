import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventSource } from 'eventsource';
import { buildTestApp, seed, superuserRequest, type TestApp } from '../../test/test-app.ts';
import { eventually } from '../../test/eventually.ts';

/**
 * The guest page of a real restaurant's menu (issue 20, items 1, 3, 4) through HTTP: option groups
 * under each dish, the allergen rule for options, the dietary include filter without JavaScript,
 * the labels' icons, nutrition per venue setting, the JSON-LD, translation progress over groups
 * and options, and live updates when an option sells out.
 */
let t: TestApp;
let org = '';
let venueId = '';
const ids: Record<string, string> = {};

const update = (collection: string, id: string, data: Record<string, unknown>) =>
  t.ctx.engine.update(t.ctx.engine.collection(collection), id, { data, files: {}, fromForm: false }, superuserRequest(t.ctx));
const get = async (url: string, headers: Record<string, string> = {}) => (await t.app.inject({ method: 'GET', url, headers })).body;
/** The page's visible wording: tags dropped, whitespace collapsed (what a screen reader reads in order). */
const words = (html: string) =>
  html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
/** The `<li>` of a dish: its attributes (data-a, data-d, hidden) and content. */
const dish = (html: string, id: string) => new RegExp(`<li class="i[^"]*" id="i-${id}"[^>]*>`).exec(html)?.[0] ?? '';
const isHidden = (html: string, id: string) => / hidden>$/.test(dish(html, id));
const jsonLd = (html: string) => JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '{}');
/** A dish's MenuItem: on the dish's own page (the menu's JSON-LD leaves diets, allergens and nutrition to it). */
const ldItem = async (html: string, name: string) => {
  const href = new RegExp(`<h3><a href="([^"]+)"[^>]*>${name}</a>`).exec(html)?.[1] ?? '';
  expect(href, name).toMatch(/^\/m\/[^/]+\/i\/[a-z0-9]{15}/);
  return jsonLd(await get(href.replace(/&amp;/g, '&')));
};

beforeAll(async () => {
  t = await buildTestApp();
  const user = await seed(t.ctx, 'users', {
    email: 'uno@example.com',
    password: 'uno-password-1',
    passwordConfirm: 'uno-password-1',
    verified: true,
  });
  org = String(t.ctx.stmts.get('SELECT currentOrganization AS o FROM users WHERE id = ?', [String(user.id)])?.o);
  await update('organizations', org, { subscriptionStatus: 'active' });
  const group = async (key: string, data: Record<string, unknown>, options: Record<string, unknown>[]) => {
    ids[key] = String((await seed(t.ctx, 'option_groups', { organization: org, ...data })).id);
    for (const o of options) ids[String(o.name)] = String((await seed(t.ctx, 'options', { group: ids[key], ...o })).id);
  };
  // One "Extras" group shared by the pizzas; a required side; a required sauce where every choice has milk.
  await group('extras', { name: 'Extras', translations: { de: { name: 'Extras' } } }, [
    { name: 'Cheese', priceDelta: 150, allergens: ['milk'], translations: { de: { name: 'Käse' } } },
    { name: 'Bacon', priceDelta: 200, mayContain: ['mustard'], translations: { de: { name: 'Speck' } } },
  ]);
  await group('side', { name: 'Side', minChoices: 1, maxChoices: 1, translations: { de: { name: 'Beilage' } } }, [
    { name: 'Fries', translations: { de: { name: 'Pommes' } } },
    { name: 'Salad', diets: ['vegan'], translations: { de: { name: 'Salat' } } },
  ]);
  await group('sauce', { name: 'Sauce', minChoices: 1, maxChoices: 1, translations: { de: { name: 'Soße' } } }, [
    { name: 'Cream', allergens: ['milk'], translations: { de: { name: 'Sahne' } } },
    { name: 'Butter', allergens: ['milk'], translations: { de: { name: 'Butter' } } },
  ]);
  const menu = await seed(t.ctx, 'menus', {
    organization: org,
    name: 'Pizzeria',
    status: 'published',
    languages: ['en', 'de'],
    translations: { de: { name: 'Pizzeria' } },
  });
  const section = await seed(t.ctx, 'sections', { menu: menu.id, name: 'Mains', translations: { de: { name: 'Hauptgerichte' } } });
  const item = async (name: string, de: string, data: Record<string, unknown>, more: Record<string, string> = {}) => {
    const record = await seed(t.ctx, 'items', {
      section: section.id,
      name,
      prices: [{ label: '', amount: 1000 }],
      translations: { de: { name: de, ...more } },
      ...data,
    });
    ids[name] = String(record.id);
  };
  await item(
    'Margherita',
    'Margherita',
    {
      allergens: ['gluten'],
      diets: ['vegetarian'],
      optionGroups: [ids.extras],
      nutrition: { kcal: 800, portion: '350 g', fat: 30, saturates: 12, carbs: 90, sugars: 8, protein: 32, salt: 2.1 },
    },
    { 'nutrition.portion': '350 g' },
  );
  await item('Burger', 'Burger', { allergens: ['gluten'], optionGroups: [ids.extras, ids.side] });
  await item('Gnocchi', 'Gnocchi', { diets: ['vegetarian'], optionGroups: [ids.sauce] });
  await item('Bowl', 'Schüssel', { diets: ['vegan', 'gluten-free', 'spicy-2'] });
  await item('Trout', 'Forelle', { allergens: ['fish'], diets: ['pescatarian'] });
  venueId = String(
    (
      await seed(t.ctx, 'venues', {
        organization: org,
        name: 'Pizzeria Uno',
        timezone: 'Europe/Rome',
        primaryColor: '#b91c1c',
        menus: [menu.id],
      })
    ).id,
  );
});

afterAll(async () => {
  await t.close();
});

describe('option groups on the guest page', () => {
  it('shows each group compactly under the dish, with prices, the choice rule and the options’ own allergen codes', async () => {
    const text = words(await get('/m/pizzeria-uno?lang=en'));
    expect(text).toContain('Extras: Cheese (G) +€1.50, Bacon (may contain: M) +€2.00');
    expect(text).toContain('Side (choose 1): Fries or Salad');
    expect(text).toContain('Sauce (choose 1): Cream (G) or Butter (G)');
    // The shared group is shown under both dishes that use it, in each dish's order.
    expect(text.match(/Extras: Cheese/g)).toHaveLength(2);
  });

  it('speaks the guest’s language: translated names, rule and joiner', async () => {
    const text = words(await get('/m/pizzeria-uno?lang=de'));
    expect(text).toContain('Extras: Käse (G) +1,50 €, Speck (kann enthalten: M) +2,00 €');
    expect(text).toContain('Beilage (1 wählen): Pommes oder Salat');
  });
});

describe('the allergen rule for options', () => {
  it('hides a dish only for an allergen it cannot be ordered without; an optional extra is marked, not hidden', async () => {
    const html = await get('/m/pizzeria-uno?lang=en&hide=milk');
    // Margherita: milk only in the optional cheese.
    expect(dish(html, ids.Margherita as string)).toContain('data-a="gluten"');
    expect(isHidden(html, ids.Margherita as string)).toBe(false);
    // Gnocchi: every sauce it must be ordered with has milk.
    expect(dish(html, ids.Gnocchi as string)).toContain('data-a="milk"');
    expect(isHidden(html, ids.Gnocchi as string)).toBe(true);
    expect(isHidden(html, ids.Burger as string)).toBe(false);
    // The filter form shows its state.
    expect(html).toContain('<input type="checkbox" name="hide" value="milk" id="x-milk" checked>');
    expect(html).toContain('<details open><summary>Hide dishes containing…</summary>');
  });
});

describe('dietary labels', () => {
  it('draws each label as a named icon, once defined per page, with a legend', async () => {
    const html = await get('/m/pizzeria-uno?lang=en');
    expect(dish(html, ids.Bowl as string)).toContain('data-d="vegan vegetarian pescatarian gluten-free"');
    expect(html).toContain('<svg class="dg" role="img" aria-label="Vegan"><use href="#y-vegan"/></svg>');
    expect(html).toContain('<svg class="dg w2" role="img" aria-label="Spicy"><use href="#y-spicy-2"/></svg>');
    expect(html.match(/<symbol id="y-vegan"/g)).toHaveLength(1);
    const legend = /<h2>Symbols<\/h2><dl>(.*?)<\/dl>/.exec(html)?.[1] ?? '';
    expect([...legend.matchAll(/<dd>([^<]*)<\/dd>/g)].map((m) => m[1])).toEqual([
      'Vegan',
      'Vegetarian',
      'Pescatarian',
      'Gluten-free',
      'Spicy',
    ]);
    const de = await get('/m/pizzeria-uno?lang=de');
    expect(de).toContain('aria-label="Glutenfrei"');
  });

  it('filters "only vegetarian" without JavaScript: a GET form, and the server hides the rest', async () => {
    const html = await get('/m/pizzeria-uno?lang=en&diet=vegetarian');
    expect(html).toContain('<form class="fl" id="f" method="get"><input type="hidden" name="lang" value="en">');
    expect(html).toContain('<input type="checkbox" name="diet" value="vegetarian" id="d-vegetarian" checked>');
    const hidden = Object.fromEntries(
      ['Margherita', 'Burger', 'Gnocchi', 'Bowl', 'Trout'].map((n) => [n, isHidden(html, ids[n] as string)]),
    );
    // The vegan bowl is vegetarian too.
    expect(hidden).toEqual({ Margherita: false, Burger: true, Gnocchi: false, Bowl: false, Trout: true });
    // Both filters at once, and the pescatarian filter takes vegetarian dishes.
    const both = await get('/m/pizzeria-uno?lang=en&diet=pescatarian&hide=gluten,milk');
    expect(['Margherita', 'Burger', 'Gnocchi', 'Bowl', 'Trout'].filter((n) => !isHidden(both, ids[n] as string))).toEqual([
      'Bowl',
      'Trout',
    ]);
  });

  it('ignores unknown filter values (a shared link never fails) and keeps filtered pages apart from the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/m/pizzeria-uno?diet=keto&hide=%3Cscript%3E' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/ hidden><div><h3>/);
    expect(res.body).not.toContain('keto');
    const plain = await t.app.inject({ method: 'GET', url: '/m/pizzeria-uno' });
    const filtered = await t.app.inject({ method: 'GET', url: '/m/pizzeria-uno?diet=vegan' });
    expect(filtered.headers.etag).not.toBe(plain.headers.etag);
  });

  it('says suitableForDiet in the JSON-LD with schema.org RestrictedDiet values (implied ones too)', async () => {
    const html = await get('/m/pizzeria-uno?lang=en');
    expect((await ldItem(html, 'Bowl')).suitableForDiet).toEqual([
      'https://schema.org/VeganDiet',
      'https://schema.org/VegetarianDiet',
      'https://schema.org/GlutenFreeDiet',
    ]);
    expect((await ldItem(html, 'Margherita')).suitableForDiet).toBe('https://schema.org/VegetarianDiet');
    // Pescatarian has no schema.org value.
    expect((await ldItem(html, 'Trout')).suitableForDiet).toBeUndefined();
  });
});

describe('nutrition', () => {
  it('shows kcal per portion by default, the full declaration or nothing as the venue chooses, and the daily note', async () => {
    let text = words(await get('/m/pizzeria-uno?lang=en'));
    expect(text).toContain('800 kcal (per 350 g)');
    expect(text).not.toContain('fat 30 g');
    expect(text).not.toContain('2,000 kcal');

    await update('venues', venueId, { nutritionDisplay: 'full', dailyKcalNote: true });
    const html = await get('/m/pizzeria-uno?lang=en');
    text = words(html);
    expect(text).toContain(
      '3,347 kJ / 800 kcal (per 350 g) · fat 30 g, of which saturates 12 g · carbohydrate 90 g, of which sugars 8 g · protein 32 g · salt 2.1 g',
    );
    expect(text).toContain('Adults need around 2,000 kcal a day.');
    expect((await ldItem(html, 'Margherita')).nutrition).toEqual({
      '@type': 'NutritionInformation',
      calories: '800 calories',
      servingSize: '350 g',
      fatContent: '30 g',
      saturatedFatContent: '12 g',
      carbohydrateContent: '90 g',
      sugarContent: '8 g',
      proteinContent: '32 g',
    });
    const de = words(await get('/m/pizzeria-uno?lang=de'));
    expect(de).toContain('3.347 kJ / 800 kcal (pro 350 g) · Fett 30 g, davon gesättigte Fettsäuren 12 g');
    expect(de).toContain('Erwachsene brauchen etwa 2.000 kcal am Tag.');

    await update('venues', venueId, { nutritionDisplay: 'off' });
    const off = await get('/m/pizzeria-uno?lang=en');
    expect(words(off)).not.toContain('kcal');
    expect((await ldItem(off, 'Margherita')).nutrition).toBeUndefined();
    await update('venues', venueId, { nutritionDisplay: 'kcal', dailyKcalNote: false });
  });
});

describe('translations of groups and options', () => {
  it('count in the menu’s progress: German is offered only once every group and option is translated', async () => {
    expect(await get('/m/pizzeria-uno')).toContain('hreflang="de"');
    await update('options', ids.Bacon as string, { name: 'Smoked bacon' });
    // The bacon's German name is outdated now: the menu is no longer complete in German.
    const page = await get('/m/pizzeria-uno?lang=de');
    expect(page).not.toContain('hreflang="de"');
    expect(page).toContain('<html lang="en">');
    await update('options', ids.Bacon as string, { translations: { de: { name: 'Räucherspeck' } } });
    const back = await get('/m/pizzeria-uno?lang=de');
    expect(back).toContain('<html lang="de">');
    expect(words(back)).toContain('Räucherspeck (kann enthalten: M) +2,00 €');
  });
});

describe('live updates', () => {
  it('tells open pages of every venue showing the group that an option sold out, and only those', async () => {
    const url = await t.listen();
    const other = await seed(t.ctx, 'option_groups', { organization: org, name: 'Unused' });
    const unused = await seed(t.ctx, 'options', { group: other.id, name: 'Nobody sees me' });
    const events: string[] = [];
    const es = new EventSource(`${url}/api/realtime`);
    const topic = `guest/${venueId}`;
    await new Promise<void>((resolve) => {
      es.addEventListener('PB_CONNECT', (e) => {
        void fetch(`${url}/api/realtime`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ clientId: e.lastEventId, subscriptions: [topic] }),
        }).then(() => resolve());
      });
    });
    es.addEventListener(topic, (e) => events.push(e.data));
    // An option of a group no shown dish uses: nothing for this venue's guests.
    await update('options', String(unused.id), { available: false });
    // Sentinel: the cheese (on the pizzas) sells out; once it arrives, the unused one would have too.
    await update('options', ids.Cheese as string, { available: false });
    await eventually(
      () => events.join(),
      (all) => all.includes(ids.Cheese as string),
    );
    es.close();
    const sent = events.map((e) => JSON.parse(e) as { options: { id: string; available: boolean; at: [string, number, number][] }[] });
    expect(sent.map((e) => e.options.map((o) => [o.id, o.available]))).toEqual([[[ids.Cheese, false]]]);
    // The page marks options by their place (`data-o` has no id): each place names a cheese on the page, and every cheese has one.
    const page = await get('/m/pizzeria-uno?lang=en');
    const at = sent[0]?.options[0]?.at ?? [];
    const named = at.map(([dish, g, o]) => {
      const li = new RegExp(`<li class="i[^"]*" id="i-${dish}"[\\s\\S]*?</li>`).exec(page)?.[0] ?? '';
      const group = [...li.matchAll(/<p class="og">[\s\S]*?<\/p>/g)][g]?.[0] ?? '';
      const option = group.split('<span data-o').at(o + 1) ?? '';
      return option.replace(/^[^>]*>/, '').replace(/<[^>]*>/g, '');
    });
    expect(named.length).toBe(page.split('<span data-o class="out">Cheese').length - 1);
    expect(named.length).toBeGreaterThan(0);
    for (const text of named) expect(text).toMatch(/^Cheese/);
    // The next page (filtered or not) shows it sold out: the cache heard the change.
    expect(words(await get('/m/pizzeria-uno?lang=en&hide=milk'))).toContain('Cheese (G) +€1.50 Sold out');
    await update('options', ids.Cheese as string, { available: true });
  });
});
