import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { activeOwner, seed } from '../../server/test/test-app.ts';
import { eventually } from '../../server/test/eventually.ts';
import {
  adminUpdate,
  hasBrowser,
  SAVE_SCREENSHOTS,
  SCREENSHOT_DIR,
  screenPairs,
  screenshot,
  settle,
  signedInPage,
  startE2E,
  type E2E,
  type StoredAuth,
} from './harness.ts';
import { sidewaysOverflow } from './english-left.ts';

/**
 * The venue's guest info (issue 22 item 3) and the guest page's small things (item 8) in a real
 * Chromium: an owner fills in weekly hours (several windows, copied to all days, a closed day),
 * exceptions (a closed range with a note, a day with two windows), contact, Wi-Fi and links on the
 * venue page with the keyboard-reachable editor, saves, and a guest sees them at 390 px: the
 * header's "Open now" line under a fixed clock, the footer, the Wi-Fi password copied to the real
 * clipboard; the menu's hide-prices switch; the page printed. Screenshots at 1280 and 390 px,
 * light and dark.
 */
const PHONE = { width: 390, height: 844 } as const;
// Wednesday 9 January 2030, 13:00 in Vienna (CET, +01:00): inside the first window of the day.
const LUNCH = new Date('2030-01-09T13:00:00+01:00');
// The same day at 15:00: between the windows.
const AFTERNOON = new Date('2030-01-09T15:00:00+01:00');

/** The width × scheme pairs of the screens below (all four when screenshots are saved). */
const PAIRS = screenPairs([1280, 390]).map(({ scheme, width }) => [`${width}-${scheme}`, width, scheme] as const);

describe.skipIf(!hasBrowser)('venue guest info: edited on the venue page, seen by guests', () => {
  let e: E2E;
  let auth: StoredAuth = { token: '', record: {} };
  let venueId = '';
  let menuId = '';

  beforeAll(async () => {
    e = await startE2E();
    const ctx = e.app.ctx;
    const owner = await activeOwner(ctx, 'gasthaus@example.com', 'gasthaus-password-1');
    ctx.stmts.run('UPDATE users SET onboardingComplete = 1 WHERE id = ?', [owner.id]);
    const menu = await seed(ctx, 'menus', { organization: owner.org, name: 'Speisen', status: 'published', languages: ['en'] });
    menuId = String(menu.id);
    const mains = await seed(ctx, 'sections', { menu: menu.id, name: 'Mains' });
    await seed(ctx, 'items', { section: mains.id, name: 'Wiener Schnitzel', prices: [{ label: '', amount: 1890 }] });
    await seed(ctx, 'items', { section: mains.id, name: 'Tafelspitz', prices: [{ label: '', amount: 2250 }] });
    venueId = String(
      (
        await seed(ctx, 'venues', {
          organization: owner.org,
          name: 'Gasthaus Sonne',
          slug: 'gasthaus-sonne',
          address: 'Stephansplatz 1, 1010 Wien',
          timezone: 'Europe/Vienna',
          primaryColor: '#b45309',
          menus: [menu.id],
        })
      ).id,
    );
    // With the organization expanded, as the app keeps its session (without it the app shows "not part of an organization").
    const signed = await e.app
      .sdk()
      .collection('users')
      .authWithPassword('gasthaus@example.com', 'gasthaus-password-1', { expand: 'currentOrganization' });
    auth = { token: signed.token, record: signed.record };
  });
  afterAll(async () => {
    await e?.close();
  });

  /** Saves an element's screenshot beside the full-page ones. */
  const shot = async (locator: Locator, name: string) => {
    if (!SAVE_SCREENSHOTS) return settle(locator.page());
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await locator.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
  };
  /**
   * Sets the server's clock for guest pages, and drops the venue's cached pages (a venue write
   * does, as any edit would): a cached page keeps the open-now line of the moment it was built.
   */
  const clockAt = async (date: Date | null) => {
    e.app.ctx.config.now = date ? () => date : () => new Date();
    await adminUpdate(e, 'venues', venueId, { primaryColor: '#b45309' });
  };
  const guestInfo = (page: Page) => page.getByRole('form', { name: 'Guest info' });
  const day = (form: Locator, name: string) => form.getByRole('group', { name, exact: true });

  it('names the bad line of the social links under the field, and saves nothing', async () => {
    const { page } = await signedInPage(e, auth, { viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    await page.goto(`/venues/${venueId}`);
    const form = guestInfo(page);
    await form.waitFor();
    // The schema reports it at `socialLinks.1` (the second line), not on the list.
    const social = form.getByLabel('Social links');
    await social.fill('https://www.instagram.com/gasthaus.sonne\nfacebook.com/gasthaus.sonne');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await form.getByText('Line 2: Use a link starting with https://').waitFor();
    expect(await social.getAttribute('aria-invalid')).toBe('true');
    await social.scrollIntoViewIfNeeded();
    await screenshot(page, 'venue-guest-info-social-error-1280');
    expect(String(e.app.ctx.stmts.get('SELECT socialLinks AS s FROM venues WHERE id = ?', [venueId])?.s ?? '')).not.toContain('facebook');
  });

  it('edits hours, exceptions, contact, Wi-Fi and links with labelled controls, and saves them', async () => {
    const { page } = await signedInPage(e, auth, { viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    await page.goto(`/venues/${venueId}`);
    const form = guestInfo(page);
    await form.waitFor();

    // Monday: two windows, then copied to every day; Sunday's removed again (closed).
    const monday = day(form, 'Monday');
    await monday.getByRole('button', { name: 'Add hours (Monday)' }).click();
    await monday.getByRole('button', { name: 'Add hours (Monday)' }).click();
    const opens = monday.getByLabel('Opens Monday');
    const closes = monday.getByLabel('Closes Monday');
    await opens.nth(0).fill('11:30');
    await closes.nth(0).fill('14:30');
    await opens.nth(1).fill('17:30');
    await closes.nth(1).fill('23:00');
    // Keyboard: from a window's opening time, Tab reaches its closing time, then its remove button.
    // (Chromium's time fields take a Tab per part, hours, minutes and AM/PM, before leaving.)
    const tabOut = async () => {
      const from = await page.evaluate(() => document.activeElement?.outerHTML);
      for (let i = 0; i < 4 && (await page.evaluate(() => document.activeElement?.outerHTML)) === from; i++)
        await page.keyboard.press('Tab');
      return page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    };
    await opens.nth(0).focus();
    expect(await tabOut()).toBe('Closes Monday');
    expect(await tabOut()).toBe('Remove hours (Monday)');
    await monday.getByRole('button', { name: 'Copy to all days (Monday)' }).click();
    expect(await day(form, 'Saturday').getByLabel('Opens Saturday').count()).toBe(2);
    const sunday = day(form, 'Sunday');
    while (await sunday.getByRole('button', { name: 'Remove hours (Sunday)' }).count())
      await sunday.getByRole('button', { name: 'Remove hours (Sunday)' }).first().click();
    await sunday.getByText('Closed').waitFor();

    // A closed range with a note, and a day open with its own two windows.
    await form.getByRole('button', { name: 'Add a date' }).click();
    const winter = form.getByRole('group', { name: 'Exception 1' });
    await winter.getByLabel('From').fill('2030-01-10');
    await winter.getByLabel('To (optional)').fill('2030-01-12');
    await winter.getByLabel('Note for guests').fill('Winter break');
    await form.getByRole('button', { name: 'Add a date' }).click();
    const brunch = form.getByRole('group', { name: 'Exception 2' });
    await brunch.getByLabel('From').fill('2030-01-13');
    await brunch.getByLabel('Closed').uncheck();
    // Unchecking "Closed" starts with one window; a second one is added.
    expect(await brunch.getByLabel('Opens Exception 2').count()).toBe(1);
    await brunch.getByRole('button', { name: 'Add hours (Exception 2)' }).click();
    await brunch.getByLabel('Opens Exception 2').nth(0).fill('10:00');
    await brunch.getByLabel('Closes Exception 2').nth(0).fill('14:00');
    await brunch.getByLabel('Opens Exception 2').nth(1).fill('17:00');
    await brunch.getByLabel('Closes Exception 2').nth(1).fill('20:00');
    await brunch.getByLabel('Note for guests').fill('Sunday brunch');

    await form.getByLabel('Phone').fill('+43 1 234 56-78');
    await form.getByLabel('Email').fill('servus@sonne.example');
    await form.getByLabel('Website').fill('https://sonne.example/');
    await form.getByLabel('Wi-Fi name').fill('Sonne-Gast');
    await form.getByLabel('Wi-Fi password').fill('schnitzel&"<1>');
    await form.getByLabel('Social links').fill('https://www.instagram.com/gasthaus.sonne\nhttps://www.facebook.com/gasthaus.sonne');
    await form.getByLabel('Imprint (legal notice) link').fill('https://sonne.example/impressum');
    await form.getByLabel('Privacy policy link').fill('https://sonne.example/datenschutz');
    await form.getByLabel('Price note').selectOption({ label: 'Prices include VAT; service is not included.' });

    // Every control of the card has a name a screen reader says.
    const unnamed = await form.evaluate((f) =>
      [...f.querySelectorAll('input,select,textarea,button')]
        .filter((el) => {
          const labelled = (el as HTMLInputElement).labels?.length || el.getAttribute('aria-label') || el.getAttribute('aria-labelledby');
          return !labelled && !(el.tagName === 'BUTTON' && el.textContent?.trim());
        })
        .map((el) => el.outerHTML.slice(0, 80)),
    );
    expect(unnamed).toEqual([]);

    await form.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Guest info saved').waitFor();
    const row = e.app.ctx.stmts.get('SELECT * FROM venues WHERE id = ?', [venueId]);
    const hours = JSON.parse(String(row?.openingHours)) as { weekly: unknown[]; exceptions: unknown[] };
    expect(hours.weekly).toHaveLength(12);
    expect(hours.weekly).not.toContainEqual(expect.objectContaining({ day: 0 }));
    expect(hours.exceptions).toEqual([
      { from: '2030-01-10', to: '2030-01-12', closed: true, windows: [], note: 'Winter break' },
      {
        from: '2030-01-13',
        to: '',
        closed: false,
        windows: [
          { start: '10:00', end: '14:00' },
          { start: '17:00', end: '20:00' },
        ],
        note: 'Sunday brunch',
      },
    ]);
    expect([row?.phone, row?.wifiPassword, row?.priceNote]).toEqual(['+43 1 234 56-78', 'schnitzel&"<1>', 'vatNoService']);

    // Saved values come back after a reload.
    await page.reload();
    await guestInfo(page).getByLabel('Wi-Fi name').waitFor();
    expect(await guestInfo(page).getByLabel('Wi-Fi name').inputValue()).toBe('Sonne-Gast');
    expect(await guestInfo(page).getByLabel('Opens Exception 2').count()).toBe(2);
  });

  it.each(PAIRS)('shows the staff card without sideways scrolling (%s), and at 320 px', async (name, width, colorScheme) => {
    const { page } = await signedInPage(e, auth, { viewport: { width, height: 900 }, colorScheme, locale: 'en-GB' });
    await page.goto(`/venues/${venueId}`);
    const form = guestInfo(page);
    await form.getByLabel('Opens Exception 2').first().waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    await shot(form, `venue-guest-info-card-${name}`);
    if (width === 390) {
      await page.setViewportSize({ width: 320, height: 900 });
      expect(await sidewaysOverflow(page)).toBe(0);
    }
  });

  it('shows guests the open-now line under a fixed clock, the footer, the price note, and copies the Wi-Fi password (390 px)', async () => {
    await clockAt(LUNCH);
    const context = await e.context({ viewport: PHONE, locale: 'en-GB', isMobile: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e.url });
    const guest = await context.newPage();
    await guest.goto('/m/gasthaus-sonne');
    expect(await guest.locator('header .oh').innerText()).toBe('Open now · closes 2:30 PM');
    const footer = guest.locator('#vi');
    const text = await footer.innerText();
    expect(text).toMatch(/Monday – Saturday\s+11:30\u00a0AM–\u20602:30\u00a0PM, 5:30\u00a0PM–\u206011:00\u00a0PM/);
    expect(text).toMatch(/Sunday\s+Closed/);
    expect(text).toMatch(/Jan 10, 2030 – Jan 12, 2030\s+Closed \(Winter break\)/);
    expect(text).toMatch(/Jan 13, 2030\s+10:00\u00a0AM–\u20602:00\u00a0PM, 5:00\u00a0PM–\u20608:00\u00a0PM \(Sunday brunch\)/);
    expect(await footer.getByRole('link', { name: '+43 1 234 56-78' }).getAttribute('href')).toBe('tel:+4312345678');
    expect(await footer.getByRole('link', { name: 'Instagram' }).getAttribute('href')).toBe('https://www.instagram.com/gasthaus.sonne');
    expect(await footer.getByRole('link', { name: 'Imprint' }).getAttribute('href')).toBe('https://sonne.example/impressum');
    await guest.getByText('Prices include VAT; service is not included.').waitFor();
    expect(await guest.getByText(/^Updated [A-Z][a-z]{2} \d{1,2}, \d{4}$/).count()).toBe(1);

    const copy = footer.getByRole('button', { name: 'Copy' });
    await copy.click();
    await footer.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await guest.evaluate(() => navigator.clipboard.readText())).toBe('schnitzel&"<1>');
    expect(await sidewaysOverflow(guest)).toBe(0);
    await guest.setViewportSize({ width: 320, height: 800 });
    expect(await sidewaysOverflow(guest)).toBe(0);

    // Between the windows: closed, and when it opens again.
    await clockAt(AFTERNOON);
    // A new browser context: the page's own may reuse the copy it holds (max-age=10).
    const later = await (await e.context({ viewport: PHONE, locale: 'en-GB' })).newPage();
    await later.goto('/m/gasthaus-sonne');
    expect(await later.locator('header .oh').innerText()).toBe('Closed · opens 5:30 PM');
  });

  it.each(PAIRS)('renders the guest header and footer (%s)', async (name, width, colorScheme) => {
    await clockAt(LUNCH);
    const context = await e.context({ viewport: { width, height: 844 }, colorScheme, locale: 'en-GB' });
    const guest = await context.newPage();
    await guest.goto('/m/gasthaus-sonne');
    await guest.locator('#vi').waitFor();
    expect(await sidewaysOverflow(guest)).toBe(0);
    await screenshot(guest, `guest-venue-info-${name}`);
    await shot(guest.locator('footer'), `guest-venue-footer-${name}`);
  });

  it.each(PAIRS)('shows the menu page with its hide-prices switches (%s)', async (name, width, colorScheme) => {
    await clockAt(null);
    const { page } = await signedInPage(e, auth, { viewport: { width, height: 900 }, colorScheme, locale: 'en-GB' });
    await page.goto(`/menus/${menuId}`);
    await page.getByRole('switch', { name: 'Hide prices on the guest page' }).waitFor();
    await page.getByRole('button', { name: 'Hide prices in Mains' }).waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    await screenshot(page, `menu-hide-prices-${name}`);
  });

  it('hides the prices of a menu switched on in the menu editor; the printed page keeps only the menu, black on white', async () => {
    await clockAt(null);
    const { page } = await signedInPage(e, auth, { viewport: PHONE, locale: 'en-GB' });
    await page.goto(`/menus/${menuId}`);
    const hide = page.getByRole('switch', { name: 'Hide prices on the guest page' });
    await hide.click();
    expect(await hide.getAttribute('aria-checked')).toBe('true');
    await page.getByRole('button', { name: 'Save menu' }).click();
    await page.getByText('Menu saved').waitFor();
    expect(e.app.ctx.stmts.get('SELECT hidePrices FROM menus WHERE id = ?', [menuId])?.hidePrices).toBe(1);
    // A section's own switch: pressed, saved, and said in the row.
    const sectionSwitch = page.getByRole('button', { name: 'Hide prices in Mains' });
    await sectionSwitch.click();
    await page.getByText('2 items · prices hidden').waitFor();
    expect(await sectionSwitch.getAttribute('aria-pressed')).toBe('true');
    await eventually(
      () => e.app.ctx.stmts.get("SELECT hidePrices FROM sections WHERE name = 'Mains'")?.hidePrices,
      (v) => v === 1,
    );

    const guest = await (await e.context({ viewport: PHONE, locale: 'en-GB' })).newPage();
    await guest.goto('/m/gasthaus-sonne');
    await guest.getByText('Wiener Schnitzel').waitFor();
    expect(await guest.locator('main').innerText()).not.toMatch(/€|18\.90|22\.50/);

    await guest.emulateMedia({ media: 'print', colorScheme: 'dark' });
    const printed = await guest.evaluate(() => {
      const style = (sel: string) => {
        const el = document.querySelector(sel);
        return el ? getComputedStyle(el) : null;
      };
      return {
        footerInfo: style('#vi')?.display,
        body: [style('body')?.color, style('body')?.backgroundColor],
        dish: style('.i')?.breakInside,
      };
    });
    // Black text on no background at all: the paper's white, whatever the screen's scheme.
    expect(printed).toEqual({ footerInfo: 'none', body: ['rgb(0, 0, 0)', 'rgba(0, 0, 0, 0)'], dish: 'avoid' });
    await guest.pdf({ path: path.join(SCREENSHOT_DIR, 'guest-print.pdf') }).catch(() => undefined);
  });
});
