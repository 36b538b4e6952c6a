import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { activeOwner, seed, superuserRequest, tokenFor } from '../../server/test/test-app.ts';
import { hasBrowser, screenshot, startE2E, adminUpdate, waitForToast, viennaContext, type E2E, screenPairs } from './harness.ts';

/**
 * Service mode at 390 px (issue 23 item 1): a floor-staff user signs in, picks the venue, finds a
 * dish by searching without its accents and marks it sold out until 22:00; the venue's open guest
 * page shows it within a second, and a second staff phone sees the toggle change live. Staff
 * cannot open the menu editor or billing (the UI sends them back, the API refuses). Offline, the
 * toggles are disabled under a banner, and a write that does not reach the server changes nothing.
 */
const PASSWORD = 'staff-password-1';

describe.skipIf(!hasBrowser)('service mode', () => {
  let e: E2E;
  let org = '';
  let venue = '';
  let menu = '';
  let creme = '';
  let risotto = '';
  let tiramisu = '';
  let parmigiano = '';
  const staff = { a: '', b: '' };

  beforeAll(async () => {
    e = await startE2E({ RATE_LIMIT_ENABLED: 'false' });
    const ctx = e.app.ctx;
    const owner = await activeOwner(ctx, 'owner@example.com');
    org = owner.org;
    await adminUpdate(e, 'organizations', org, { name: 'Trattoria Uno' });
    menu = String((await seed(ctx, 'menus', { organization: org, name: 'À la carte', status: 'published', languages: ['en'] })).id);
    // A menu whose schedule is off now: guests do not see it, so service mode does not list it.
    const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(
      new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Vienna', weekday: 'short' }).format(new Date()),
    );
    const brunch = await seed(ctx, 'menus', {
      organization: org,
      name: 'Brunch',
      status: 'published',
      languages: ['en'],
      schedule: [{ day: (weekday + 3) % 7, start: '03:00', end: '03:01' }],
    });
    const brunchSection = await seed(ctx, 'sections', { menu: brunch.id, name: 'Eggs' });
    await seed(ctx, 'items', { section: brunchSection.id, name: 'Eggs Benedict', prices: [{ label: '', amount: 1200 }] });
    const mains = await seed(ctx, 'sections', { menu, name: 'Primi', position: 0 });
    const desserts = await seed(ctx, 'sections', { menu, name: 'Dolci', position: 1 });
    const group = await seed(ctx, 'option_groups', { organization: org, name: 'Cheese', minChoices: 0, maxChoices: 1 });
    parmigiano = String((await seed(ctx, 'options', { group: group.id, name: 'Parmigiano', available: true, position: 0 })).id);
    await seed(ctx, 'options', { group: group.id, name: 'Pecorino', available: false, position: 1 });
    const item = async (section: unknown, name: string, position: number, extra: Record<string, unknown> = {}) =>
      String((await seed(ctx, 'items', { section: String(section), name, position, prices: [{ label: '', amount: 1450 }], ...extra })).id);
    risotto = await item(mains.id, 'Risotto ai funghi porcini con tartufo nero e parmigiano', 0, { optionGroups: [group.id] });
    await item(mains.id, 'Spaghetti alle vongole', 1);
    creme = await item(desserts.id, 'Crème brûlée', 0);
    tiramisu = await item(desserts.id, 'Tiramisù', 1);
    const common = { organization: org, timezone: 'Europe/Vienna', primaryColor: '#0f766e', menus: [menu, brunch.id] };
    venue = String((await seed(ctx, 'venues', { ...common, name: 'Trattoria am Hauptplatz', slug: 'trattoria-uno' })).id);
    const terrace = String((await seed(ctx, 'venues', { ...common, name: 'Terrace', slug: 'trattoria-terrace' })).id);
    // Two waiters: A serves both venues, B the main one only.
    for (const [key, email, venues] of [
      ['a', 'anna@example.com', [venue, terrace]],
      ['b', 'bruno@example.com', [venue]],
    ] as const) {
      const user = await seed(ctx, 'users', { email, password: PASSWORD, passwordConfirm: PASSWORD, name: email, verified: true });
      staff[key] = String(user.id);
      await seed(ctx, 'memberships', { organization: org, user: user.id, role: 'staff', venues: [...venues] });
      await adminUpdate(e, 'users', staff[key], { currentOrganization: org, onboardingComplete: true });
    }
  });
  afterAll(async () => {
    await e?.close();
  });

  const signIn = async (context: BrowserContext, email: string): Promise<Page> => {
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error(`${email}:`, err.message));
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    return page;
  };
  const phone = (scheme: 'light' | 'dark' = 'light', width = 390) =>
    viennaContext(e, {
      colorScheme: scheme,
      viewport: { width, height: width > 500 ? 900 : 844 },
      isMobile: width < 500,
      hasTouch: width < 500,
    });
  const noSideways = async (page: Page, width: number) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const row = (page: Page, id: string) => page.locator(`[data-item="${id}"]`);
  const toggle = (page: Page, name: string) => page.getByRole('switch', { name: `${name} available`, exact: true });

  /** The guest page listens once a sentinel change (the tiramisù's price, written until shown) arrives. */
  let sentinel = 900;
  async function waitUntilLive(guest: Page) {
    for (let attempt = 0; attempt < 20; attempt++) {
      sentinel += 10;
      const { engine } = e.app.ctx;
      await engine.update(
        engine.collection('items'),
        tiramisu,
        { data: { prices: [{ label: '', amount: sentinel }] }, files: {}, fromForm: false },
        superuserRequest(e.app.ctx),
      );
      const seen = await guest
        .locator(`#i-${tiramisu} .p`)
        .filter({ hasText: (sentinel / 100).toFixed(2) })
        .waitFor({ timeout: 500 })
        .then(() => true)
        .catch(() => false);
      if (seen) return;
    }
    throw new Error('the guest page never received a live update');
  }

  it('a waiter marks a dish sold out until 22:00: the guest page within a second, the other waiter live', async () => {
    const a = await signIn(await phone(), 'anna@example.com');
    // Sign-in lands on service mode: two venues, so the picker first.
    await a.waitForURL('**/service');
    await a.getByRole('heading', { name: 'Service mode' }).waitFor();
    await noSideways(a, 390);
    await screenshot(a, 'service-picker-light-390');
    await a.getByRole('link', { name: 'Trattoria am Hauptplatz' }).click();
    await a.waitForURL(`**/service/${venue}`);
    await a.getByRole('heading', { name: 'Trattoria am Hauptplatz' }).waitFor();
    // What guests see now, section by section: not the brunch (its schedule is off).
    await row(a, creme).waitFor();
    expect(await a.getByRole('heading', { level: 2 }).allTextContents()).toEqual(['Primi', 'Dolci']);
    expect(await a.getByText('Eggs Benedict').count()).toBe(0);
    await a.getByText('Pecorino').waitFor();
    await a.locator('[data-status="connected"]').waitFor();

    const b = await signIn(await phone('dark'), 'bruno@example.com');
    await b.waitForURL(`**/service/${venue}`);
    await b.locator('[data-status="connected"]').waitFor();
    await row(b, creme).waitFor();

    const guest = await (await e.context({ viewport: { width: 390, height: 844 }, isMobile: true, locale: 'en-GB' })).newPage();
    await guest.goto('/m/trattoria-uno');
    await waitUntilLive(guest);
    expect(await guest.locator(`#i-${creme} .so`).isVisible()).toBe(false);

    // Found without typing the accents.
    await a.getByRole('searchbox', { name: 'Search dishes' }).fill('creme BRULEE');
    await expect(a.locator('[data-item]').count()).resolves.toBe(1);
    await a.getByRole('button', { name: 'Sold out until… – Crème brûlée' }).click();
    const dialog = a.getByRole('dialog', { name: 'Crème brûlée: sold out until…' });
    await dialog.getByRole('button', { name: /End of service/ }).waitFor();
    await dialog.getByLabel('At a time').fill('22:00');
    await noSideways(a, 390);
    await screenshot(a, 'service-until-light-390');
    const started = Date.now();
    await dialog.getByRole('button', { name: 'Set' }).click();
    await guest.locator(`#i-${creme} .so`).waitFor({ state: 'visible', timeout: 1000 });
    expect(Date.now() - started).toBeLessThan(1000);

    // In the user's locale format (English: 10:00 PM), on the venue's clocks.
    await row(a, creme)
      .getByText(/^Sold out until (\w+ )?(22:00|10:00\sPM)$/)
      .waitFor();
    await expect(toggle(a, 'Crème brûlée').getAttribute('aria-checked')).resolves.toBe('false');
    await waitForToast(a, /Crème brûlée is sold out until (\w+ )?(22:00|10:00\sPM)\./);
    // The other phone: live.
    await row(b, creme)
      .getByText(/^Sold out until (\w+ )?(22:00|10:00\sPM)$/)
      .waitFor({ timeout: 2000 });
    await expect(toggle(b, 'Crème brûlée').getAttribute('aria-checked')).resolves.toBe('false');
    const stored = e.app.ctx.stmts.get('SELECT available, soldOutUntil FROM venue_items WHERE venue = ? AND item = ?', [venue, creme]);
    expect(stored?.available).toBe(0);
    // 22:00 on the venue's clocks, whichever day comes next.
    expect(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Vienna', hour: '2-digit', minute: '2-digit' }).format(
        new Date(String(stored?.soldOutUntil).replace(' ', 'T')),
      ),
    ).toBe('22:00');
    await screenshot(b, 'service-live-dark-390');

    // B switches it back with the big toggle: A and the guest page follow.
    await toggle(b, 'Crème brûlée').click();
    await guest.locator(`#i-${creme} .so`).waitFor({ state: 'hidden', timeout: 2000 });
    await row(a, creme).getByText('Available', { exact: true }).waitFor({ timeout: 2000 });
    await a.getByRole('searchbox', { name: 'Search dishes' }).fill('');
    await noSideways(a, 390);
    await screenshot(a, 'service-venue-light-390');

    // The team unpublishes the menu (the menus come with the venue): both phones follow, and back.
    await adminUpdate(e, 'menus', menu, { status: 'draft' });
    await a.getByText('No menu is shown to guests at this venue right now.').waitFor({ timeout: 2000 });
    await b.getByText('No menu is shown to guests at this venue right now.').waitFor({ timeout: 2000 });
    await adminUpdate(e, 'menus', menu, { status: 'published' });
    await row(a, creme).waitFor({ timeout: 2000 });
    await row(b, creme).waitFor({ timeout: 2000 });

    // A section renamed in the editor: both phones show the new name live.
    const dolci = String(e.app.ctx.stmts.get("SELECT id FROM sections WHERE menu = ? AND name = 'Dolci'", [menu])?.id);
    await adminUpdate(e, 'sections', dolci, { name: 'Dessert' });
    await a.getByRole('heading', { level: 2, name: 'Dessert' }).waitFor({ timeout: 2000 });
    await b.getByRole('heading', { level: 2, name: 'Dessert' }).waitFor({ timeout: 2000 });
    await adminUpdate(e, 'sections', dolci, { name: 'Dolci' });
  });

  it("a waiter marks an option sold out at this venue: the venue's guest page within a second, the terrace's not", async () => {
    const a = await signIn(await phone(), 'anna@example.com');
    await a.waitForURL('**/service');
    await a.getByRole('link', { name: 'Trattoria am Hauptplatz' }).click();
    await a.waitForURL(`**/service/${venue}`);
    await a.locator('[data-status="connected"]').waitFor();
    const b = await signIn(await phone('dark'), 'bruno@example.com');
    await b.waitForURL(`**/service/${venue}`);
    await b.locator('[data-status="connected"]').waitFor();
    const optionRow = (page: Page) => page.locator(`[data-option="${parmigiano}"]`);
    await optionRow(b).waitFor();
    // Pecorino is sold out for every venue (the team's mark): its switch is locked here.
    await expect(toggle(a, 'Pecorino').isDisabled()).resolves.toBe(true);
    // …and it offers no "sold out until…": only the team changes the mark of every venue.
    await expect(a.getByRole('button', { name: 'Sold out until… – Pecorino' }).isVisible()).resolves.toBe(false);

    const guestContext = await e.context({ viewport: { width: 390, height: 844 }, isMobile: true, locale: 'en-GB' });
    const guest = await guestContext.newPage();
    await guest.goto('/m/trattoria-uno');
    await waitUntilLive(guest);
    // Parmigiano: the first option of the risotto's first group on the guest page.
    const guestOption = (page: Page) => page.locator(`#i-${risotto} p.og [data-o]`).first();
    await expect(guestOption(guest).textContent()).resolves.toContain('Parmigiano');
    await expect(guestOption(guest).getAttribute('class')).resolves.toBeNull();
    /** Waits until the guest page shows Parmigiano sold out (or not); Pecorino, next to it, stays sold out all along. */
    const parmigianoOut = (page: Page, out: boolean, timeout: number) =>
      page.waitForFunction(
        ([selector, want]) => document.querySelector(selector as string)?.classList.contains('out') === want,
        [`#i-${risotto} p.og [data-o]`, out] as const,
        { timeout },
      );

    // Found by the option's name.
    await a.getByRole('searchbox', { name: 'Search dishes' }).fill('parmigiano');
    await expect(a.locator('[data-item]').count()).resolves.toBe(1);
    const started = Date.now();
    await toggle(a, 'Parmigiano').click();
    await parmigianoOut(guest, true, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    await expect(guestOption(guest).textContent()).resolves.toContain('Sold out');
    await waitForToast(a, 'Parmigiano is sold out.');
    await expect(toggle(a, 'Parmigiano').getAttribute('aria-checked')).resolves.toBe('false');
    // The other phone: live.
    await optionRow(b).getByText('Sold out', { exact: true }).waitFor({ timeout: 2000 });
    await expect(toggle(b, 'Parmigiano').getAttribute('aria-checked')).resolves.toBe('false');
    expect(e.app.ctx.stmts.get('SELECT available FROM venue_options WHERE venue = ? AND option = ?', [venue, parmigiano])).toEqual({
      available: 0,
    });
    // The option itself is untouched: the terrace (same menu) still offers it.
    expect(e.app.ctx.stmts.get('SELECT available FROM options WHERE id = ?', [parmigiano])).toEqual({ available: 1 });
    const terrace = await guestContext.newPage();
    await terrace.goto('/m/trattoria-terrace');
    await expect(guestOption(terrace).textContent()).resolves.toContain('Parmigiano');
    await expect(guestOption(terrace).getAttribute('class')).resolves.toBeNull();
    await a.getByRole('searchbox', { name: 'Search dishes' }).fill('');
    await noSideways(a, 390);
    await screenshot(a, 'service-option-light-390');
    await noSideways(b, 390);
    await screenshot(b, 'service-option-dark-390');

    // Sold out until 22:00 on the venue's clocks, through the same sheet as dishes; then back with B's toggle.
    await b.getByRole('button', { name: 'Sold out until… – Parmigiano', exact: true }).click();
    const dialog = b.getByRole('dialog', { name: 'Parmigiano: sold out until…' });
    await dialog.getByLabel('At a time').fill('22:00');
    await dialog.getByRole('button', { name: 'Set' }).click();
    await optionRow(a)
      .getByText(/^Sold out until (\w+ )?(22:00|10:00\sPM)$/)
      .waitFor({ timeout: 2000 });
    const stored = e.app.ctx.stmts.get('SELECT soldOutUntil FROM venue_options WHERE venue = ? AND option = ?', [venue, parmigiano]);
    expect(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Vienna', hour: '2-digit', minute: '2-digit' }).format(
        new Date(String(stored?.soldOutUntil).replace(' ', 'T')),
      ),
    ).toBe('22:00');
    await toggle(b, 'Parmigiano').click();
    await parmigianoOut(guest, false, 2000);
    await optionRow(a).getByText('Available', { exact: true }).waitFor({ timeout: 2000 });
    await guestContext.close();
  });

  it('catches up with a mark another phone set while this one was subscribing', async () => {
    // The spaghetti: a dish no other test marks.
    const spaghetti = String(e.app.ctx.stmts.get("SELECT id FROM items WHERE name = 'Spaghetti alle vongole'")?.id);
    const context = await phone('dark');
    const b = await context.newPage();
    // The realtime subscriptions' requests are held until the spaghetti are sold out on the server,
    // after this phone read the marks: its event went out before this phone listened.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let subscribing = () => undefined as void;
    const subscriptionSent = new Promise<void>((resolve) => (subscribing = resolve));
    await b.route('**/api/realtime', async (route) => {
      const request = route.request();
      if (request.method() === 'POST' && (request.postData() ?? '').includes('venue_items')) {
        subscribing();
        await held;
      }
      await route.continue();
    });
    const marksRead = b.waitForResponse((r) => r.url().includes('/api/collections/venue_items/records') && r.request().method() === 'GET');
    await b.goto('/login');
    await b.getByLabel('Email', { exact: true }).fill('bruno@example.com');
    await b.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await b.getByRole('button', { name: 'Sign in', exact: true }).click();
    await b.waitForURL(`**/service/${venue}`);
    await Promise.all([marksRead, subscriptionSent]);
    await expect(toggle(b, 'Spaghetti alle vongole').getAttribute('aria-checked')).resolves.toBe('true');
    await seed(e.app.ctx, 'venue_items', { venue, item: spaghetti, available: false });
    release();
    await expect.poll(() => toggle(b, 'Spaghetti alle vongole').getAttribute('aria-checked'), { timeout: 5000 }).toBe('false');
    await row(b, spaghetti).getByText('Sold out', { exact: true }).waitFor();
    // Back on: live from here on.
    await toggle(b, 'Spaghetti alle vongole').click();
    await row(b, spaghetti).getByText('Available', { exact: true }).waitFor({ timeout: 2000 });
    expect(e.app.ctx.stmts.get('SELECT available FROM venue_items WHERE venue = ? AND item = ?', [venue, spaghetti])).toEqual({
      available: 1,
    });
    await context.close();
  });

  it('keeps staff out of the menu editor and billing (UI and API)', async () => {
    const a = await signIn(await phone(), 'anna@example.com');
    await a.waitForURL('**/service');
    await a.getByRole('link', { name: 'Trattoria am Hauptplatz' }).click();
    await a.waitForURL(`**/service/${venue}`);
    for (const path of [`/menus/${menu}`, '/settings/billing']) {
      await a.goto(path);
      await a.waitForURL(`**/service/${venue}`);
      await waitForToast(a, 'Staff accounts use their venues only.');
    }
    await a.getByRole('button', { name: 'Open navigation' }).click();
    const nav = a.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Service mode' }).waitFor();
    expect((await nav.getByRole('link').allTextContents()).map((s) => s.trim())).toEqual(['Service mode', 'Venues', 'Help']);
    await a.keyboard.press('Escape');

    const token = await tokenFor(e.app.ctx, 'users', staff.a);
    const call = (method: 'PATCH' | 'POST', url: string, payload: object) =>
      e.app.app.inject({ method, url, payload, headers: { authorization: token } });
    const price = await call('PATCH', `/api/collections/items/records/${risotto}`, { prices: [{ label: '', amount: 1 }] });
    expect([403, 404]).toContain(price.statusCode);
    const settings = await call('PATCH', `/api/collections/organizations/records/${org}`, { name: 'Hijacked' });
    expect([403, 404]).toContain(settings.statusCode);
    const venuePrice = await call('POST', '/api/collections/venue_items/records', { venue, item: risotto, available: true, prices: [] });
    expect(venuePrice.statusCode).toBe(400);
  });

  it('offline or the live stream dropped: toggles disabled under a banner; a write that does not arrive changes nothing', async () => {
    const context = await phone();
    const a = await signIn(context, 'anna@example.com');
    await a.waitForURL('**/service');
    await a.getByRole('link', { name: 'Trattoria am Hauptplatz' }).click();
    // The venue served last on this phone: straight there next time.
    await a.waitForURL(`**/service/${venue}`);
    await a.goto('/service');
    await a.waitForURL(`**/service/${venue}`);
    await a.locator('[data-status="connected"]').waitFor();
    await expect(toggle(a, 'Tiramisù').isEnabled()).resolves.toBe(true);

    // The request fails on the way (the connection looks fine): the toggle stays, an error says so.
    await a.route('**/api/collections/venue_items/records**', (route) => route.abort('internetdisconnected'));
    await toggle(a, 'Tiramisù').click();
    await waitForToast(a, 'Tiramisù was not changed: no connection. Try again once you are back online.');
    await expect(toggle(a, 'Tiramisù').getAttribute('aria-checked')).resolves.toBe('true');
    await a.unroute('**/api/collections/venue_items/records**');
    expect(e.app.ctx.stmts.get('SELECT id FROM venue_items WHERE venue = ? AND item = ?', [venue, tiramisu])).toBeUndefined();

    await context.setOffline(true);
    await a.getByRole('alert').filter({ hasText: 'You are offline' }).waitFor();
    await expect(toggle(a, 'Tiramisù').isDisabled()).resolves.toBe(true);
    await expect(a.getByRole('button', { name: 'Sold out until… – Tiramisù' }).isDisabled()).resolves.toBe(true);
    await noSideways(a, 390);
    await screenshot(a, 'service-offline-light-390');
    await context.setOffline(false);
    await a
      .getByRole('alert')
      .filter({ hasText: /offline|Connection lost/ })
      .waitFor({ state: 'detached', timeout: 15_000 });
    await expect(toggle(a, 'Tiramisù').isEnabled()).resolves.toBe(true);

    // The server's live stream drops and cannot come back for now (online all the while): the same, said as such.
    await a.route('**/api/realtime', (route) => route.abort());
    const hub = e.app.ctx.hub as unknown as {
      clients: Map<string, { id: string; connection: { close(): void } }>;
      disconnect(id: string): void;
    };
    for (const client of [...hub.clients.values()]) {
      hub.disconnect(client.id);
      client.connection.close();
    }
    await a.getByRole('alert').filter({ hasText: 'Connection lost – reconnecting…' }).waitFor();
    await expect(toggle(a, 'Tiramisù').isDisabled()).resolves.toBe(true);
    await screenshot(a, 'service-reconnecting-light-390');
    await a.unroute('**/api/realtime');
    await a.getByRole('alert').filter({ hasText: 'Connection lost' }).waitFor({ state: 'detached', timeout: 15_000 });
    await expect(toggle(a, 'Tiramisù').isEnabled()).resolves.toBe(true);
  });

  /**
   * Issue 23 item 6: at most 100 KB. The React app's service mode needed 145.5 KB at best (React
   * DOM alone is 68 KB); service mode is now a page of its own without React (service.html,
   * src/service-main.ts), measured at about 45 KB with its messages.
   */
  const SERVICE_FIRST_LOAD_CEILING = 100 * 1024;
  it('service mode first load: gzipped JavaScript within the measured ceiling (target: 100 KB)', async () => {
    const context = await phone();
    const page = await context.newPage();
    // Every script the page runs, as gzip -9 would send it (the built app's .gz siblings).
    const scripts = new Map<string, Promise<number>>();
    const measure = (response: Response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.set(
        response.url(),
        // A script of the page navigated away from (sign-in) has no body any more: not counted.
        response.body().then(
          (body) => zlib.gzipSync(body, { level: 9 }).length,
          () => 0,
        ),
      );
    };
    page.on('response', measure);
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill('bruno@example.com');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    // Only what service mode needs: the sign-in page's scripts are not counted, a reload from the venue's address is.
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`**/service/${venue}`);
    scripts.clear();
    await page.reload();
    await row(page, risotto).waitFor();
    await page.locator('[data-status="connected"]').waitFor();
    await page.waitForLoadState('networkidle');
    const sizes = await Promise.all([...scripts].map(async ([url, size]) => [new URL(url).pathname, await size] as const));
    page.off('response', measure);
    const total = sizes.reduce((sum, [, size]) => sum + size, 0);
    console.log(`service mode first load: ${sizes.length} scripts, ${(total / 1024).toFixed(1)} KB gzipped`);
    for (const [name, size] of [...sizes].sort((x, y) => y[1] - x[1])) console.log(`  ${(size / 1024).toFixed(1)} KB ${name}`);
    // The entry and its messages (common and service, in English).
    expect(sizes.length).toBeGreaterThanOrEqual(3);
    expect(total).toBeLessThanOrEqual(SERVICE_FIRST_LOAD_CEILING);
    // The navigation sheet: the role's entries, the profile and signing out, which ends the session.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const sheet = page.getByRole('dialog', { name: 'Navigation' });
    await sheet.getByRole('link', { name: 'Help' }).waitFor();
    await sheet.getByRole('link', { name: 'Profile' }).waitFor();
    await sheet.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('pocketbase_auth'))).toBeNull();
    await context.close();
  });

  it('screenshots light and dark at 1280, 390 and 320 px, without sideways scrolling', async () => {
    for (const { scheme, width } of screenPairs([1280, 390, 320])) {
      const page = await signIn(await phone(scheme, width), 'bruno@example.com');
      await page.waitForURL(`**/service/${venue}`);
      await row(page, risotto).waitFor();
      await page.locator('[data-status="connected"]').waitFor();
      await noSideways(page, width);
      await screenshot(page, `service-venue-${scheme}-${width}`);
      await page.getByRole('button', { name: 'Sold out until… – Crème brûlée' }).click();
      await page.getByRole('dialog').waitFor();
      await noSideways(page, width);
      await screenshot(page, `service-until-${scheme}-${width}`);
      await page.context().close();
    }
  });
});
