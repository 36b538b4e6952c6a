import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { webBundle } from '../test/web-bundle.ts';

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

  it.each(['/', '/login', '/sign-up', '/venues/', '/venues/abc123', '/sections/s1/items', '/settings'])(
    '%s loads the app (200)',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    },
  );

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
});
