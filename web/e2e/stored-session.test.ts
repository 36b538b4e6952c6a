import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seed } from '../../server/test/test-app.ts';
import { hasBrowser, signedInPage, startE2E, type E2E, type StoredAuth } from './harness.ts';

/**
 * The staff app paints from the SDK's stored session before the start-up refresh answers (issue 23
 * item 6): a page the stored record lets in renders at once, a redirect waits for the server's
 * record, a refused token still signs out, and the page's data requests started ahead of the page
 * are taken over by its hooks (each asked for once).
 */
const PASSWORD = 'correct horse 42';

describe.skipIf(!hasBrowser)('the stored session', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E({ RATE_LIMIT_ENABLED: 'false' });
  });
  afterAll(async () => {
    await e?.close();
  });

  /** A verified user through onboarding (fixture), and the session the app would have stored at sign-in. */
  async function onboardedUser(tag: string): Promise<{ id: string; auth: StoredAuth }> {
    const email = `${tag}-${Date.now()}@example.com`;
    const user = await e.app.sdk().collection('users').create({ name: 'Sam Stored', email, password: PASSWORD, passwordConfirm: PASSWORD });
    const { stmts } = e.app.ctx;
    stmts.run('UPDATE users SET verified = 1, onboardingComplete = 1 WHERE id = ?', [user.id]);
    stmts.run("UPDATE organizations SET subscriptionStatus = 'active' WHERE id = (SELECT currentOrganization FROM users WHERE id = ?)", [
      user.id,
    ]);
    const signed = await e.app.sdk().collection('users').authWithPassword(email, PASSWORD, { expand: 'currentOrganization' });
    return { id: user.id, auth: { token: signed.token, record: signed.record } };
  }

  /** Every path the app's router has been at (client-side navigations included). */
  async function trackPaths(page: Page): Promise<void> {
    await page.addInitScript(() => {
      const seen: string[] = [location.pathname];
      (window as unknown as { seenPaths: string[] }).seenPaths = seen;
      for (const name of ['pushState', 'replaceState'] as const) {
        const original = history[name].bind(history);
        history[name] = (data: unknown, unused: string, url?: string | URL | null) => {
          original(data, unused, url);
          seen.push(location.pathname);
        };
      }
    });
  }
  const seenPaths = (page: Page) => page.evaluate(() => (window as unknown as { seenPaths: string[] }).seenPaths);

  it('a stored record that says "not onboarded" while the server says onboarded: no bounce through /onboarding', async () => {
    const { auth } = await onboardedUser('stale-out');
    const stale = { ...auth, record: { ...(auth.record as Record<string, unknown>), onboardingComplete: false } };
    const { context, page } = await signedInPage(e, stale, { viewport: { width: 390, height: 844 } });
    await trackPaths(page);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await seenPaths(page)).not.toContain('/onboarding');
    await context.close();
  });

  it('a stored record that lets in while the server says otherwise: the server record wins once the refresh answers', async () => {
    const { id, auth } = await onboardedUser('stale-in');
    e.app.ctx.stmts.run('UPDATE users SET onboardingComplete = 0 WHERE id = ?', [id]);
    const { context, page } = await signedInPage(e, auth, { viewport: { width: 390, height: 844 } });
    await page.goto('/dashboard');
    await page.waitForURL('**/onboarding');
    await context.close();
  });

  it('a token the server refuses signs out, though the stored record let the page render', async () => {
    const { auth } = await onboardedUser('refused');
    // Same claims and expiry (the SDK still takes it as valid), a signature the server rejects.
    const [head, body, sig] = auth.token.split('.');
    const forged = { ...auth, token: `${head}.${body}.${sig?.[0] === 'A' ? 'B' : 'A'}${sig?.slice(1)}` };
    const { context, page } = await signedInPage(e, forged, { viewport: { width: 390, height: 844 } });
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/dashboard');
    expect(await page.evaluate(() => localStorage.getItem('pocketbase_auth'))).toBeNull();
    await context.close();
  });

  it('the dashboard and service mode ask for each of their records once (the early requests are taken over)', async () => {
    const { auth } = await onboardedUser('once');
    const org = String((auth.record as { currentOrganization: string }).currentOrganization);
    const { ctx } = e.app;
    const menu = await seed(ctx, 'menus', { organization: org, name: 'Lunch', status: 'published', languages: ['en'] });
    const section = await seed(ctx, 'sections', { menu: menu.id, name: 'Soups' });
    await seed(ctx, 'items', { section: section.id, name: 'Leberknödelsuppe', prices: [{ label: '', amount: 650 }] });
    const venue = await seed(ctx, 'venues', {
      organization: org,
      name: 'Stored Café',
      slug: `stored-${Date.now()}`,
      timezone: 'Europe/Vienna',
      primaryColor: '#0f766e',
      menus: [menu.id],
    });
    for (const [path, ready] of [
      ['/dashboard', (p: Page) => p.getByRole('region', { name: 'Totals' }).waitFor()],
      [`/service/${String(venue.id)}`, (p: Page) => p.getByText('Leberknödelsuppe').waitFor()],
    ] as const) {
      const { context, page } = await signedInPage(e, auth, { viewport: { width: 390, height: 844 } });
      const asked: string[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (r.method() === 'GET' && url.pathname.startsWith('/api/collections/') && !url.pathname.includes('auth-refresh'))
          asked.push(url.pathname + url.search);
      });
      await page.goto(path);
      await ready(page);
      await page.waitForLoadState('networkidle');
      expect(asked.length).toBeGreaterThan(0);
      // Service mode reads its marks once more when its subscriptions are in place (what another
      // phone marked in between); nothing else is asked twice.
      const again = asked.filter((u, i) => asked.indexOf(u) !== i).map((u) => u.split('?')[0]);
      expect(again.sort()).toEqual(
        path === '/dashboard' ? [] : ['/api/collections/venue_items/records', '/api/collections/venue_options/records'],
      );
      await context.close();
    }
  });
});
