import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DeepLStandIn } from '../../server/test/deepl-stand-in.ts';
import { hasBrowser, screenshot, startE2E, waitForToast, type E2E } from './harness.ts';

/**
 * The operator console's machine translation card: a wrong key tested shows the provider's clear
 * error (never the key), the right one translates "Good morning", saving turns the staff app's
 * "Translate" on at once (/api/app-config), and the saved key is never shown again.
 */
const ROOT_EMAIL = 'operator@example.com';
const ROOT_PASSWORD = 'operator-password-1';
const deepl = new DeepLStandIn('console-deepl-secret:fx');

describe.skipIf(!hasBrowser)('console: machine translation settings', () => {
  let e: E2E;

  beforeAll(async () => {
    await deepl.start();
    e = await startE2E({ SUPERUSER_EMAIL: ROOT_EMAIL, SUPERUSER_PASSWORD: ROOT_PASSWORD });
  }, 600_000);
  afterAll(async () => {
    await e?.close();
    await deepl.stop();
  });

  async function signedIn(options: Parameters<E2E['context']>[0]): Promise<Page> {
    const context = await e.context(options);
    await context.addInitScript(() => localStorage.setItem('cookie_consent', 'no'));
    const page = await context.newPage();
    await page.goto('/_/');
    await page.getByLabel('Email').fill(ROOT_EMAIL);
    await page.getByLabel('Password').fill(ROOT_PASSWORD);
    await page.getByRole('button', { name: /sign in/i }).click();
    // Signed in once the console shows its overview (going on earlier would cancel the sign-in).
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await page.goto('/_/settings/');
    await page.getByRole('form', { name: 'Machine translation' }).waitFor();
    return page;
  }

  const appConfig = async () =>
    ((await (await fetch(`${e.url}/api/app-config`)).json()) as { machineTranslation: string | null }).machineTranslation;

  it('tests a wrong and a right key, saves, and never shows the key again (390 px, light)', async () => {
    const page = await signedIn({ viewport: { width: 390, height: 844 } });
    const card = page.getByRole('form', { name: 'Machine translation' });
    await card.getByLabel('Provider').selectOption('deepl');
    await card.getByLabel('DeepL API key').fill('wrong-console-key');
    await card.getByLabel('DeepL API URL').fill(deepl.url);
    await card.getByRole('button', { name: 'Test' }).click();
    const status = card.getByRole('status');
    await expect.poll(() => status.textContent()).toMatch(/DeepL/);
    expect(await status.textContent()).not.toContain('wrong-console-key');
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'console-machine-translation-error-390');

    await card.getByLabel('DeepL API key').fill(deepl.apiKey);
    await card.getByRole('button', { name: 'Test' }).click();
    await expect.poll(() => status.textContent()).toContain('Guten Morgen');
    // Testing saved nothing.
    expect(await appConfig()).toBeNull();
    await card.getByRole('button', { name: 'Save' }).click();
    await waitForToast(page, 'Machine translation saved.');
    expect(await appConfig()).toBe('deepl');
    // The page never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'console-machine-translation-390');

    // Reloaded: the key is not in the page; testing with it empty uses the saved one.
    await page.reload();
    const again = page.getByRole('form', { name: 'Machine translation' });
    await again.waitFor();
    expect(await again.getByLabel('DeepL API key').inputValue()).toBe('');
    expect(await page.content()).not.toContain(deepl.apiKey);
    await again.getByRole('button', { name: 'Test' }).click();
    await expect.poll(() => again.getByRole('status').textContent()).toContain('Guten Morgen');
  });

  it('reads well in dark mode at 1280 px', async () => {
    const page = await signedIn({ colorScheme: 'dark' });
    const card = page.getByRole('form', { name: 'Machine translation' });
    await card.scrollIntoViewIfNeeded();
    expect(await card.getByLabel('Provider').inputValue()).toBe('deepl');
    await screenshot(page, 'console-machine-translation-1280-dark');
  });
});
