import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, screenshot, startE2E, type E2E } from './harness.ts';

/** The raw (still compressed) response of a GET with the given Accept-Encoding. */
function rawGet(url: string, encoding: string): Promise<{ headers: http.IncomingHttpHeaders; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on('end', () => resolve({ headers: res.headers, bytes }));
      })
      .on('error', reject);
  });
}

/** The SPA shell in a real browser: routes, guards, error box, consent, theme. */
describe.skipIf(!hasBrowser)('web shell', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(async () => {
    await e?.close();
  });

  it('renders Not Found for unknown routes and titles pages with the product name', async () => {
    const page = await (await e.context()).newPage();
    await page.goto('/definitely/not/here');
    // The page's words arrive with its language's messages (loaded on demand): wait for them.
    await page.getByText('Not Found', { exact: true }).waitFor();
    await expect.poll(() => page.title()).toBe('Not Found | QR Menu');
    await page.goto('/login');
    await page.waitForURL('**/login');
    expect(await page.title()).toBe('QR Menu');
  });

  it('shows the error box with a Show Error / Hide Error toggle when a page fails to load', async () => {
    const context = await e.context();
    await context.route(/\/assets\/not-found-sentinel|\/assets\/verify-page-[^/]+\.js$/, (route) => route.abort());
    const page = await context.newPage();
    await page.goto('/verify');
    await page.getByText('Something went wrong!').waitFor();
    await page.getByRole('button', { name: 'Show Error' }).click();
    await expect(page.locator('pre').textContent()).resolves.toMatch(/import|fetch|module/i);
    await page.getByRole('button', { name: 'Hide Error' }).click();
    expect(await page.locator('pre').count()).toBe(0);
  });

  it.each([
    ['/dashboard'],
    ['/venues/'],
    ['/venues/abc'],
    ['/tags/'],
    ['/menus/'],
    ['/menus/upload/'],
    ['/profile/'],
    ['/help'],
    ['/settings/billing'],
    ['/sections/x/items'],
  ])('sends a visitor from %s to /login with the original location', async (path) => {
    const page = await (await e.context()).newPage();
    await page.goto(`${path}?q=1`);
    await page.waitForURL(/\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`${path}?q=1`);
  });

  it('redirects / to /dashboard and /settings/ to /settings/organization (then to login)', async () => {
    const page = await (await e.context()).newPage();
    await page.goto('/');
    await page.waitForURL(/\/login\?redirect=%2Fdashboard/);
    await page.goto('/settings/');
    await page.waitForURL(/\/login\?redirect=%2Fsettings%2Forganization/);
    await page.goto('/onboarding');
    await page.waitForURL(/\/login\?redirect=%2Fonboarding/);
  });

  it('keeps the consent choice across reloads and sets the cookie', async () => {
    for (const choice of ['Accept', 'Decline'] as const) {
      const context = await e.context();
      const page = await context.newPage();
      await page.goto('/login');
      const banner = page.getByRole('region', { name: 'Cookie consent' });
      await banner.getByText('We Use Cookies', { exact: true }).waitFor();
      await expect(banner.textContent()).resolves.toContain(
        'To give you the best experience, we use cookies to understand how our app is used and to make improvements. Your choice helps shape a better product.',
      );
      await banner.getByRole('button', { name: choice }).click();
      expect(await banner.count()).toBe(0);
      await page.reload();
      await page.waitForLoadState('networkidle');
      expect(await page.getByText('We Use Cookies', { exact: true }).count()).toBe(0);
      const cookie = (await context.cookies()).find((c) => c.name === 'cookie_consent');
      expect(cookie?.value).toBe(choice === 'Accept' ? 'yes' : 'no');
      expect(cookie?.sameSite).toBe('Lax');
      expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(364 * 86400000);
    }
  });

  it('applies the theme before paint, persists the choice, and follows the OS on system', async () => {
    const context = await e.context({ colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto('/login');
    expect(await page.evaluate(() => document.documentElement.className)).toContain('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => document.documentElement.classList.contains('light'));
    await page.getByTitle('Dark').click();
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Dark' }).isChecked()).resolves.toBe(true);
    expect(await page.evaluate(() => [document.documentElement.className, localStorage.getItem('theme')])).toEqual(['dark', 'dark']);
    await screenshot(page, 'login-dark-1280');
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await page.evaluate(() => document.documentElement.className)).toBe('dark');
  });
  it('loads /login with under 140 KB of gzipped JavaScript, pre-compressed and cached immutably', async () => {
    const page = await (await e.context()).newPage();
    const scripts = new Set<string>();
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.add(r.url());
    });
    await page.goto('/login');
    await page
      .getByRole('button', { name: /sign in|log in/i })
      .first()
      .waitFor();
    expect(scripts.size).toBeGreaterThan(0);
    let gzipBytes = 0;
    let brotliBytes = 0;
    for (const url of scripts) {
      const gz = await rawGet(url, 'gzip');
      // Tiny chunks are not worth compressing; the build skips them.
      if (gz.bytes > 1024) expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.headers['cache-control']).toMatch(/immutable/);
      gzipBytes += gz.bytes;
      if (process.env.BUNDLE_DEBUG) console.info(url, gz.bytes);
      const br = await rawGet(url, 'br');
      if (br.bytes > 1024) expect(br.headers['content-encoding']).toBe('br');
      brotliBytes += br.bytes;
    }
    console.info(
      `initial JS for /login: ${scripts.size} files, ${(gzipBytes / 1024).toFixed(1)} KB gzip, ${(brotliBytes / 1024).toFixed(1)} KB brotli`,
    );
    expect(gzipBytes).toBeLessThan(140 * 1024);
  });
});
