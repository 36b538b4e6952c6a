import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { BrowserContext, Page } from 'playwright-core';
import { buildTestApp, seed, superuserRequest, type TestApp } from '../../server/test/test-app.ts';
import type { SqlParam } from '../../server/db/statements.ts';
import { readTranslations, type TranslatableText } from '../../shared/translations.ts';
import { fetchMenuTexts } from '../src/features/menus/menu-data.ts';
import { menuTexts } from '../src/features/menus/translation-rows.ts';
import { hasBrowser, screenshot, signedInPage, startE2E, type E2E } from './harness.ts';

/**
 * Option groups, options and set-menu courses in the translation view (issue 20): the staff view
 * counts exactly the texts the guest page counts when it decides which languages guests may read
 * (a parity check against the real server), and a person translates a group, an option and a
 * course by hand in German at 390 px; the guest page in German then shows them.
 */
const PASSWORD = 'options-translate-pw';

type Owner = { sdk: PocketBase; org: string; auth: { token: string; record: unknown } };

/** A verified owner with an active subscription, signed in through the SDK. */
async function ownerOf(app: TestApp, email: string): Promise<Owner> {
  const { ctx } = app;
  const user = await seed(ctx, 'users', { email, password: PASSWORD, passwordConfirm: PASSWORD, name: 'Pia', verified: true });
  const org = String(ctx.stmts.get('SELECT currentOrganization AS o FROM users WHERE id = ?', [String(user.id)])?.o);
  const su = superuserRequest(ctx);
  const update = (collection: string, id: string, data: Record<string, unknown>) =>
    ctx.engine.update(ctx.engine.collection(collection), id, { data, files: {}, fromForm: false }, su);
  await update('organizations', org, { subscriptionStatus: 'active', currency: 'EUR' });
  await update('users', String(user.id), { onboardingComplete: true });
  const sdk = app.sdk();
  const session = await sdk.collection('users').authWithPassword(email, PASSWORD);
  return { sdk, org, auth: { token: session.token, record: session.record } };
}

/**
 * A pizzeria menu in English and German, written by its owner through the API: a shared "Extras"
 * group on two pizzas, a "Sides" group, a group no item uses, a three-course set menu, a set
 * turned back into a dish (its course stays stored, guests never see it), a tag, a price label.
 */
async function pizzeria(owner: Owner, slug: string) {
  const { sdk, org } = owner;
  const menu = await sdk.collection('menus').create({ organization: org, name: 'Pizzeria', status: 'published', languages: ['en', 'de'] });
  const pizzas = await sdk.collection('sections').create({ menu: menu.id, name: 'Pizza', position: 0 });
  const sets = await sdk.collection('sections').create({ menu: menu.id, name: 'Set menus', description: 'Weekdays only', position: 1 });
  const extras = await sdk.collection('option_groups').create({ organization: org, name: 'Extras', minChoices: 0, maxChoices: 0 });
  const sides = await sdk
    .collection('option_groups')
    .create({ organization: org, name: 'Sides', description: 'Choose one', minChoices: 1, maxChoices: 1 });
  const unused = await sdk.collection('option_groups').create({ organization: org, name: 'Sauces', minChoices: 0, maxChoices: 0 });
  await sdk
    .collection('options')
    .create({ group: extras.id, name: 'Extra cheese', priceDelta: 150, allergens: ['milk'], available: true, position: 0 });
  await sdk.collection('options').create({ group: extras.id, name: 'Olives', priceDelta: 100, available: false, position: 1 });
  await sdk.collection('options').create({ group: sides.id, name: 'Salad', priceDelta: 0, available: true, position: 0 });
  await sdk.collection('options').create({ group: unused.id, name: 'Garlic sauce', priceDelta: 50, available: true, position: 0 });
  const spicy = await sdk.collection('tags').create({ organization: org, name: 'Spicy', color: '#b91c1c' });
  await sdk.collection('tags').create({ organization: org, name: 'Seasonal', color: '#15803d' });
  const margherita = await sdk.collection('items').create({
    section: pizzas.id,
    name: 'Margherita',
    description: 'Tomato, mozzarella, basil',
    prices: [{ label: '', amount: 900 }],
    optionGroups: [extras.id],
    available: true,
    position: 0,
  });
  const diavola = await sdk.collection('items').create({
    section: pizzas.id,
    name: 'Diavola',
    prices: [
      { label: 'small', amount: 900 },
      { label: 'large', amount: 1300 },
    ],
    optionGroups: [sides.id, extras.id],
    tags: [spicy.id],
    available: true,
    position: 1,
  });
  const set = await sdk.collection('items').create({
    section: sets.id,
    kind: 'set',
    name: 'Lunch menu',
    prices: [{ label: '', amount: 1490 }],
    available: true,
    position: 0,
  });
  await sdk.collection('set_courses').create({ item: set.id, name: 'Starter', choices: [margherita.id] });
  await sdk.collection('set_courses').create({ item: set.id, name: 'Main', choices: [diavola.id, margherita.id] });
  await sdk.collection('set_courses').create({ item: set.id, name: '', description: 'Coffee or tea' });
  const former = await sdk.collection('items').create({
    section: sets.id,
    kind: 'set',
    name: 'Family menu',
    prices: [{ label: '', amount: 3000 }],
    available: true,
    position: 1,
  });
  await sdk.collection('set_courses').create({ item: former.id, name: 'For the children', choices: [margherita.id] });
  await sdk.collection('items').update(former.id, { kind: 'dish' });
  await sdk
    .collection('venues')
    .create({ organization: org, name: 'Pia', slug, timezone: 'Europe/Vienna', primaryColor: '#0f766e', menus: [menu.id] });
  return { menuId: menu.id, extras: extras.id, sides: sides.id, set: set.id, margherita: margherita.id };
}

describe('the translation view counts what the guest page counts', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.listen();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lists exactly the texts whose German decides whether guests may read German', async () => {
    const owner = await ownerOf(app, 'parity@example.com');
    const { menuId } = await pizzeria(owner, 'pia-parity');
    /** Whether the guest page offers German (its language links). */
    const germanShown = async () => {
      const res = await app.app.inject({ method: 'GET', url: '/m/pia-parity' });
      expect(res.statusCode).toBe(200);
      return res.body.includes('hreflang="de"');
    };
    // The staff view's data, loaded as the app loads it (the owner's rights, the app's filters).
    const texts: TranslatableText[] = menuTexts(await fetchMenuTexts(owner.sdk, menuId, owner.org));
    const collections = new Set(texts.map((t) => t.collection));
    expect([...collections].sort()).toEqual(['items', 'menus', 'option_groups', 'options', 'sections', 'set_courses', 'tags']);
    const listed = texts.map((t) => t.source);
    for (const text of ['Extras', 'Extra cheese', 'Olives', 'Choose one', 'Starter', 'Coffee or tea', 'Spicy', 'small'])
      expect(listed, text).toContain(text);
    for (const text of ['Sauces', 'Garlic sauce', 'For the children', 'Seasonal']) expect(listed, text).not.toContain(text);

    // German for every listed text, one write per record (as the view does, through the records API).
    const records = new Map<string, { collection: string; id: string; de: Record<string, string> }>();
    for (const t of texts) {
      const record = records.get(`${t.collection}:${t.id}`) ?? { collection: t.collection, id: t.id, de: {} };
      record.de[t.key] = `DE ${t.source}`;
      records.set(`${t.collection}:${t.id}`, record);
    }
    const write = (r: { collection: string; id: string }, de: Record<string, string>) =>
      owner.sdk.collection(r.collection).update(r.id, { translations: { de } });
    for (const r of records.values()) await write(r, r.de);
    expect(await germanShown()).toBe(true);

    // Each listed text counts: without its German, guests do not get German. Together with the
    // check above, the two lists are the same (nothing missing, nothing extra).
    for (const t of texts) {
      const r = records.get(`${t.collection}:${t.id}`)!;
      const { [t.key]: _left, ...rest } = r.de;
      await write(r, rest);
      expect(await germanShown(), `${t.collection} ${t.key} "${t.source}" counts`).toBe(false);
      await write(r, r.de);
    }
    expect(await germanShown()).toBe(true);
  }, 60_000);
});

describe.skipIf(!hasBrowser)('translating option groups, options and courses by hand', () => {
  let e: E2E;
  let owner: Owner;
  let ids: Awaited<ReturnType<typeof pizzeria>>;
  const row = (sql: string, params: unknown[] = []) => e.app.ctx.stmts.get(sql, params as SqlParam[]);
  const translationsOf = (collection: string, id: string) =>
    readTranslations(JSON.parse(String(row(`SELECT translations AS t FROM ${collection} WHERE id = ?`, [id])?.t ?? 'null')));

  async function signedIn(options: Parameters<E2E['context']>[0] = {}): Promise<{ context: BrowserContext; page: Page }> {
    return signedInPage(e, owner.auth, options);
  }
  const percent = (page: Page) => page.getByTestId('progress-percent').innerText();
  const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  beforeAll(async () => {
    e = await startE2E();
    owner = await ownerOf(e.app, 'pia@example.com');
    ids = await pizzeria(owner, 'pia');
    // Everything but the texts typed below is already German.
    const left = new Set(['Extras', 'Extra cheese', 'Starter']);
    const texts = menuTexts(await fetchMenuTexts(owner.sdk, ids.menuId, owner.org)).filter((t) => !left.has(t.source));
    const byRecord = new Map<string, { collection: string; id: string; de: Record<string, string> }>();
    for (const t of texts) {
      const r = byRecord.get(`${t.collection}:${t.id}`) ?? { collection: t.collection, id: t.id, de: {} };
      r.de[t.key] = GERMAN[t.source] ?? t.source;
      byRecord.set(`${t.collection}:${t.id}`, r);
    }
    for (const r of byRecord.values()) await owner.sdk.collection(r.collection).update(r.id, { translations: { de: r.de } });
  });
  afterAll(async () => {
    await e?.close();
  });

  it('types German for a group, an option and a course at 390 px; the guest page in German shows them', async () => {
    const { page } = await signedIn({ viewport: { width: 390, height: 844 }, isMobile: true });
    await page.goto(`/menus/${ids.menuId}/translate?lang=de`);
    await page.getByTestId('language-panel').waitFor();
    await page.getByTestId('guest-status').getByText('Hidden from guests until complete').waitFor();
    await page.getByRole('button', { name: /^Missing 3$/ }).click();

    // The set's course sits in the set's block; the group has a block of its own, its option in it.
    const setBlock = page.locator(`#item-${ids.set}`);
    await setBlock.getByRole('heading', { name: 'Lunch menu' }).waitFor();
    const groupBlock = page.locator(`#group-${ids.extras}`);
    await groupBlock.getByRole('heading', { name: 'Options: Extras' }).waitFor();
    await screenshot(page, 'translate-options-missing-light-390');

    await groupBlock.getByLabel('Extras: Name (de)').fill('Extras');
    await page.keyboard.press('Enter');
    await groupBlock.getByLabel('Extras: Option 1 (de)').fill('Extra Käse');
    await page.keyboard.press('Enter');
    await setBlock.getByLabel('Lunch menu: Course 1 (de)').fill('Vorspeise');
    await page.keyboard.press('Enter');

    await expect.poll(() => translationsOf('option_groups', ids.extras).de?.name?.text).toBe('Extras');
    const cheese = String(row('SELECT id FROM options WHERE name = ?', ['Extra cheese'])?.id);
    await expect.poll(() => translationsOf('options', cheese).de?.name?.text).toBe('Extra Käse');
    const starter = String(row('SELECT id FROM set_courses WHERE name = ?', ['Starter'])?.id);
    await expect.poll(() => translationsOf('set_courses', starter).de?.name?.text).toBe('Vorspeise');
    await expect.poll(() => percent(page)).toBe('100 %');
    await page.getByTestId('guest-status').getByText('Shown to guests').waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);

    await page.getByRole('button', { name: /^All / }).click();
    expect(await fits(page)).toBe(true);
    await screenshot(page, 'translate-options-done-light-390');
    await page.emulateMedia({ colorScheme: 'dark' });
    await groupBlock.scrollIntoViewIfNeeded();
    await screenshot(page, 'translate-options-done-dark-390');

    const guest = await (await e.context({ viewport: { width: 390, height: 844 }, isMobile: true })).newPage();
    await guest.goto('/m/pia?lang=de');
    expect(await guest.locator('html').getAttribute('lang')).toBe('de');
    const lunch = guest.locator(`#i-${ids.set}`);
    await lunch.getByText('Mittagsmenü').first().waitFor();
    await lunch.getByText('Vorspeise').first().waitFor();
    const margherita = guest.locator(`#i-${ids.margherita}`);
    await margherita.getByText('Extras').first().waitFor();
    await margherita.getByText('Extra Käse').first().waitFor();
    for (const english of ['Extra cheese', 'Starter', 'Lunch menu'])
      expect(await guest.getByText(english, { exact: true }).count(), english).toBe(0);
    expect(await fits(guest)).toBe(true);
    await screenshot(guest, 'translate-options-guest-de-light-390');
    await guest.emulateMedia({ colorScheme: 'dark' });
    await screenshot(guest, 'translate-options-guest-de-dark-390');
  }, 120_000);
});

/** German of the texts filled in before the browser test (the rest is typed by hand). */
const GERMAN: Record<string, string> = {
  Pizzeria: 'Pizzeria',
  Pizza: 'Pizza',
  'Set menus': 'Menüs',
  'Weekdays only': 'Nur an Wochentagen',
  Sides: 'Beilagen',
  'Choose one': 'Eine wählen',
  Olives: 'Oliven',
  Salad: 'Salat',
  Spicy: 'Scharf',
  Margherita: 'Margherita',
  'Tomato, mozzarella, basil': 'Tomate, Mozzarella, Basilikum',
  Diavola: 'Diavola',
  small: 'klein',
  large: 'groß',
  'Lunch menu': 'Mittagsmenü',
  Main: 'Hauptgang',
  'Coffee or tea': 'Kaffee oder Tee',
  'Family menu': 'Familienmenü',
};
