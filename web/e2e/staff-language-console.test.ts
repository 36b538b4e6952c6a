import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { seed } from '../../server/test/test-app.ts';
import { installerUrl } from '../../server/ops/installer.ts';
import { adminUpdate, hasBrowser, SAVE_SCREENSHOTS, screenshot, startE2E, waitForToast, type E2E } from './harness.ts';
import { APP_NAME, englishLeft, sidewaysOverflow } from './english-left.ts';

/**
 * The operator console in German (issue 19, item 5). Superusers have no language field: the console
 * follows the browser on a first visit and the stored choice of its language picker (the same one
 * the staff app's sign-in pages follow). A German browser walks the installer, the sign-in and every
 * console area at 390 px (light, dark) and 1280 px (dark), dialogs and menus included, and fails on
 * any English left outside user data; an English browser switches to German with the picker.
 */
const ROOT_EMAIL = 'betrieb@example.de';
const ROOT_PASSWORD = 'konsolen-passwort-1';
const OWNER_EMAIL = 'hans@example.de';
/** User data of the walk (names, addresses, the product's name) and the English sample the translation test translates. */
const USER_DATA = [APP_NAME, ROOT_EMAIL, OWNER_EMAIL, 'Hans Huber', 'Gasthaus Huber', 'Gasthaus am See', 'gasthaus-am-see', 'Good morning'];

describe.skipIf(!hasBrowser)('the operator console in German', () => {
  let e: E2E;
  let orgId = '';

  beforeAll(async () => {
    e = await startE2E({ APP_NAME });
    const hans = await seed(e.app.ctx, 'users', {
      email: OWNER_EMAIL,
      password: 'inhaber-passwort-1',
      passwordConfirm: 'inhaber-passwort-1',
      name: 'Hans Huber',
      verified: true,
      onboardingComplete: true,
      language: 'de',
    });
    orgId = String(e.app.ctx.stmts.get('SELECT currentOrganization AS o FROM users WHERE id = ?', [String(hans.id)])?.o);
    await adminUpdate(e, 'organizations', orgId, { name: 'Gasthaus Huber', subscriptionStatus: 'trialing' });
    const menu = await seed(e.app.ctx, 'menus', { organization: orgId, name: 'Mittag', status: 'published' });
    await seed(e.app.ctx, 'venues', {
      organization: orgId,
      name: 'Gasthaus am See',
      slug: 'gasthaus-am-see',
      timezone: 'Europe/Berlin',
      primaryColor: '#0f766e',
      menus: [menu.id],
    });
  }, 600_000);
  afterAll(async () => {
    await e?.close();
  });

  async function browser(locale: string, options: Parameters<E2E['context']>[0] = {}): Promise<BrowserContext> {
    const context = await e.context({ locale, ...options });
    await context.addInitScript(() => localStorage.setItem('cookie_consent', 'no'));
    return context;
  }

  async function noEnglish(page: Page, name: string, shot?: string) {
    expect(await englishLeft(page, USER_DATA), name).toEqual([]);
    expect(await sidewaysOverflow(page), name).toBe(0);
    if (shot) await screenshot(page, shot);
  }

  it('follows a German browser through the installer link, its errors and the spent link', async () => {
    const url = String(await installerUrl(e.app.ctx));
    const page = await (await browser('de-DE', { viewport: { width: 390, height: 844 } })).newPage();
    await page.goto(url);
    await page.getByRole('heading', { name: 'Ersten Superuser anlegen' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await page.getByRole('button', { name: 'Superuser anlegen' }).click();
    await page.getByText(/Bitte geben Sie (Ihre|eine gültige) E-Mail-Adresse ein/).waitFor();
    await page.getByText('Das Passwort muss mindestens 8 Zeichen lang sein', { exact: false }).waitFor();
    await noEnglish(page, 'installer', 'i18n-de-console-installer-390-light');
    await page.getByLabel('E-Mail-Adresse').fill(ROOT_EMAIL);
    await page.getByLabel('Passwort', { exact: true }).fill(ROOT_PASSWORD);
    await page.getByLabel('Passwort bestätigen').fill(ROOT_PASSWORD);
    await page.getByRole('button', { name: 'Superuser anlegen' }).click();
    await page.getByRole('heading', { name: 'Übersicht' }).waitFor();

    // The same link again: the server's English refusal is said in German.
    const other = await (await browser('de-DE')).newPage();
    await other.goto(url);
    await other.getByLabel('E-Mail-Adresse').fill('eindringling@example.de');
    await other.getByLabel('Passwort', { exact: true }).fill('eindringling-1');
    await other.getByLabel('Passwort bestätigen').fill('eindringling-1');
    await other.getByRole('button', { name: 'Superuser anlegen' }).click();
    await other.getByText('Der Installationslink ist ungültig oder abgelaufen.', { exact: false }).waitFor();
    await noEnglish(other, 'spent installer link');
  });

  it.each([['light', 390], ...(SAVE_SCREENSHOTS ? ([['dark', 390]] as const) : []), ['dark', 1280]] as const)(
    'walks every console area in German (%s, %i px) with no English left',
    async (colorScheme, width) => {
      const narrow = width < 1024;
      const page = await (await browser('de-DE', { colorScheme, viewport: { width, height: narrow ? 844 : 900 } })).newPage();
      const shot = (name: string) => `i18n-de-console-${name}-${width}-${colorScheme}`;

      await page.goto('/_/');
      await page.getByRole('heading', { name: 'Anmeldung für Superuser' }).waitFor();
      await page.getByLabel('E-Mail-Adresse').fill(ROOT_EMAIL);
      await page.getByLabel('Passwort').fill('falsches-passwort-1');
      await page.getByRole('button', { name: 'Anmelden' }).click();
      // The server's "Failed to authenticate." in German.
      await page.locator('[data-sonner-toast]').first().waitFor();
      await noEnglish(page, 'sign-in', shot('sign-in'));
      await page.getByLabel('Passwort').fill(ROOT_PASSWORD);
      await page.getByRole('button', { name: 'Anmelden' }).click();

      await page.getByText('In Ordnung', { exact: true }).waitFor();
      // The counts are in ("…" while they load).
      await expect.poll(() => page.getByText('…', { exact: true }).count()).toBe(0);
      await noEnglish(page, 'overview', shot('overview'));
      if (narrow) {
        await page.getByRole('button', { name: 'Navigation öffnen' }).click();
        await page.getByRole('dialog').getByRole('link', { name: 'Sicherungen' }).waitFor();
        await noEnglish(page, 'navigation', shot('navigation'));
        await page.keyboard.press('Escape');
      }
      await page.getByRole('button', { name: 'Sprache: Deutsch' }).click();
      await page.getByRole('menuitem', { name: 'Français' }).waitFor();
      await noEnglish(page, 'language menu');
      await page.keyboard.press('Escape');

      await page.goto('/_/organizations/');
      await page.getByRole('list', { name: 'Organisationen' }).getByRole('link', { name: 'Gasthaus Huber' }).waitFor();
      await noEnglish(page, 'organizations', shot('organizations'));
      await page.getByRole('link', { name: 'Gasthaus Huber' }).click();
      await page.getByText('Gasthaus am See').waitFor();
      await noEnglish(page, 'organization', shot('organization'));
      await page.getByRole('button', { name: 'Testphase verlängern' }).click();
      await page.getByRole('dialog').getByText('Neues Ende der Testphase:', { exact: false }).waitFor();
      await noEnglish(page, 'extend trial');
      await page.keyboard.press('Escape');

      await page.goto('/_/users/');
      await page.getByRole('button', { name: `Aktionen für ${OWNER_EMAIL}` }).click();
      await page.getByRole('menuitem', { name: 'Sperren' }).waitFor();
      await noEnglish(page, 'user actions');
      await page.getByRole('menuitem', { name: 'Löschen…' }).click();
      await page
        .getByRole('dialog')
        .getByText('die Organisation Gasthaus Huber (einziges Mitglied) mit 1 Betrieb und 1 Speisekarte')
        .waitFor();
      await noEnglish(page, 'delete user', shot('delete-user'));
      await page.keyboard.press('Escape');

      await page.goto('/_/logs/');
      await page.getByRole('img', { name: /Anfragen? in \d+ Stunden?/ }).waitFor();
      await page.getByRole('list', { name: 'Protokolleinträge' }).waitFor();
      await noEnglish(page, 'logs', shot('logs'));

      await page.goto('/_/backups/');
      await page.getByRole('button', { name: 'Sicherung erstellen' }).click();
      await waitForToast(page, 'Sicherung erstellt.');
      const backups = page.getByRole('list', { name: 'Sicherungen' });
      await backups.getByRole('listitem').first().waitFor();
      // The archives' names ("pb_backup_qr_menu_….zip", monospace) are data, also inside the buttons' names.
      await noEnglish(page, 'backups', shot('backups'));
      await page
        .getByRole('button', { name: /wiederherstellen$/ })
        .first()
        .click();
      await page.getByRole('dialog').getByText('Alles, was jetzt gespeichert ist', { exact: false }).waitFor();
      await noEnglish(page, 'restore backup');
      await page.keyboard.press('Escape');

      await page.goto('/_/crons/');
      await page.getByRole('button', { name: 'trialExpiry jetzt ausführen' }).waitFor();
      await noEnglish(page, 'crons', shot('crons'));

      await page.goto('/_/settings/');
      await page.getByRole('form', { name: 'Maschinelle Übersetzung' }).waitFor();
      await noEnglish(page, 'settings', shot('settings'));
    },
  );

  it('switches an English browser to German with the picker, for the console and the staff app’s sign-in', async () => {
    const context = await browser('en-US', { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/_/');
    await page.getByRole('heading', { name: 'Superuser sign in' }).waitFor();
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    await page.getByRole('heading', { name: 'Anmeldung für Superuser' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await noEnglish(page, 'sign-in after the switch');
    // Stored in this browser: a reload stays German, and so does the staff app's sign-in.
    await page.reload();
    await page.getByRole('heading', { name: 'Anmeldung für Superuser' }).waitFor();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Anmelden', exact: true }).waitFor();

    // Signed in, "open as owner": the bar over the staff app is German too, and so is the way back.
    await page.goto('/_/');
    await page.getByLabel('E-Mail-Adresse').fill(ROOT_EMAIL);
    await page.getByLabel('Passwort').fill(ROOT_PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByRole('heading', { name: 'Übersicht' }).waitFor();
    await page.goto(`/_/organizations/${orgId}`);
    await page.getByRole('button', { name: 'Als Inhaber öffnen' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText(`Ansicht als ${OWNER_EMAIL} (Gasthaus Huber)`).waitFor();
    // The bar only: the staff pages under it are the staff app's own walk.
    expect(await englishLeft(page, USER_DATA, '[data-testid="viewing-as"]')).toEqual([]);
    await screenshot(page, 'i18n-de-console-viewing-as-390-light');
    await page.getByRole('button', { name: 'Zurück zur Konsole' }).click();
    await page.getByRole('heading', { name: 'Gasthaus Huber' }).waitFor();
    await noEnglish(page, 'back in the console');
  });
});
