import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { activeOwner, seed, superuserRequest } from '../../server/test/test-app.ts';
import { hasBrowser, screenshot, startE2E, type E2E } from './harness.ts';

/**
 * One money module (issue 20): organizations in currencies without cents (JPY) and with three
 * decimals (KWD) type a price in the editor and see that same amount in the items list, in the
 * editor again, on the guest page, on the billing page (a plan priced in that currency) and in the
 * menu's CSV export. The expected texts are written out here, not computed with shared/money.ts.
 */
const PASSWORD = 'money-password-1';

interface Case {
  currency: string;
  typed: string;
  /** How the staff app and the guest page show it in English (no-break spaces as plain ones). */
  shown: string;
  stored: number;
  plan: { minor: number; shown: string };
}

const CASES: Case[] = [
  { currency: 'JPY', typed: '1200', shown: '¥1,200', stored: 1200, plan: { minor: 4900, shown: '¥4,900 / month' } },
  { currency: 'KWD', typed: '1.250', shown: 'KWD 1.250', stored: 1250, plan: { minor: 9000, shown: 'KWD 9 / month' } },
];

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

describe.skipIf(!hasBrowser)('the same amounts everywhere for JPY and KWD organizations', () => {
  let e: E2E;
  const made = new Map<string, { email: string; section: string; slug: string; menu: string }>();

  beforeAll(async () => {
    e = await startE2E();
    const ctx = e.app.ctx;
    for (const c of CASES) {
      const email = `${c.currency.toLowerCase()}@example.com`;
      const owner = await activeOwner(ctx, email, PASSWORD);
      const plan = await seed(ctx, 'plans', {
        code: `local-${c.currency.toLowerCase()}`,
        name: `Local ${c.currency}`,
        active: true,
        priceMonthly: c.plan.minor,
        currency: c.currency,
        limits: {},
      });
      await ctx.engine.update(
        ctx.engine.collection('organizations'),
        owner.org,
        { data: { currency: c.currency, plan: plan.id, billingInterval: 'month' }, files: {}, fromForm: false },
        superuserRequest(ctx),
      );
      ctx.stmts.run('UPDATE users SET onboardingComplete = 1 WHERE id = ?', [owner.id]);
      const menu = await seed(ctx, 'menus', { organization: owner.org, name: 'Dinner', status: 'published', languages: ['en'] });
      const section = await seed(ctx, 'sections', { menu: menu.id, name: 'Mains' });
      const slug = `house-${c.currency.toLowerCase()}`;
      await seed(ctx, 'venues', {
        organization: owner.org,
        name: `House ${c.currency}`,
        slug,
        timezone: 'UTC',
        primaryColor: '#0f766e',
        menus: [menu.id],
      });
      made.set(c.currency, { email, section: String(section.id), slug, menu: String(menu.id) });
    }
  });
  afterAll(async () => {
    await e?.close();
  });

  async function signedIn(email: string, width: number): Promise<Page> {
    const context = await e.context({ viewport: { width, height: 900 }, locale: 'en-GB' });
    const auth = await e.app.sdk().collection('users').authWithPassword(email, PASSWORD);
    await context.addInitScript(
      (s) => {
        localStorage.setItem('cookie_consent', 'no');
        // Not in a same-origin frame (the design card's preview): its storage event would reset the app's session.
        if (window.top === window) localStorage.setItem('pocketbase_auth', JSON.stringify(s));
      },
      { token: auth.token, record: auth.record },
    );
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    return page;
  }

  it.each(CASES)(
    '$currency: typed $typed, shown as $shown in the editor, on the guest page, on the billing page and in the CSV export',
    async (c) => {
      const { email, section, slug, menu } = made.get(c.currency)!;
      const page = await signedIn(email, 1280);

      // The editor: typed as the currency writes it, stored in its minor units, shown back the same.
      await page.goto(`/sections/${section}/items`);
      await page.getByRole('button', { name: 'Add item' }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Name', { exact: true }).fill('Ramen');
      await dialog.getByLabel('Price 1 amount').fill(c.typed);
      await dialog.getByRole('button', { name: 'Add item' }).click();
      await dialog.waitFor({ state: 'detached' });
      const row = page.getByTestId('item-row').filter({ hasText: 'Ramen' });
      await row.waitFor();
      expect(plain(await row.textContent())).toContain(c.shown);
      const stored = e.app.ctx.stmts.get('SELECT prices FROM items WHERE name = ? AND section = ?', ['Ramen', section]);
      expect(JSON.parse(String(stored?.prices))).toEqual([{ label: '', amount: c.stored }]);
      await page.getByTestId('item-name').filter({ hasText: 'Ramen' }).click();
      expect(await page.getByRole('dialog').getByLabel('Price 1 amount').inputValue()).toBe(c.typed);
      await screenshot(page, `money-${c.currency}-editor-1280`);

      // The guest page.
      const guest = await (await e.context({ viewport: { width: 390, height: 844 }, isMobile: true, locale: 'en-GB' })).newPage();
      await guest.goto(`/m/${slug}`);
      expect(plain(await guest.locator('.i .p').first().textContent())).toBe(c.shown);
      await screenshot(guest, `money-${c.currency}-guest-390`);

      // The billing page: the plan's price in the same currency.
      await page.goto('/settings/billing');
      await page.getByText(`Local ${c.currency}`).first().waitFor();
      expect(plain(await page.locator('main').textContent())).toContain(c.plan.shown);
      await screenshot(page, `money-${c.currency}-billing-1280`);

      // The CSV export: the same decimal amount as typed.
      const auth = await e.app.sdk().collection('users').authWithPassword(email, PASSWORD);
      const res = await fetch(`${e.url}/api/menus/${menu}/export.csv`, { headers: { Authorization: auth.token } });
      expect(res.status).toBe(200);
      const [header, ...rows] = (await res.text()).replace(/^\uFEFF/, '').split('\r\n');
      const columns = (header ?? '').split(',');
      const ramen = rows.find((r) => r.includes('Ramen'))?.split(',') ?? [];
      expect(ramen[columns.indexOf('price_1')]).toBe(c.typed);
    },
  );
});
