import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeOwner, buildTestApp, seed, type TestApp } from '../../test/test-app.ts';
import { GUEST_CHROME, GUEST_CHROME_LANGUAGES } from '../../../shared/i18n/guest-chrome.ts';

/**
 * An item sold at a price given on request (imported from a PDF that prints "market price", or
 * marked by staff): no amount, and guests read "Price on request" in the page's language.
 */
let t: TestApp;
let lobster = '';
let soup = '';

beforeAll(async () => {
  t = await buildTestApp();
  await t.listen();
  const owner = await activeOwner(t.ctx, 'fish-house@example.com');
  const menu = await seed(t.ctx, 'menus', {
    organization: owner.org,
    name: 'Fish',
    status: 'published',
    languages: ['en', 'de'],
    publishIncomplete: ['de'],
  });
  const section = await seed(t.ctx, 'sections', { menu: menu.id, name: 'From the sea' });
  lobster = String((await seed(t.ctx, 'items', { section: section.id, name: 'Maine lobster', prices: [], priceOnRequest: true })).id);
  soup = String((await seed(t.ctx, 'items', { section: section.id, name: 'Chowder', prices: [{ label: '', amount: 900 }] })).id);
  await seed(t.ctx, 'venues', {
    organization: owner.org,
    name: 'Harbour',
    slug: 'harbour',
    timezone: 'Europe/Berlin',
    primaryColor: '#1d4ed8',
    currency: 'EUR',
    menus: [menu.id],
  });
});

afterAll(async () => {
  await t.close();
});

const item = (html: string, id: string) => new RegExp(`<li class="i[^"]*" id="i-${id}"[\\s\\S]*?</li>`).exec(html)?.[0] ?? '';

describe('price on request on the guest page', () => {
  it('shows the note instead of an amount, in the page language; priced items are unchanged', async () => {
    const en = (await t.app.inject({ method: 'GET', url: '/m/harbour?lang=en' })).body;
    expect(item(en, lobster)).toContain('<p class="ps"><span class="p">Price on request</span></p>');
    expect(item(en, soup)).toContain('€9.00');
    expect(item(en, soup)).not.toContain('Price on request');
    const de = (await t.app.inject({ method: 'GET', url: '/m/harbour?lang=de' })).body;
    expect(item(de, lobster)).toContain('Preis auf Anfrage');
  });

  it('is translated in every guest language', () => {
    const texts = GUEST_CHROME_LANGUAGES.map((l) => GUEST_CHROME[l]?.priceOnRequest ?? '');
    expect(texts.every((s: string) => s.trim().length > 0)).toBe(true);
    expect(new Set(texts).size).toBe(texts.length);
  });
});
