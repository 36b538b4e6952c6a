import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { webBundle } from '../test/web-bundle.ts';
import { inlineScriptsOf, scriptHash } from '../http/security.ts';

/** Page addresses: the app's routes load the app, aliases redirect, anything else is a real 404. */
describe('staff app page addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { WEB_DIST: await webBundle() } });
  }, 600_000);
  afterAll(async () => {
    await t.close();
  });
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it.each(['/', '/login', '/sign-up', '/venues/', '/venues/abc123', '/sections/s1/items', '/settings', '/service', '/service/abc123'])(
    '%s loads the app (200)',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    },
  );

  it('serves service mode its own page, without the React app, and the app everywhere else', async () => {
    const entry = (body: string) =>
      [...body.matchAll(/<script type="module" crossorigin src="\/assets\/([a-z]+)-/g)]
        .map((m) => m[1])
        .find((name) => name !== 'rolldown');
    for (const url of ['/service', '/service/', '/service/abc123', '/service/abc123/'])
      expect(entry((await get(url)).body), url).toBe('service');
    for (const url of ['/dashboard', '/venues/abc123', '/login']) expect(entry((await get(url)).body), url).toBe('app');
    // Its inline scripts (the stored theme) are allowed by the policy's hashes like the app's.
    const page = await get('/service/abc123');
    const csp = String(page.headers['content-security-policy']);
    for (const body of inlineScriptsOf(page.body)) expect(csp).toContain(scriptHash(body));
  });

  it('sends the page compressed as the browser accepts it (brotli first), and plain otherwise', async () => {
    const page = (url: string, acceptEncoding?: string) =>
      t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });
    for (const url of ['/dashboard', '/service/abc123', '/nothing/here']) {
      const plain = await page(url);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.headers.vary).toContain('Accept-Encoding');
      const br = await page(url, 'gzip, deflate, br');
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.statusCode).toBe(plain.statusCode);
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      const gzip = await page(url, 'br;q=0, gzip');
      expect(gzip.headers['content-encoding'], url).toBe('gzip');
      expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
      expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect((await page(url, 'gzip;q=0, identity')).headers['content-encoding']).toBeUndefined();
    }
  });

  it.each(['/signupp', '/venues/a/b', '/nothing/here', '/sections/s1'])('%s answers 404 with the app (its Not Found page)', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<script type="module"');
  });

  it.each([
    ['/signup', '/sign-up'],
    ['/signup/', '/sign-up'],
    ['/register?invite=abc', '/sign-up?invite=abc'],
    ['/signin', '/login'],
    ['/sign-in?redirect=%2Fmenus%2F', '/login?redirect=%2Fmenus%2F'],
    ['/admin', '/_/'],
  ])('%s redirects to %s', async (url, location) => {
    const res = await get(url);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(location);
  });

  it('keeps JSON 404s for the API and missing files', async () => {
    for (const url of ['/api/nope', '/assets/missing.js']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404 });
    }
  });

  it('makes the app installable: a manifest that starts in service mode, real PNG icons, the links in every page', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const manifest = res.json<{
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
    }>();
    expect(manifest).toMatchObject({ name: t.ctx.config.appName, start_url: '/service', display: 'standalone' });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    const page = await get('/service');
    expect(page.body).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    expect(page.body).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"');
    const icons = [...manifest.icons.map((i) => [i.src, i.sizes] as const), ['/icons/apple-touch-icon.png', '180x180'] as const];
    for (const [src, sizes] of icons) {
      const icon = await get(src);
      expect(icon.statusCode, src).toBe(200);
      expect(icon.headers['content-type']).toBe('image/png');
      // The PNG's own header (signature, then IHDR's width and height) says its size.
      const png = icon.rawPayload;
      expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, src).toBe(sizes);
    }
  });
});
