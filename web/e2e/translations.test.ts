import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { BrowserContext, Page } from 'playwright-core';
import { seed, superuserRequest } from '../../server/test/test-app.ts';
import { DeepLStandIn } from '../../server/test/deepl-stand-in.ts';
import type { SqlParam } from '../../server/db/statements.ts';
import { fingerprint, readTranslations } from '../../shared/translations.ts';
import { hasBrowser, screenshot, signedInPage, startE2E, type E2E } from './harness.ts';

/**
 * The translation view in a real browser: a 20-item menu (seeded through the API as its owner)
 * gets German with the keyboard only at 390 px, the guest page then reads German; machine drafts
 * and outdated texts are confirmed with Enter; machine translation against the DeepL stand-in.
 */
const PASSWORD = 'translate-password-1';
const OWNER = 'owner@example.com';

/** English → German of every text of the menu (the keyboard loop types the German of whatever field has focus). */
const GERMAN: Record<string, string> = {
  Dinner: 'Abendessen',
  'Served from six o’clock': 'Ab sechs Uhr serviert',
  Starters: 'Vorspeisen',
  Mains: 'Hauptgerichte',
  Drinks: 'Getränke',
  'Small plates to share': 'Kleine Teller zum Teilen',
  'Beef broth': 'Rindsuppe',
  'With semolina dumplings': 'Mit Grießnockerl',
  Burrata: 'Burrata',
  'Garden salad': 'Gartensalat',
  'Pumpkin soup': 'Kürbissuppe',
  'Roasted pumpkin\nGinger and cream': 'Gerösteter Kürbis\nIngwer und Sahne',
  'Beef tartare': 'Rindertatar',
  'Wiener Schnitzel': 'Wiener Schnitzel',
  'Veal, parsley potatoes': 'Kalb, Petersilerdäpfel',
  Goulash: 'Gulasch',
  'Cheese noodles': 'Käsespätzle',
  'Fish and chips': 'Fisch mit Pommes',
  'Roast pork': 'Schweinsbraten',
  'Mushroom risotto': 'Pilzrisotto',
  'Trout fillet': 'Forellenfilet',
  Lemonade: 'Limonade',
  'Grüner Veltliner': 'Grüner Veltliner',
  glass: 'Glas',
  bottle: 'Flasche',
  Espresso: 'Espresso',
  'Apple juice': 'Apfelsaft',
  Beer: 'Bier',
  small: 'klein',
  large: 'groß',
  'Still water': 'Stilles Wasser',
  'Iced tea': 'Eistee',
  Cider: 'Most',
  Vegan: 'Vegan',
};

const SECTIONS: { name: string; description?: string; items: { name: string; description?: string; prices?: string[] }[] }[] = [
  {
    name: 'Starters',
    description: 'Small plates to share',
    items: [
      { name: 'Beef broth', description: 'With semolina dumplings' },
      { name: 'Burrata' },
      { name: 'Garden salad' },
      { name: 'Pumpkin soup', description: 'Roasted pumpkin\nGinger and cream' },
      { name: 'Beef tartare' },
    ],
  },
  {
    name: 'Mains',
    items: [
      { name: 'Wiener Schnitzel', description: 'Veal, parsley potatoes' },
      { name: 'Goulash' },
      { name: 'Cheese noodles' },
      { name: 'Fish and chips' },
      { name: 'Roast pork' },
      { name: 'Mushroom risotto' },
      { name: 'Trout fillet' },
    ],
  },
  {
    name: 'Drinks',
    items: [
      { name: 'Lemonade' },
      { name: 'Grüner Veltliner', prices: ['glass', 'bottle'] },
      { name: 'Espresso' },
      { name: 'Apple juice' },
      { name: 'Beer', prices: ['small', 'large'] },
      { name: 'Still water' },
      { name: 'Iced tea' },
      { name: 'Cider' },
    ],
  },
];

describe.skipIf(!hasBrowser)('translation view', () => {
  let e: E2E;
  const deepl = new DeepLStandIn('translate-e2e-key:fx');
  let staff: PocketBase;
  let auth: { token: string; record: unknown };
  let menuId = '';
  let venueId = '';
  const itemIds: Record<string, string> = {};

  const row = (sql: string, params: unknown[] = []) => e.app.ctx.stmts.get(sql, params as SqlParam[]);
  const translationsOf = (collection: string, id: string) =>
    readTranslations(JSON.parse(String(row(`SELECT translations AS t FROM ${collection} WHERE id = ?`, [id])?.t ?? 'null')));

  async function signedIn(options: Parameters<E2E['context']>[0] = {}): Promise<{ context: BrowserContext; page: Page }> {
    return signedInPage(e, auth, options);
  }

  /** The focused field's original text (the row's source paragraph). */
  const focusedSource = (page: Page) =>
    page.evaluate(() => {
      const field = document.activeElement as HTMLElement | null;
      if (!field?.dataset.field) return null;
      return field.closest('[data-testid="translation-row"]')?.querySelector('p[lang]')?.textContent ?? null;
    });

  const percent = (page: Page) => page.getByTestId('progress-percent').innerText();

  beforeAll(async () => {
    await deepl.start();
    e = await startE2E({ DEEPL_API_KEY: deepl.apiKey, DEEPL_API_URL: deepl.url });
    const { ctx } = e.app;
    const owner = await seed(ctx, 'users', { email: OWNER, password: PASSWORD, passwordConfirm: PASSWORD, name: 'Olga', verified: true });
    const orgId = String(row('SELECT currentOrganization AS o FROM users WHERE id = ?', [owner.id])?.o);
    const su = superuserRequest(ctx);
    const update = (collection: string, id: string, data: Record<string, unknown>) =>
      ctx.engine.update(ctx.engine.collection(collection), id, { data, files: {}, fromForm: false }, su);
    await update('organizations', orgId, { subscriptionStatus: 'active', currency: 'EUR' });
    await update('users', String(owner.id), { onboardingComplete: true });

    // The menu, as its owner writes it through the API.
    staff = e.app.sdk();
    const session = await staff.collection('users').authWithPassword(OWNER, PASSWORD, { expand: 'currentOrganization' });
    auth = { token: session.token, record: session.record };
    const vegan = await staff.collection('tags').create({ organization: orgId, name: 'Vegan', color: '#15803d' });
    const menu = await staff.collection('menus').create({
      organization: orgId,
      name: 'Dinner',
      description: 'Served from six o’clock',
      status: 'published',
      languages: ['en', 'de'],
    });
    menuId = menu.id;
    let position = 0;
    for (const [s, section] of SECTIONS.entries()) {
      const created = await staff
        .collection('sections')
        .create({ menu: menuId, name: section.name, description: section.description ?? '', position: s });
      for (const item of section.items) {
        const record = await staff.collection('items').create({
          section: created.id,
          name: item.name,
          description: item.description ?? '',
          prices: (item.prices ?? ['']).map((label, i) => ({ label, amount: 450 + 100 * i })),
          tags: item.name === 'Garden salad' ? [vegan.id] : [],
          available: true,
          position: position++,
        });
        itemIds[`${section.name}/${item.name}`] = record.id;
      }
    }
    expect(Object.keys(itemIds)).toHaveLength(20);
    const venue = await staff.collection('venues').create({
      organization: orgId,
      name: 'Lindwurm',
      address: 'Main square 1',
      slug: 'lindwurm',
      timezone: 'Europe/Vienna',
      primaryColor: '#0f766e',
      menus: [menuId],
    });
    venueId = venue.id;
  });
  afterAll(async () => {
    await e?.close();
    await deepl.stop();
  });

  it('fills German for a 20-item menu with the keyboard only at 390 px; the guest page then reads German', async () => {
    const { page } = await signedIn({ viewport: { width: 390, height: 844 }, isMobile: true });
    await page.goto(`/menus/${menuId}`);
    await page.getByRole('link', { name: 'Translations' }).click();
    await page.waitForURL(`**/menus/${menuId}/translate`);
    await page.getByRole('heading', { name: 'Translations', level: 1 }).waitFor();
    expect(await percent(page)).toBe('0 %');
    await page.getByTestId('guest-status').getByText('Hidden from guests until complete').waitFor();
    // DeepL is configured (the stand-in), so the button is there.
    await page.getByRole('button', { name: 'Translate missing with DeepL' }).waitFor();
    await screenshot(page, 'translate-empty-light-390');

    const fields = await page.locator('[data-field]').count();
    // 1 menu name + description, 3 section names + 1 description, 20 names + 3 descriptions, 4 price labels, 1 tag.
    expect(fields).toBe(2 + 4 + 23 + 4 + 1);
    // Keyboard only from here: the first field has focus (as after Tab from the filters), then type + Enter.
    await page.locator('[data-field]').first().focus();
    for (let i = 0; i < fields; i++) {
      const source = await focusedSource(page);
      expect(source, `field ${i + 1} has focus`).not.toBeNull();
      const german = GERMAN[source as string];
      expect(german, `a German text for "${source}"`).toBeDefined();
      const [first, ...more] = (german as string).split('\n');
      await page.keyboard.type(first as string);
      for (const line of more) {
        await page.keyboard.press('Shift+Enter'); // a new line in a description
        await page.keyboard.type(line);
      }
      await page.keyboard.press('Enter');
    }
    await expect.poll(() => percent(page), { timeout: 15_000 }).toBe('100 %');
    await page.getByTestId('guest-status').getByText('Shown to guests').waitFor();
    await expect.poll(() => page.getByText('Saved', { exact: true }).count()).toBe(fields);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.evaluate(() => document.body.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'translate-done-light-390');

    // Stored through the records API: every text of every record, the line break kept, nothing of another record lost.
    const soup = translationsOf('items', itemIds['Starters/Pumpkin soup'] as string);
    expect(soup.de?.name?.text).toBe('Kürbissuppe');
    expect(soup.de?.description?.text).toBe('Gerösteter Kürbis\nIngwer und Sahne');
    const wine = translationsOf('items', itemIds['Drinks/Grüner Veltliner'] as string);
    expect(Object.fromEntries(Object.entries(wine.de ?? {}).map(([k, v]) => [k, v.text]))).toEqual({
      name: 'Grüner Veltliner',
      'prices.0': 'Glas',
      'prices.1': 'Flasche',
    });
    expect(translationsOf('menus', menuId).de?.description?.text).toBe('Ab sechs Uhr serviert');

    const guest = await (await e.context({ viewport: { width: 390, height: 844 }, isMobile: true })).newPage();
    await guest.goto('/m/lindwurm?lang=de');
    await guest.getByText('Kürbissuppe').waitFor();
    for (const text of ['Rindsuppe', 'Käsespätzle', 'Schweinsbraten', 'Stilles Wasser', 'Vorspeisen', 'Hauptgerichte', 'Getränke'])
      expect(await guest.getByRole('heading', { name: text, exact: true }).isVisible(), text).toBe(true);
    expect(await guest.getByText('Pumpkin soup').count()).toBe(0);
    await screenshot(guest, 'translate-guest-de-390');
  }, 240_000);

  it('marks machine drafts and outdated texts; Enter confirms them unchanged', async () => {
    const broth = itemIds['Starters/Beef broth'] as string;
    const espresso = itemIds['Drinks/Espresso'] as string;
    // A machine draft for the broth's name, and an espresso translation made from another source text.
    await staff.collection('items').update(broth, {
      translations: { de: { name: { text: 'Rinderbrühe', machine: true }, description: 'Mit Grießnockerl' } },
    });
    await staff.collection('items').update(espresso, {
      translations: { de: { name: { text: 'Espresso', basis: fingerprint('Coffee') } } },
    });

    const { page } = await signedIn({ viewport: { width: 390, height: 844 }, isMobile: true, colorScheme: 'dark' });
    await page.goto(`/menus/${menuId}/translate?lang=de`);
    await page.getByTestId('language-panel').waitFor();
    expect(await percent(page)).not.toBe('100 %');
    await page.getByRole('button', { name: /^Drafts 1$/ }).click();
    const draft = page.getByTestId('translation-row').filter({ hasText: 'Draft (machine)' });
    expect(await draft.count()).toBe(1);
    await screenshot(page, 'translate-drafts-dark-390');
    await draft.locator('[data-field]').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => translationsOf('items', broth).de?.name).toMatchObject({ text: 'Rinderbrühe' });
    await expect.poll(() => translationsOf('items', broth).de?.name?.machine).toBeUndefined();
    // Still listed (it had focus), now done.
    await expect.poll(() => draft.count()).toBe(0);

    await page.getByRole('button', { name: /^Outdated 1$/ }).click();
    const outdated = page.getByTestId('translation-row').filter({ hasText: 'Source changed' });
    expect(await outdated.count()).toBe(1);
    await outdated.locator('[data-field]').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => translationsOf('items', espresso).de?.name?.basis).toBe(fingerprint('Espresso'));
    await expect.poll(() => percent(page)).toBe('100 %');
    expect(await translationsOf('items', broth).de?.description?.text).toBe('Mit Grießnockerl');
  }, 120_000);

  it('publishes an incomplete language anyway and says so', async () => {
    await staff.collection('items').update(itemIds['Mains/Goulash'] as string, { translations: {} });
    const { page } = await signedIn({ viewport: { width: 1280, height: 900 } });
    await page.goto(`/menus/${menuId}/translate?lang=de`);
    await page.getByTestId('guest-status').getByText('Hidden from guests until complete').waitFor();
    await page.getByRole('switch', { name: 'Publish anyway: German' }).click();
    await page
      .getByTestId('guest-status')
      .getByText(/Shown to guests \(published anyway/)
      .waitFor();
    await expect.poll(() => JSON.parse(String(row('SELECT publishIncomplete AS p FROM menus WHERE id = ?', [menuId])?.p))).toEqual(['de']);
    await screenshot(page, 'translate-light-1280');

    // The preview shows this menu's guest page in German, the untranslated dish marked as English.
    await page.getByRole('button', { name: 'Preview' }).click();
    const frame = page.frameLocator('iframe[title="Preview of the guest page in German"]');
    await frame.getByRole('heading', { name: 'Hauptgerichte' }).waitFor();
    expect(await frame.locator('html').getAttribute('lang')).toBe('de');
    expect(await frame.locator('[lang="en"]', { hasText: 'Goulash' }).count()).toBeGreaterThan(0);
    await screenshot(page, 'translate-preview-light-1280');
    await page.keyboard.press('Escape');

    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'translate-dark-1280');
    await page.getByRole('switch', { name: 'Publish anyway: German' }).click();
    await page.getByTestId('guest-status').getByText('Hidden from guests until complete').waitFor();
    await expect.poll(() => JSON.parse(String(row('SELECT publishIncomplete AS p FROM menus WHERE id = ?', [menuId])?.p))).toEqual([]);
  });

  it('keeps glossary terms in menus.glossary', async () => {
    const { page } = await signedIn({ viewport: { width: 390, height: 844 }, isMobile: true });
    await page.goto(`/menus/${menuId}/translate?lang=de`);
    await page.getByLabel('New term').fill('Tiramisù');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Remove Tiramisù' }).waitFor();
    await page.getByLabel('New term').fill('tiramisù');
    await page.keyboard.press('Enter');
    await page.getByText('This term is already in the list').waitFor();
    expect(JSON.parse(String(row('SELECT glossary AS g FROM menus WHERE id = ?', [menuId])?.g))).toEqual(['Tiramisù']);
  });

  it('translates the venue’s name and address in the languages of its menus', async () => {
    const { page } = await signedIn({ viewport: { width: 390, height: 844 }, isMobile: true });
    await page.goto(`/venues/${venueId}`);
    const card = page
      .getByRole('heading', { name: 'Name and address in other languages' })
      .locator('xpath=ancestor::div[contains(@class,"rounded-lg")][1]');
    await card.getByLabel('Address (de)').fill('Hauptplatz 1');
    await card.getByRole('button', { name: 'Save translations' }).click();
    await expect.poll(() => translationsOf('venues', venueId).de?.address?.text).toBe('Hauptplatz 1');
    // Only what was typed: the empty name stays untranslated.
    expect(translationsOf('venues', venueId).de?.name).toBeUndefined();
    expect(await page.evaluate(() => document.body.scrollWidth <= window.innerWidth)).toBe(true);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'venue-translations-light-390');
  });

  // Needs the server's POST /api/menus/{id}/translate (branch tr-server): skipped until that route exists.
  const hasTranslateRoute = () => e.app.app.hasRoute({ method: 'POST', url: '/api/menus/:menuId/translate' });

  it('translates missing texts with the DeepL stand-in as drafts; a rate limit shows a clear message', async (t) => {
    if (!hasTranslateRoute()) t.skip('POST /api/menus/:menuId/translate is not on this branch yet');
    const soup = itemIds['Starters/Pumpkin soup'] as string;
    const goulash = itemIds['Mains/Goulash'] as string;
    await staff.collection('items').update(goulash, { name: 'Goulash with cream', translations: {} });
    await staff.collection('items').update(soup, { translations: {} });
    const { page } = await signedIn({ viewport: { width: 390, height: 844 }, isMobile: true });
    await page.goto(`/menus/${menuId}/translate?lang=de`);

    deepl.failWith = 429;
    await page.getByRole('button', { name: 'Translate missing with DeepL' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/3 texts will be translated by machine\. They arrive as drafts/).waitFor();
    await dialog.getByRole('button', { name: 'Translate' }).click();
    await page.getByRole('alert').filter({ hasText: 'DeepL received too many requests. Try again in a minute' }).waitFor();
    await screenshot(page, 'translate-rate-limited-light-390');

    deepl.failWith = null;
    await page.getByRole('button', { name: 'Translate missing with DeepL' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Translate' }).click();
    await page.getByRole('button', { name: /^Drafts 3$/ }).click();
    const drafts = page.getByTestId('translation-row').filter({ hasText: 'Draft (machine)' });
    await expect.poll(() => drafts.count()).toBe(3);
    expect(translationsOf('items', goulash).de?.name).toMatchObject({ text: 'Goulash mit Sahne', machine: true });
    // A text a person wrote stays as it was.
    expect(translationsOf('items', itemIds['Starters/Beef broth'] as string).de?.name?.text).toBe('Rinderbrühe');

    await drafts.filter({ hasText: 'Goulash with cream' }).locator('[data-field]').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => translationsOf('items', goulash).de?.name?.machine).toBeUndefined();
  }, 120_000);
});
