import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { adminUpdate, hasBrowser, screenPairs, screenshot, signedInPage, startE2E, type E2E } from './harness.ts';
import { APP_NAME, englishLeft, sidewaysOverflow, seedGermanUser } from './english-left.ts';

/**
 * The menus routes in German (issue 19, item 5): a user whose stored language is German walks the
 * menu list, a menu (with its QR-code dialog), a section's items, the item editor and the
 * translation view (with its preview) at 390 px and 1280 px, light and dark. Every screen fails on
 * any English text left outside user data (./english-left.ts) and on sideways scrolling (long
 * German words). The menu is German with French as its second language, so no user data is English.
 */
const PASSWORD = 'kuechen-passwort-1';
const EMAIL = 'hans@example.de';

describe.skipIf(!hasBrowser)('the menus screens in German', () => {
  let e: E2E;
  let auth: { token: string; record: unknown };
  let menuId = '';
  const userData = [
    'Hans Huber',
    EMAIL,
    'Gasthaus Huber',
    'gasthaus-huber',
    'Mittagskarte',
    'Täglich frisch gekocht',
    'Hauptgerichte',
    'Getränke',
    'Wiener Schnitzel',
    'Kalbfleisch, Petersilkartoffeln',
    'Kaspressknödel',
    'Apfelschorle',
    'Hausgemacht',
    'Europe/Berlin',
  ];

  beforeAll(async () => {
    e = await startE2E({ APP_NAME });
    const { org } = await seedGermanUser(e.app.ctx, { email: EMAIL, password: PASSWORD, name: 'Hans Huber' });
    await adminUpdate(e, 'organizations', org, { name: 'Gasthaus Huber', subscriptionStatus: 'active', currency: 'EUR' });

    // The menu, written by its owner through the API: German first, French to translate.
    const staff = e.app.sdk();
    const session = await staff.collection('users').authWithPassword(EMAIL, PASSWORD, { expand: 'currentOrganization' });
    auth = { token: session.token, record: session.record };
    const tag = await staff.collection('tags').create({ organization: org, name: 'Hausgemacht', color: '#b45309' });
    const menu = await staff.collection('menus').create({
      organization: org,
      name: 'Mittagskarte',
      description: 'Täglich frisch gekocht',
      status: 'published',
      languages: ['de', 'fr'],
      schedule: [
        { day: 1, start: '11:00', end: '15:00' },
        { day: 5, start: '18:00', end: '01:00' },
      ],
      translations: { fr: { name: 'Menu du midi' } },
    });
    menuId = menu.id;
    const mains = await staff.collection('sections').create({ menu: menuId, name: 'Hauptgerichte', position: 0 });
    await staff.collection('sections').create({ menu: menuId, name: 'Getränke', position: 1 });
    const base = { section: mains.id, prices: [{ label: '', amount: 1890 }], available: true };
    await staff.collection('items').create({
      ...base,
      name: 'Wiener Schnitzel',
      description: 'Kalbfleisch, Petersilkartoffeln',
      allergens: ['gluten', 'eggs'],
      mayContain: ['milk'],
      tags: [tag.id],
      position: 0,
    });
    await staff.collection('items').create({
      ...base,
      name: 'Kaspressknödel',
      available: false,
      soldOutUntil: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      position: 1,
    });
    await staff.collection('items').create({ ...base, name: 'Apfelschorle', available: false, position: 2 });
    await staff.collection('venues').create({
      organization: org,
      name: 'Gasthaus Huber',
      slug: 'gasthaus-huber',
      timezone: 'Europe/Berlin',
      primaryColor: '#0f766e',
      menus: [menuId],
    });
  });
  afterAll(async () => {
    await e?.close();
  });

  /** Signed in from an English browser: the account's German wins. */
  async function signedIn(width: number, colorScheme: 'light' | 'dark'): Promise<{ context: BrowserContext; page: Page }> {
    return signedInPage(e, auth, { locale: 'en-US', colorScheme, viewport: { width, height: width < 500 ? 844 : 900 } });
  }

  /** No English and no sideways scrolling on the screen as it is now; a screenshot to look at. */
  async function check(page: Page, name: string): Promise<void> {
    expect(await englishLeft(page, userData), name).toEqual([]);
    expect(await sidewaysOverflow(page), `${name} scrolls sideways`).toBe(0);
    await screenshot(page, name);
  }

  it.each(screenPairs([390, 1280]).map(({ width, scheme }) => [width, scheme] as const))(
    'walks the menus routes at %i px (%s) with no English left',
    async (width, colorScheme) => {
      const { context, page } = await signedIn(width, colorScheme);
      const at = `${width}-${colorScheme}`;

      await page.goto('/menus/');
      await page.getByRole('heading', { name: 'Speisekarten', level: 1 }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
      await page.getByRole('link', { name: 'Mittagskarte' }).waitFor();
      await check(page, `i18n-de-menus-${at}`);
      await page.getByRole('button', { name: 'Aktionen für Mittagskarte' }).click();
      await page.getByRole('menuitem', { name: 'Duplizieren' }).waitFor();
      expect(await englishLeft(page, userData)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Neue Speisekarte' }).click();
      await page.getByRole('dialog').getByLabel('Name der Speisekarte').waitFor();
      await check(page, `i18n-de-menus-new-${at}`);
      await page.getByRole('button', { name: 'Abbrechen' }).click();

      await page.getByRole('link', { name: 'Mittagskarte' }).click();
      await page.waitForURL(`**/menus/${menuId}`);
      await page.getByRole('heading', { name: 'Abschnitte' }).waitFor();
      await page.getByRole('heading', { name: 'Zeitplan' }).waitFor();
      await page.getByText('Zeiten in Europe/Berlin, der Zeitzone von Gasthaus Huber.').waitFor();
      await page.getByRole('list', { name: 'Sprachen der Speisekarte' }).getByText('Französisch').waitFor();
      await check(page, `i18n-de-menu-${at}`);
      await page.getByRole('button', { name: 'QR-Code' }).click();
      await page.getByRole('dialog').getByText('Tischnummer (optional)').waitFor();
      await page.getByTestId('qr-preview').waitFor();
      await check(page, `i18n-de-menu-qr-${at}`);
      await page.keyboard.press('Escape');

      await page.getByRole('link', { name: /Hauptgerichte/ }).click();
      await page.getByRole('heading', { name: 'Hauptgerichte', level: 1 }).waitFor();
      await page.getByText('3 Einträge · Preise in EUR').waitFor();
      // Allergens by the regulation's German names, sold out with a German date, untranslated French.
      await page.getByTitle('Enthält: Glutenhaltiges Getreide, Eier').waitFor();
      await page.getByText(/^Ausverkauft bis /).waitFor();
      await check(page, `i18n-de-items-${at}`);

      await page.getByRole('button', { name: 'Wiener Schnitzel', exact: true }).click();
      const editor = page.getByRole('dialog');
      await editor.getByRole('heading', { name: 'Wiener Schnitzel bearbeiten' }).waitFor();
      await editor.getByRole('button', { name: /Schwefeldioxid und Sulphite/ }).waitFor();
      await editor
        .getByText('Fehlend')
        .or(editor.getByText(/von \d+ Texten übersetzt/))
        .first()
        .waitFor();
      // Amounts as German writes them: shown with a decimal comma, tidied on leaving the field.
      const amount = editor.getByLabel('Betrag von Preis 1');
      expect(await amount.inputValue()).toBe('18,90');
      await amount.fill('19,5');
      await amount.blur();
      expect(await amount.inputValue()).toBe('19,50');
      await check(page, `i18n-de-item-editor-${at}`);
      page.once('dialog', (d) => void d.accept());
      await editor.getByRole('button', { name: 'Abbrechen' }).click();
      await editor.waitFor({ state: 'detached' });

      await page.getByRole('link', { name: 'Übersetzungen' }).click();
      await page.waitForURL(`**/menus/${menuId}/translate**`);
      await page.getByRole('heading', { name: 'Übersetzungen', level: 1 }).waitFor();
      await page
        .getByTestId('language-panel')
        .getByRole('heading', { name: /Französisch/ })
        .waitFor();
      await page.getByTestId('guest-status').getByText('Für Gäste verborgen, bis alles übersetzt ist').waitFor();
      await check(page, `i18n-de-translate-${at}`);
      await page.getByRole('button', { name: 'Vorschau' }).click();
      await page.getByRole('dialog').getByRole('heading', { name: 'Gästeseite auf Französisch' }).waitFor();
      await page.locator('iframe').waitFor();
      expect(await englishLeft(page, userData)).toEqual([]);
      await context.close();
    },
  );
});
