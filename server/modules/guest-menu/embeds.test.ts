import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeOwner, buildTestApp, seed, tokenFor, type TestApp } from '../../test/test-app.ts';
import { normalizeEmbedOrigin } from '../../../shared/schemas/embeds.ts';

/**
 * Embeds (issue 22 item 5) through the real app: a venue's `embedOrigins` become its guest pages'
 * CSP `frame-ancestors` (and X-Frame-Options goes) — the menu page, a menu's own page, filtered
 * pages and dish pages —, never another venue's nor the "not found" page; a change shows at once
 * (the cache follows the venue's edits) with a new ETag; bad origins are 400 field errors.
 */
let t: TestApp;
let owner: { id: string; org: string; token: string };
let venueId = '';
let menuId = '';
let itemId = '';

beforeAll(async () => {
  t = await buildTestApp();
  owner = await activeOwner(t.ctx, 'embeds@example.com');
  const menu = await seed(t.ctx, 'menus', { organization: owner.org, name: 'Carte', status: 'published', languages: ['en'] });
  menuId = String(menu.id);
  const section = await seed(t.ctx, 'sections', { menu: menu.id, name: 'Food' });
  itemId = String((await seed(t.ctx, 'items', { section: section.id, name: 'Risotto', prices: [{ label: '', amount: 1850 }] })).id);
  venueId = String(
    (
      await seed(t.ctx, 'venues', {
        organization: owner.org,
        name: 'Framed',
        slug: 'framed',
        timezone: 'Europe/Vienna',
        primaryColor: '#1d4ed8',
        menus: [menu.id],
      })
    ).id,
  );
  await seed(t.ctx, 'venues', {
    organization: owner.org,
    name: 'Strict',
    slug: 'strict',
    timezone: 'Europe/Vienna',
    primaryColor: '#1d4ed8',
    menus: [menu.id],
  });
});

afterAll(async () => {
  await t.close();
});

const patchVenue = async (data: Record<string, unknown>) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/collections/venues/records/${venueId}`,
    headers: { authorization: await tokenFor(t.ctx, 'users', owner.id) },
    payload: data,
  });
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const frameAncestors = (csp: unknown) => /frame-ancestors ([^;]*)/.exec(String(csp))?.[1];

describe('frame-ancestors per venue', () => {
  it('is strict without origins: our own pages only, X-Frame-Options SAMEORIGIN', async () => {
    const res = await get('/m/framed');
    expect(res.statusCode).toBe(200);
    expect(frameAncestors(res.headers['content-security-policy'])).toBe("'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('names the venue origins on its pages and drops X-Frame-Options; a change is served at once with a new ETag', async () => {
    const before = await get('/m/framed');
    const saved = await patchVenue({ embedOrigins: ['https://Www.Trattoria.example/', 'https://*.example.org', 'http://localhost:8080'] });
    expect(saved.statusCode).toBe(200);
    // Stored normalized: lower case, no trailing slash.
    expect(saved.json().embedOrigins).toEqual(['https://www.trattoria.example', 'https://*.example.org', 'http://localhost:8080']);
    const expected = "'self' https://www.trattoria.example https://*.example.org http://localhost:8080";
    for (const url of [
      '/m/framed',
      `/m/framed/${menuId}`,
      '/m/framed?diet=vegan',
      '/m/framed?q=risotto',
      `/m/framed/i/${itemId}`,
      `/m/framed/i/${itemId}?lang=en`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(frameAncestors(res.headers['content-security-policy']), url).toBe(expected);
      expect(res.headers['x-frame-options'], url).toBeUndefined();
      // The rest of the policy is untouched.
      expect(String(res.headers['content-security-policy']), url).toContain("default-src 'self'");
    }
    const after = await get('/m/framed');
    expect(after.body).toBe(before.body);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    // The old validator no longer matches: a cache revalidating gets the new headers with a 200.
    const revalidated = await get('/m/framed', { 'if-none-match': String(before.headers.etag) });
    expect(revalidated.statusCode).toBe(200);
    expect(frameAncestors(revalidated.headers['content-security-policy'])).toBe(expected);
    const same = await get('/m/framed', { 'if-none-match': String(after.headers.etag) });
    expect(same.statusCode).toBe(304);
    expect(frameAncestors(same.headers['content-security-policy'])).toBe(expected);
  });

  it('never on another venue, the not-found page, the staff app or the API', async () => {
    for (const url of [
      '/m/strict',
      `/m/strict/i/${itemId}`,
      '/m/nowhere',
      '/m/framed/i/nosuchitem12345',
      '/m/framed/nosuchmenu12345',
      '/',
    ]) {
      const res = await get(url);
      expect(frameAncestors(res.headers['content-security-policy']), url).toBe("'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('an emptied list makes the pages strict again', async () => {
    expect((await patchVenue({ embedOrigins: [] })).statusCode).toBe(200);
    const res = await get(`/m/framed/i/${itemId}`);
    expect(frameAncestors(res.headers['content-security-policy'])).toBe("'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect((await patchVenue({ embedOrigins: null })).statusCode).toBe(200);
    expect(frameAncestors((await get('/m/framed')).headers['content-security-policy'])).toBe("'self'");
  });
});

describe('origin validation', () => {
  it.each([
    ['a path', ['https://trattoria.example/menu']],
    ['a query', ['https://trattoria.example?x=1']],
    ['plain http', ['http://trattoria.example']],
    ['no scheme', ['trattoria.example']],
    ['a bare wildcard', ['*']],
    ['https://*', ['https://*']],
    ['a wildcard over a top-level domain', ['https://*.com']],
    ['a wildcard in the middle', ['https://shop.*.example.com']],
    ['credentials', ['https://user@trattoria.example']],
    ['a CSP keyword', ["'self'"]],
    ['a space smuggling a second source', ['https://a.example https://evil.example']],
    ['a semicolon smuggling a directive', ['https://a.example;script-src *']],
    ['a port out of range', ['https://trattoria.example:70000']],
    ['a data: source', ['data:']],
    ['the same site twice', ['https://trattoria.example', 'https://TRATTORIA.example/']],
    ['eleven sites', Array.from({ length: 11 }, (_, i) => `https://s${i}.example`)],
    ['not a list', 'https://trattoria.example'],
    ['not strings', [42]],
  ])('%s → 400 on embedOrigins', async (_name, value) => {
    const res = await patchVenue({ embedOrigins: value });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, data: { embedOrigins: { code: 'validation_invalid_value' } } });
    expect(typeof res.json().data.embedOrigins.message).toBe('string');
  });

  it('normalizes what browsers would read the same', () => {
    expect(normalizeEmbedOrigin('HTTPS://Example.COM:443/')).toBe('https://example.com');
    expect(normalizeEmbedOrigin('https://example.com:8443')).toBe('https://example.com:8443');
    expect(normalizeEmbedOrigin('http://127.0.0.1:5173')).toBe('http://127.0.0.1:5173');
    expect(normalizeEmbedOrigin('https://bäckerei.example')).toBe('https://xn--bckerei-5wa.example');
    expect(normalizeEmbedOrigin('http://localhost:80')).toBe('http://localhost');
    expect(normalizeEmbedOrigin('https://localhost')).toBe('https://localhost');
    expect(normalizeEmbedOrigin('https://-bad-.example')).toBeNull();
  });
});

describe('the auto-height script', () => {
  it('is served at a stable URL, small, cacheable, and trusts only our origin', async () => {
    const res = await get('/m-assets/embed.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(Buffer.byteLength(res.body)).toBeLessThan(500);
    expect(res.body).toContain(`e.origin!==${JSON.stringify(new URL(t.ctx.config.appUrl).origin)}`);
    expect(res.body).not.toMatch(/cookie|localStorage|fetch|XMLHttpRequest/);
    expect((await get('/m-assets/embed.js', { 'if-none-match': String(res.headers.etag) })).statusCode).toBe(304);
  });

  it("posts the page height from the guest page's deferred script, not from the HTML", async () => {
    const html = (await get('/m/framed')).body;
    expect(html).not.toContain('qrmenu:height');
    const src = /<script src="(\/m-assets\/guest-[A-Za-z0-9_-]+\.js)" defer>/.exec(html)?.[1];
    expect((await get(String(src))).body).toContain("parent.postMessage({type:'qrmenu:height'");
  });
});
