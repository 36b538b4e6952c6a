import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeOwner, buildTestApp, seed, tokenFor, type TestApp } from '../test/test-app.ts';
import { webBundle } from '../test/web-bundle.ts';
import { inlineScriptsOf, scriptHash } from './security.ts';

/** Security headers, the CSP's script hashes for every HTML page we serve, CORS and trusted proxies. */

describe('inlineScriptsOf', () => {
  it('finds executable inline scripts only', () => {
    const html =
      '<script>a()</script><script type="module">b()</script><script src="/x.js"></script>' +
      '<script type="application/ld+json">{"x":1}</script><SCRIPT type="text/javascript">c()</SCRIPT>';
    expect(inlineScriptsOf(html)).toEqual(['a()', 'b()', 'c()']);
    expect(scriptHash('window.close()')).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
  });
});

describe('security headers', () => {
  let t: TestApp;
  // The built web app (its pages' inline scripts are what the CSP must allow); built here if no
  // other suite of this run built it yet, which takes a while on a cold cache.
  beforeAll(async () => {
    t = await buildTestApp({ env: { WEB_DIST: await webBundle() } });
    const { org } = await activeOwner(t.ctx, 'sec@example.com', 'sec-password-1');
    const menu = await seed(t.ctx, 'menus', { organization: org, name: 'Lunch', status: 'published' });
    await seed(t.ctx, 'venues', { organization: org, name: 'Sec Bar', timezone: 'UTC', primaryColor: '#0f766e', menus: [menu.id] });
  }, 600_000);
  afterAll(async () => {
    await t.close();
  });

  it.each(['/', '/login', '/m/sec-bar', '/_/'])('every inline script of %s is allowed by its hash', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(scriptSrc).not.toContain('unsafe-eval');
    const scripts = inlineScriptsOf(res.body);
    expect(scripts.length).toBeGreaterThan(0);
    for (const s of scripts) expect(scriptSrc).toContain(scriptHash(s));
    expect(csp).toMatch(/style-src 'self' 'unsafe-inline'/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('keeps the contract headers and adds helmet’s', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers).toMatchObject({
      'x-xss-protection': '1; mode=block',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'access-control-allow-origin': '*',
      'cross-origin-opener-policy': 'same-origin-allow-popups',
      'cross-origin-resource-policy': 'cross-origin',
      'referrer-policy': 'no-referrer',
      'x-dns-prefetch-control': 'off',
    });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('CORS_ORIGINS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CORS_ORIGINS: 'https://shop.example.com, https://kiosk.example.com' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers only the configured origins', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/api/collections/plans/records',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });
    const ok = await preflight('https://shop.example.com');
    expect(ok.statusCode).toBe(204);
    expect(ok.headers).toMatchObject({
      'access-control-allow-origin': 'https://shop.example.com',
      'access-control-allow-headers': 'authorization',
      vary: 'Origin',
    });
    const denied = await preflight('https://evil.example.com');
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();
    expect(denied.headers['access-control-allow-methods']).toBeUndefined();
    const get = await t.app.inject({
      method: 'GET',
      url: '/api/collections/plans/records',
      headers: { origin: 'https://kiosk.example.com' },
    });
    expect(get.headers['access-control-allow-origin']).toBe('https://kiosk.example.com');
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/collections/plans/records',
      headers: { origin: 'https://evil.example.com' },
    });
    expect(other.statusCode).toBe(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('TRUSTED_PROXIES', () => {
  it.each([
    [{}, '127.0.0.1'],
    [{ TRUSTED_PROXIES: '127.0.0.1' }, '203.0.113.9'],
    [{ TRUSTED_PROXIES: '1' }, '203.0.113.9'],
    [{ TRUSTED_PROXIES: '10.0.0.0/8' }, '127.0.0.1'],
  ])('%j: the client IP behind a proxy is %s', async (env, ip) => {
    const t = await buildTestApp({ env: { SUPERUSER_EMAIL: 'root@example.com', SUPERUSER_PASSWORD: 'root-password-123', ...env } });
    try {
      const id = String(t.ctx.stmts.get('SELECT id FROM _superusers')?.id);
      const token = await tokenFor(t.ctx, '_superusers', id);
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { authorization: token, 'x-forwarded-for': '203.0.113.9' },
      });
      expect(res.json().data.realIP).toBe(ip);
    } finally {
      await t.close();
    }
  });
});
