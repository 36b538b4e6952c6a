import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { seed } from '../../server/test/test-app.ts';
import { adminUpdate, hasBrowser, screenshot, startE2E, type E2E } from './harness.ts';
import { APP_NAME, englishLeft, seedGermanUser } from './english-left.ts';

/**
 * The staff app in German (issue 19, item 5): a visitor whose browser prefers German gets the
 * sign-in pages in German and signs up into a German account (its verification email too); a user
 * whose stored language is German gets German after signing in from an English browser. Every
 * converted route is walked at 390 px and fails on any English text left outside user data
 * (./english-left.ts). The menus routes have their own walk (staff-language-menus.test.ts).
 */
const PASSWORD = 'kuechen-passwort-1';

describe.skipIf(!hasBrowser)('the staff app in German', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E({ APP_NAME });
  });
  afterAll(async () => {
    await e?.close();
  });

  async function phone(locale: string, colorScheme: 'light' | 'dark' = 'light'): Promise<BrowserContext> {
    return e.context({ locale, colorScheme, viewport: { width: 390, height: 844 } });
  }

  it('follows a German browser on the sign-in pages and signs up into a German account', async () => {
    const page = await (await phone('de-DE')).newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Anmelden', exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    // The cookie banner is part of the first visit: German too.
    await page.getByRole('heading', { name: 'Wir verwenden Cookies' }).waitFor();
    expect(await englishLeft(page, [])).toEqual([]);
    await screenshot(page, 'i18n-de-login-390-light');

    // A form error in German (the shared validation messages are translated at display time).
    await page.getByRole('button', { name: 'Ablehnen' }).click();
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein').waitFor();
    expect(await englishLeft(page, [])).toEqual([]);

    await page.getByRole('button', { name: 'Code per E-Mail senden' }).click();
    await page.getByRole('heading', { name: 'Mit einem Code anmelden' }).waitFor();
    expect(await englishLeft(page, [])).toEqual([]);
    await page.getByRole('button', { name: 'Mit Passwort anmelden' }).click();
    await page.getByRole('button', { name: 'Passwort vergessen?' }).click();
    await page.getByRole('heading', { name: 'Passwort zurücksetzen' }).waitFor();
    expect(await englishLeft(page, [])).toEqual([]);

    for (const [url, heading] of [
      ['/reset-password', 'Dieser Link ist unvollständig'],
      ['/confirm-email-change', 'Dieser Link ist unvollständig'],
      ['/verify', 'Sehen Sie in Ihrem Posteingang nach'],
      ['/no-such-page', 'Seite nicht gefunden'],
    ] as const) {
      await page.goto(url);
      await page.getByText(heading).first().waitFor();
      expect(await englishLeft(page, []), url).toEqual([]);
    }

    await page.goto('/sign-up');
    await page.getByRole('heading', { name: 'Konto erstellen' }).waitFor();
    expect(await englishLeft(page, [])).toEqual([]);
    await page.getByLabel('Ihr Name').fill('Greta Gast');
    await page.getByLabel('E-Mail-Adresse').fill('greta@example.de');
    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByText('Gut.').or(page.getByText('Mittel.')).or(page.getByText('Stark.')).first().waitFor();
    await page.getByRole('button', { name: 'Konto erstellen' }).click();
    await page.waitForURL('**/verify');
    await page.getByText('Wir haben einen Bestätigungslink an').waitFor();
    expect(await englishLeft(page, ['Greta Gast', 'greta@example.de'])).toEqual([]);
    await screenshot(page, 'i18n-de-verify-390-light');
    const mail = await e.smtp.waitFor((m) => m.to.includes('greta@example.de'));
    expect(mail.subject).toBe(`Bestätigen Sie Ihre E-Mail-Adresse für ${APP_NAME}`);
    expect(e.app.ctx.stmts.get('SELECT language FROM users WHERE email = ?', ['greta@example.de'])?.language).toBe('de');
  });

  it('switches to the stored German on sign-in from an English browser and walks the app at 390 px', async () => {
    const { org } = await seedGermanUser(e.app.ctx, { email: 'hans@example.de', password: PASSWORD, name: 'Hans Huber' });
    await adminUpdate(e, 'organizations', org, { name: 'Gasthaus Huber', subscriptionStatus: 'active' });
    const userData = ['Hans Huber', 'Hans', 'hans@example.de', 'Gasthaus Huber', 'H'];

    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await phone('en-US', colorScheme);
      await context.addInitScript(() => localStorage.setItem('cookie_consent', 'no'));
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByLabel('Email', { exact: true }).fill('hans@example.de');
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL('**/dashboard');
      await page.getByRole('heading', { name: 'Bringen Sie Gasthaus Huber zu Ihren Gästen' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
      expect(await englishLeft(page, userData)).toEqual([]);
      await screenshot(page, `i18n-de-dashboard-390-${colorScheme}`);

      await page.getByRole('button', { name: 'Navigation öffnen' }).click();
      await page.getByRole('link', { name: 'Speisekarte hochladen' }).waitFor();
      expect(await englishLeft(page, userData)).toEqual([]);
      await screenshot(page, `i18n-de-nav-390-${colorScheme}`);
      await page.getByRole('button', { name: 'Navigation schließen' }).click();

      await page.getByRole('button', { name: 'Kontomenü' }).click();
      await page.getByRole('menuitem', { name: 'Profil' }).click();
      await page.waitForURL('**/profile/');
      await page.getByRole('heading', { name: 'Konto löschen' }).waitFor();
      expect(await englishLeft(page, userData)).toEqual([]);
      await screenshot(page, `i18n-de-profile-390-${colorScheme}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBe(0);
      await page.getByRole('button', { name: 'Überall abmelden' }).click();
      await page.getByRole('dialog').getByText('Jedes Gerät, das bei Ihrem Konto angemeldet ist').waitFor();
      expect(await englishLeft(page, userData)).toEqual([]);
      await page.getByRole('button', { name: 'Abbrechen' }).click();
      await context.close();
    }
  });

  it('changes the language in the profile, for the app and the account, at 1280 px', async () => {
    const lea = await seed(e.app.ctx, 'users', {
      email: 'lea@example.com',
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      name: 'Lea',
      verified: true,
      onboardingComplete: true,
    });
    const org = String(e.app.ctx.stmts.get('SELECT currentOrganization AS o FROM users WHERE id = ?', [String(lea.id)])?.o);
    await adminUpdate(e, 'organizations', org, { subscriptionStatus: 'active' });
    const context = await e.context({ locale: 'en-US' });
    await context.addInitScript(() => localStorage.setItem('cookie_consent', 'no'));
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill('lea@example.com');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/dashboard');
    await page.goto('/profile/');
    await page.getByLabel('Language').selectOption('de');
    await page.getByRole('heading', { name: 'Profil', exact: true }).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(e.app.ctx.stmts.get('SELECT language FROM users WHERE email = ?', ['lea@example.com'])?.language).toBe('de');
    expect(await englishLeft(page, ['Lea', 'lea@example.com', 'L'])).toEqual([]);
    await screenshot(page, 'i18n-de-profile-1280-light');
    // A reload keeps German; French is one choice away.
    await page.reload();
    await page.getByRole('heading', { name: 'Sprache' }).waitFor();
    await page.getByLabel('Sprache').selectOption('fr');
    await page.getByRole('heading', { name: 'Langue' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
  });
});
