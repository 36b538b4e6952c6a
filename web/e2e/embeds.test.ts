import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seed, superuserRequest } from '../../server/test/test-app.ts';
import type { SqlParam } from '../../server/db/statements.ts';
import { hasBrowser, screenshot, savePng, signedInPage, startE2E, waitForToast, type E2E } from './harness.ts';

/**
 * Embeds (issue 22 item 5) in a real browser: the owner names a website on the venue page and
 * copies the snippet with its button; a restaurant website on ANOTHER origin (a second tiny HTTP
 * server, localhost on its own port) pastes it: the guest page loads in the frame and the
 * auto-height script makes the iframe as tall as the menu. A website not named gets a blocked
 * frame (Chromium reports the frame-ancestors violation; the menu never renders there). The
 * card at 1280 and 390 px, light and dark; 320 px without sideways scroll.
 */
const PASSWORD = 'embed-password-1';
const OWNER = 'embed-owner@example.com';

/** A restaurant's website: one page with the pasted snippet, on its own origin. */
async function website(html: () => string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  // `localhost`, not the app's 127.0.0.1: another host and another port, so surely another origin.
  return { url: `http://localhost:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const page = (snippet: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>Trattoria</title></head><body style="margin:0;font-family:sans-serif">` +
  `<h1>Trattoria da Mario</h1><p>Our menu:</p>${snippet}<footer>© Trattoria</footer></body></html>`;

describe.skipIf(!hasBrowser)('embedding the guest page on another website', () => {
  let e: E2E;
  let auth: { token: string; record: unknown };
  let venueId = '';
  let snippet = '';
  let allowed: Awaited<ReturnType<typeof website>>;
  let other: Awaited<ReturnType<typeof website>>;
  const row = (sql: string, params: unknown[] = []) => e.app.ctx.stmts.get(sql, params as SqlParam[]);
  /** The card as a person looks at it (the venue page around it is long; the app's sticky header stays out of the picture). */
  const cardShot = async (p: Page, name: string) => {
    const card = p.getByRole('region', { name: 'Embed on your website' });
    await card.getByText('All menus (your guest page)').first().waitFor();
    await card.scrollIntoViewIfNeeded();
    const box = await card.boundingBox();
    const scrollY = await p.evaluate(() => window.scrollY);
    if (!box) throw new Error('the card is not shown');
    // At the top, the sticky header sits above the page's first pixels, not over the card.
    await p.evaluate(() => window.scrollTo(0, 0));
    await savePng(p, name, { fullPage: true, clip: { ...box, y: box.y + scrollY } });
  };
  const noSidewaysScroll = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

  beforeAll(async () => {
    e = await startE2E();
    allowed = await website(() => page(snippet));
    other = await website(() => page(snippet));
    const { ctx } = e.app;
    const owner = await seed(ctx, 'users', { email: OWNER, password: PASSWORD, passwordConfirm: PASSWORD, name: 'Mario', verified: true });
    const orgId = String(row('SELECT currentOrganization AS o FROM users WHERE id = ?', [owner.id])?.o);
    const su = superuserRequest(ctx);
    const update = (collection: string, id: string, data: Record<string, unknown>) =>
      ctx.engine.update(ctx.engine.collection(collection), id, { data, files: {}, fromForm: false }, su);
    await update('organizations', orgId, { subscriptionStatus: 'active' });
    await update('users', String(owner.id), { onboardingComplete: true });
    const staff = e.app.sdk();
    const session = await staff.collection('users').authWithPassword(OWNER, PASSWORD, { expand: 'currentOrganization' });
    auth = { token: session.token, record: session.record };
    const menu = await staff.collection('menus').create({ organization: orgId, name: 'Pranzo', languages: ['en'], status: 'published' });
    const section = await staff.collection('sections').create({ menu: menu.id, name: 'Primi' });
    // Enough dishes that the menu is far taller than the snippet's first 600 px.
    for (let i = 1; i <= 18; i++)
      await staff.collection('items').create({
        section: section.id,
        name: `Dish ${i}`,
        description: 'Fresh pasta, made here every morning.',
        prices: [{ label: '', amount: 900 + i * 50 }],
      });
    const venue = await staff.collection('venues').create({
      organization: orgId,
      name: 'Trattoria da Mario',
      timezone: 'Europe/Rome',
      primaryColor: '#b91c1c',
      menus: [menu.id],
    });
    venueId = venue.id;
  });
  afterAll(async () => {
    await e?.close();
    await allowed?.close();
    await other?.close();
  });

  it('the owner allows the website and copies the snippet (1280 px, light)', async () => {
    const { context, page: staff } = await signedInPage(e, auth);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e.url });
    await staff.goto(`/venues/${venueId}`);
    const card = staff.getByRole('form', { name: 'Allowed websites' });
    await card.getByLabel('Allowed websites').fill('https://example.com/menu');
    await card.getByRole('button', { name: 'Save changes' }).click();
    await card.getByText('Use https://host or https://host:port (http:// only for localhost), no path').waitFor();
    await card.getByLabel('Allowed websites').fill(`${allowed.url.toUpperCase().replace('HTTP://', 'http://')}/`);
    await card.getByRole('button', { name: 'Save changes' }).click();
    await waitForToast(staff, 'Allowed websites saved');
    // Stored as the CSP reads it.
    expect(JSON.parse(String(row('SELECT embedOrigins AS o FROM venues WHERE id = ?', [venueId])?.o))).toEqual([allowed.url]);
    await staff.getByRole('button', { name: 'Copy code (All menus (your guest page))' }).click();
    await waitForToast(staff, 'Code copied');
    snippet = await staff.evaluate(() => navigator.clipboard.readText());
    expect(snippet).toContain(`src="${e.url}/m/`);
    expect(snippet).toContain(`<script src="${e.url}/m-assets/embed.js" async></script>`);
    await cardShot(staff, 'embed-card-1280-light');
  });

  it('on the allowed website the menu loads and the iframe grows to its height', async () => {
    expect(snippet).not.toBe('');
    const context = await e.context();
    const site = await context.newPage();
    await site.goto(allowed.url);
    const frame = site.frameLocator('iframe');
    await frame.getByRole('heading', { name: 'Trattoria da Mario' }).waitFor();
    await frame.getByText('Dish 18').waitFor();
    const sizes = () =>
      site.evaluate(() => {
        const iframe = document.querySelector('iframe') as HTMLIFrameElement;
        return { iframe: iframe.getBoundingClientRect().height, style: iframe.style.height };
      });
    const content = () =>
      frame
        .locator('html')
        .evaluate((html) => ({ height: html.getBoundingClientRect().height, scrolls: html.scrollHeight > html.clientHeight }));
    // The frame's height follows the page's own, well past the snippet's 600 px, and nothing scrolls inside.
    await expect
      .poll(async () => {
        const [{ iframe }, { height }] = await Promise.all([sizes(), content()]);
        return Math.abs(iframe - Math.ceil(height)) <= 1 && iframe > 1000;
      })
      .toBe(true);
    expect((await content()).scrolls).toBe(false);
    await screenshot(site, 'embed-allowed-website');
    // The end of the framed menu, as a visitor scrolled down sees it.
    await site.getByText('© Trattoria').scrollIntoViewIfNeeded();
    await savePng(site, 'embed-allowed-website-end');
  });

  it('in the frame a dish opens where the visitor tapped it, and a dish page sizes its frame too', async () => {
    const context = await e.context({ viewport: { width: 390, height: 800 } });
    const site = await context.newPage();
    await site.goto(allowed.url);
    const frame = site.frameLocator('iframe');
    const dish = frame.getByRole('link', { name: 'Dish 3', exact: true });
    await dish.waitFor();
    // The frame grew to the menu's height first (the script is loaded), so the dialog is scripted.
    await expect.poll(() => site.evaluate(() => document.querySelector('iframe')!.getBoundingClientRect().height)).toBeGreaterThan(1000);
    await dish.scrollIntoViewIfNeeded();
    const tapped = await dish.boundingBox();
    await dish.click();
    const dialog = frame.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Dish 3' }).waitFor();
    const box = await dialog.boundingBox();
    if (!tapped || !box) throw new Error('no boxes');
    // In the visitor's view (the site's viewport), starting at the dish, not at the bottom of the tall frame.
    expect(Math.abs(box.y - tapped.y)).toBeLessThan(40);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + 100).toBeLessThan(800);
    await savePng(site, 'embed-dish-overlay-390');
    // A dish page in the frame (a shared dish link, or without JavaScript) posts its height as well.
    const href = await dish.getAttribute('href');
    await site.evaluate(
      (url) => {
        document.querySelector('iframe')!.src = url;
      },
      new URL(String(href), e.url).href,
    );
    await frame.getByRole('link', { name: /Back to the menu/ }).waitFor();
    await expect
      .poll(async () => {
        const [iframe, inner] = await Promise.all([
          site.evaluate(() => document.querySelector('iframe')!.getBoundingClientRect().height),
          frame.locator('html').evaluate((html) => Math.ceil(html.getBoundingClientRect().height)),
        ]);
        return Math.abs(iframe - inner) <= 1 && inner < 1000;
      })
      .toBe(true);
    await context.close();
  });

  it('on a website not named the frame is blocked by the policy and shows no menu', async () => {
    const context = await e.context();
    const site = await context.newPage();
    const refused = site.waitForEvent('console', { predicate: (m) => /frame-ancestors/.test(m.text()), timeout: 20_000 });
    await site.goto(other.url);
    const report = (await refused).text();
    // Chromium: "Framing '<app>/' violates the following Content Security Policy directive: "frame-ancestors …". The request has been blocked."
    expect(report).toContain(`Framing '${e.url}/' violates`);
    expect(report).toContain(`"frame-ancestors 'self' ${allowed.url}"`);
    expect(report).toContain('blocked');
    const child = site.frames().find((f) => f !== site.mainFrame());
    const text = child ? await child.evaluate(() => document.body?.innerText ?? '').catch(() => '') : '';
    expect(text).not.toContain('Dish 1');
    expect(await site.evaluate(() => (document.querySelector('iframe') as HTMLIFrameElement).style.height)).toBe('600px');
  });

  it('the card fits 390 px light and dark, 1280 px dark, and 320 px without sideways scroll', async () => {
    for (const [width, scheme] of [
      [390, 'light'],
      [390, 'dark'],
      [1280, 'dark'],
      [320, 'light'],
    ] as const) {
      const { page: staff } = await signedInPage(e, auth, { viewport: { width, height: 900 }, colorScheme: scheme });
      await staff.goto(`/venues/${venueId}`);
      await cardShot(staff, `embed-card-${width}-${scheme}`);
      expect(await noSidewaysScroll(staff), `${width} ${scheme}`).toBe(true);
    }
  });
});
