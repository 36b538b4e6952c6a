import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed, superuserRequest } from '../../server/test/test-app.ts';
import { minimalPdf } from '../../server/test/tenancy-fixtures.ts';
import { hasBrowser, startE2E, type E2E } from './harness.ts';

/**
 * One fast smoke per route, the browser tests of the default `npm test`: every page of the staff
 * app and the guest menu loads from the production build in a real browser, shows its heading
 * where the route says (no redirect, no "Not Found", no error box) and runs without a script
 * error or a Content-Security-Policy violation. One app, one browser and one signed-in session
 * for all of them. The full browser suite (flows, screenshots) runs under CI and with
 * `npm run test:e2e`.
 */
const EMAIL = 'smoke@example.com';
const NEWCOMER = 'newcomer@example.com';
const TRIALIST = 'trialist@example.com';
const PASSWORD = 'smoke-password-1';

interface Route {
  /** The route, `:venue`, `:menu`, `:section` and `:upload` standing for the seeded records' ids. */
  path: string;
  /** The heading (h1) the page shows once loaded; null for the not-found page, which has none. */
  heading: string | RegExp | null;
  /**
   * Who opens it: the onboarded owner (default), a visitor, a newcomer (verified, not onboarded,
   * no plan yet) or a trialist (verified, trial started, not onboarded: who onboarding is for).
   */
  as?: 'owner' | 'visitor' | 'newcomer' | 'trialist';
}

describe.skipIf(!hasBrowser)('smoke: every route renders', () => {
  let e: E2E;
  const contexts: Record<NonNullable<Route['as']>, BrowserContext | null> = {
    owner: null,
    visitor: null,
    newcomer: null,
    trialist: null,
  };
  const ids: Record<string, string> = { venue: '', menu: '', section: '', upload: '' };

  const routes: Route[] = [
    { path: '/login', heading: /sign in/i, as: 'visitor' },
    { path: '/sign-up', heading: /create|sign up/i, as: 'visitor' },
    { path: '/reset-password', heading: 'This link is incomplete', as: 'visitor' },
    { path: '/confirm-email-change', heading: 'This link is incomplete', as: 'visitor' },
    { path: '/no-such-page', heading: null, as: 'visitor' },
    { path: '/verify', heading: 'Your email is verified', as: 'newcomer' },
    { path: '/onboarding', heading: 'Set up your venue', as: 'trialist' },
    { path: '/subscribe/', heading: 'Choose your plan', as: 'newcomer' },
    { path: '/subscribe/success', heading: 'Activating your plan…', as: 'newcomer' },
    { path: '/dashboard', heading: 'Dashboard' },
    { path: '/help', heading: 'Help' },
    { path: '/profile/', heading: 'Profile' },
    { path: '/venues/', heading: 'Venues' },
    { path: '/venues/:venue', heading: 'Edit Venue' },
    { path: '/tags/', heading: 'Tags' },
    { path: '/menus/', heading: 'Menus' },
    { path: '/menus/:menu', heading: 'Lunch' },
    { path: '/menus/:menu/translate', heading: 'Translations' },
    { path: '/sections/:section/items', heading: 'Soups' },
    { path: '/menus/upload/', heading: /upload/i },
    { path: '/menus/upload/:upload', heading: 'Smoke upload' },
    { path: '/settings/organization', heading: 'Settings' },
    { path: '/settings/billing', heading: 'Settings' },
    { path: '/m/smoke-diner', heading: 'Smoke Diner', as: 'visitor' },
  ];

  /** Opens a page that records script errors and CSP violations (before any page script runs). */
  async function watchedPage(context: BrowserContext): Promise<{ page: Page; problems: () => Promise<string[]> }> {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(`script error: ${err.message}`));
    page.on('console', (msg) => {
      // The browser's own /favicon.ico probe (pages without an icon link) is not the page's doing.
      if (msg.type() === 'error' && !msg.location().url.endsWith('/favicon.ico'))
        errors.push(`console error: ${msg.text()} (${msg.location().url})`);
    });
    page.on('response', (res) => {
      if (res.status() >= 400) errors.push(`${res.status()} ${res.request().method()} ${res.url()}`);
    });
    return {
      page,
      problems: async () => [
        ...errors,
        ...(await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])),
      ],
    };
  }

  async function newContext(): Promise<BrowserContext> {
    const context = await e.context();
    await context.addInitScript(() => {
      localStorage.setItem('cookie_consent', 'no');
      const w = window as unknown as { cspViolations: string[] };
      w.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (ev) => w.cspViolations.push(`CSP: ${ev.violatedDirective} ${ev.blockedURI}`));
    });
    return context;
  }

  /** Signed in through the SDK; the browser gets the session the way the app stores it. */
  async function signedInContext(email: string): Promise<BrowserContext> {
    const context = await newContext();
    const auth = await e.app.sdk().collection('users').authWithPassword(email, PASSWORD);
    await context.addInitScript(
      (stored) => {
        if (window.top === window) localStorage.setItem('pocketbase_auth', stored);
      },
      JSON.stringify({ token: auth.token, record: auth.record }),
    );
    return context;
  }

  beforeAll(async () => {
    e = await startE2E();
    const { ctx } = e.app;
    const su = superuserRequest(ctx);
    const update = (collection: string, id: string, data: Record<string, unknown>) =>
      ctx.engine.update(ctx.engine.collection(collection), id, { data, files: {}, fromForm: false }, su);
    const user = await seed(ctx, 'users', {
      email: EMAIL,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      name: 'Sam Smoke',
      verified: true,
    });
    const org = String(user.currentOrganization);
    await update('organizations', org, { subscriptionStatus: 'active', name: 'Smoke Kitchen' });
    await update('users', String(user.id), { onboardingComplete: true });
    const tag = await seed(ctx, 'tags', { organization: org, name: 'Spicy', color: '#b91c1c' });
    const menu = await seed(ctx, 'menus', { organization: org, name: 'Lunch', status: 'published', languages: ['en', 'de'] });
    const section = await seed(ctx, 'sections', { menu: menu.id, name: 'Soups' });
    await seed(ctx, 'items', {
      section: section.id,
      name: 'Chili',
      prices: [{ label: '', amount: 900 }],
      allergens: ['celery'],
      tags: [tag.id],
    });
    const venue = await seed(ctx, 'venues', {
      organization: org,
      name: 'Smoke Diner',
      timezone: 'UTC',
      primaryColor: '#0f766e',
      menus: [menu.id],
    });
    // An upload no job runs for (a superuser write): its review page shows it as it is.
    const upload = await ctx.engine.create(
      ctx.engine.collection('menu_uploads'),
      {
        data: { organization: org, name: 'Smoke upload', status: 'processing', pages: 1, progress: 0 },
        files: { file: [{ name: 'smoke.pdf', data: minimalPdf('Smoke') }] },
        fromForm: false,
      },
      su,
    );
    Object.assign(ids, { venue: String(venue.id), menu: String(menu.id), section: String(section.id), upload: String(upload.id) });

    await seed(ctx, 'users', { email: NEWCOMER, password: PASSWORD, passwordConfirm: PASSWORD, name: 'Nia Newcomer', verified: true });
    contexts.visitor = await newContext();
    contexts.owner = await signedInContext(EMAIL);
    contexts.newcomer = await signedInContext(NEWCOMER);
    const trialist = await seed(ctx, 'users', { email: TRIALIST, password: PASSWORD, passwordConfirm: PASSWORD, verified: true });
    await update('organizations', String(trialist.currentOrganization), { subscriptionStatus: 'trialing' });
    contexts.trialist = await signedInContext(TRIALIST);
  });
  afterAll(async () => {
    await e?.close();
  });

  for (const route of routes) {
    const as = route.as ?? 'owner';
    it(`${as}: ${route.path}`, async () => {
      const { page, problems } = await watchedPage(contexts[as] as BrowserContext);
      try {
        const path = route.path.replace(/:(\w+)/g, (_, key: string) => ids[key] ?? '');
        const response = await page.goto(path);
        // The not-found page is served with HTTP 404 (the server knows the app's routes), every page with 200.
        expect(response?.status()).toBe(route.heading === null ? 404 : 200);
        if (route.heading === null) {
          await page.getByText('Not Found', { exact: true }).waitFor({ timeout: 15_000 });
        } else {
          await page.getByRole('heading', { level: 1, name: route.heading }).first().waitFor({ timeout: 15_000 });
          expect(await page.title()).not.toMatch(/^Not Found/);
        }
        expect(new URL(page.url()).pathname).toBe(path);
        expect(await page.getByText('Something went wrong!').count()).toBe(0);
        // The document's own expected 404 (and the browser's console line about it) is not a problem.
        const expected = (p: string) => route.heading === null && (p.startsWith(`404 GET ${e.url}${path}`) || /status of 404/.test(p));
        expect((await problems()).filter((p) => !expected(p))).toEqual([]);
      } finally {
        await page.close();
      }
    });
  }
});
