import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed, superuserRequest } from '../../server/test/test-app.ts';
import { hasBrowser, startE2E, type E2E } from './harness.ts';

/**
 * The Content-Security-Policy in a real browser: the SPA (inline theme script, lazy chunks,
 * injected styles) and the guest page (inline CSS, style attributes, the live-update script) run
 * without a single violation.
 */
describe.skipIf(!hasBrowser)('content security policy', () => {
  let e: E2E;
  const PASSWORD = 'csp-password-1';

  /** Records every CSP violation the page reports (before any page script runs). */
  async function watchedPage(colorScheme: 'light' | 'dark' = 'light'): Promise<{ page: Page; violations: string[] }> {
    const context = await e.context({ colorScheme });
    await context.addInitScript(() => {
      const w = window as unknown as { cspViolations: string[] };
      w.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (ev) => w.cspViolations.push(`${ev.violatedDirective} ${ev.blockedURI}`));
    });
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
    });
    return { page, violations };
  }

  async function reported(page: Page, console: string[]): Promise<string[]> {
    const inPage = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
    return [...inPage, ...console];
  }

  beforeAll(async () => {
    e = await startE2E();
    const ctx = e.app.ctx;
    const user = await seed(ctx, 'users', {
      email: 'csp@example.com',
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      verified: true,
      name: 'Csp',
    });
    const org = String(ctx.stmts.get('SELECT currentOrganization AS o FROM users WHERE id = ?', [String(user.id)])?.o);
    await ctx.engine.update(
      ctx.engine.collection('organizations'),
      org,
      { data: { subscriptionStatus: 'active' }, files: {}, fromForm: false },
      superuserRequest(ctx),
    );
    await ctx.engine.update(
      ctx.engine.collection('users'),
      String(user.id),
      { data: { onboardingComplete: true }, files: {}, fromForm: false },
      superuserRequest(ctx),
    );
    const tag = await seed(ctx, 'tags', { organization: org, name: 'Spicy', color: '#b91c1c' });
    const menu = await seed(ctx, 'menus', { organization: org, name: 'Lunch', status: 'published', languages: ['en'] });
    const section = await seed(ctx, 'sections', { menu: menu.id, name: 'Soups' });
    await seed(ctx, 'items', {
      section: section.id,
      name: 'Chili',
      prices: [{ label: '', amount: 900 }],
      allergens: ['celery'],
      tags: [tag.id],
    });
    await seed(ctx, 'venues', { organization: org, name: 'Csp Diner', timezone: 'UTC', primaryColor: '#0f766e', menus: [menu.id] });
  });
  afterAll(async () => {
    await e?.close();
  });

  it('sends the policy with hashes for inline scripts and no unsafe-inline scripts', async () => {
    const res = await fetch(`${e.url}/login`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('lets the SPA run: theme script, sign-in, lazy pages', async () => {
    const { page, violations } = await watchedPage('dark');
    await page.goto('/login');
    // The inline theme script ran before paint.
    expect(await page.evaluate(() => document.documentElement.className)).toContain('dark');
    await page.getByLabel('Email', { exact: true }).fill('csp@example.com');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.goto('/menus/');
    await page.getByText('Lunch').first().waitFor();
    const venue = String(e.app.ctx.stmts.get("SELECT id FROM venues WHERE slug = 'csp-diner'")?.id);
    for (const route of ['/venues/', `/venues/${venue}`, '/tags/', '/profile/', '/settings/organization', '/settings/billing', '/help']) {
      await page.goto(route);
      await page.locator('h1').first().waitFor();
      await page.waitForTimeout(300);
    }
    expect(await reported(page, violations)).toEqual([]);
  });

  it('lets the guest page run: inline styles and the live-update script', async () => {
    const { page, violations } = await watchedPage();
    const realtime = page.waitForRequest((r) => r.url().endsWith('/api/realtime') && r.method() === 'POST');
    await page.goto('/m/csp-diner');
    await page.getByRole('heading', { name: 'Csp Diner' }).waitFor();
    // The inline script subscribed to live updates (it posts its subscription).
    await realtime;
    // Inline CSS applied (the brand colour variable is set by the page's <style>).
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--b').trim())).not.toBe('');
    expect(await reported(page, violations)).toEqual([]);
  });
});
