import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { buildTestApp, superuserRequest, type TestApp } from '../../server/test/test-app.ts';
import { startSmtpSink, type SmtpSink } from '../../server/test/smtp-sink.ts';
import { webBundle } from '../../server/test/web-bundle.ts';
import { freePort, isCI } from '../../server/test/tools.ts';
import { chromiumPath, chromiumMissing } from './chromium.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const CHROMIUM = chromiumPath();
export const SCREENSHOT_DIR = path.join(ROOT, 'test-results', 'screenshots');

/**
 * True when a browser is available. Under CI a missing browser fails the run (this import throws);
 * elsewhere the browser tests are skipped, and the global setup said so loudly.
 */
export const hasBrowser = chromiumMissing() === null;

export interface E2E {
  app: TestApp;
  smtp: SmtpSink;
  browser: Browser;
  url: string;
  /**
   * A fresh browser context (own storage, cookies) with options such as colorScheme or viewport.
   * It asks for reduced motion, as some staff do (web/src/index.css): screens change at once, so
   * a step never waits for a dialog to slide in; `reducedMotion: 'no-preference'` shows motion.
   */
  context(options?: Parameters<Browser['newContext']>[0]): Promise<BrowserContext>;
  close(): Promise<void>;
}

/**
 * The real app (the shared built web app, which never changes under a run; a real SMTP sink) and a
 * headless Chromium; APP_URL is the app's real address unless given.
 */
export async function startE2E(env: Record<string, string> = {}): Promise<E2E> {
  const smtp = await startSmtpSink();
  const webDist = env.WEB_DIST ?? (await webBundle());
  const port = env.APP_URL ? 0 : await freePort();
  const appUrl = env.APP_URL ?? `http://127.0.0.1:${port}`;
  const app = await buildTestApp({ env: { SMTP_URL: smtp.url, WEB_DIST: webDist, APP_URL: appUrl, ...env } });
  const url = await app.listen(port);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  const contexts: BrowserContext[] = [];
  return {
    app,
    smtp,
    browser,
    url,
    async context(options = {}) {
      const c = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce', ...options });
      contexts.push(c);
      return c;
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => undefined);
      await browser.close();
      await app.close();
      await smtp.close();
    },
  };
}

/**
 * Whether screenshots are written: they are for a person to look at, and nobody looks at a CI
 * clone's files, so CI skips the PNG encoding (a sixth of a screen walk's time) unless
 * SCREENSHOTS=1. Every assertion of a screen walk runs either way.
 */
export const SAVE_SCREENSHOTS = !isCI() || process.env.SCREENSHOTS === '1';

/**
 * What taking a screenshot waits for, without the picture: web fonts loaded and running animations
 * (a dialog opening) finished. The steps after a screenshot were written against a settled page,
 * so skipping the picture must not skip the settling.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const running = document
      .getAnimations()
      .filter((a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity));
    await Promise.race([Promise.all(running.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 2000))]);
  });
}

/**
 * Waits until a screen has everything it loads: no skeleton (`aria-busy`), every image decoded,
 * every same-origin frame loaded, then settled. Used before a screen's assertions and picture
 * instead of Playwright's `networkidle`, which never comes while a guest-page preview frame holds
 * its live (SSE) connection open and reconnects (seen as a 30 s timeout on a busy CI machine).
 */
export async function loaded(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    if (document.querySelector('[aria-busy="true"]')) return false;
    // A lazy image below the fold is not requested until scrolled to.
    const waiting = (img: HTMLImageElement) => !img.complete && !(img.loading === 'lazy' && img.getBoundingClientRect().top > innerHeight);
    if ([...document.images].some(waiting)) return false;
    // A cross-origin frame has no contentDocument here: not ours to wait for.
    return [...document.querySelectorAll('iframe')].every((frame) => (frame.contentDocument?.readyState ?? 'complete') === 'complete');
  });
  await settle(page);
}

/** What dnd-kit's live regions (one per sortable list on the page) last announced, joined. */
const dndAnnouncements = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('[id^="DndLiveRegion"]')].map((el) => el.textContent ?? '').join('\n'));

/** Presses `key` and waits until a sortable list announces something new, then for its animation. */
async function pressAndAwaitAnnouncement(page: Page, key: string): Promise<void> {
  const before = await dndAnnouncements(page);
  await page.keyboard.press(key);
  await page.waitForFunction(
    (prior) => [...document.querySelectorAll('[id^="DndLiveRegion"]')].map((el) => el.textContent ?? '').join('\n') !== prior,
    before,
  );
  await settle(page);
}

/**
 * Keyboard drag and drop on a dnd-kit handle: Space, arrows, Space. Each key waits for the list's
 * screen-reader announcement ("picked up", "moved to position 2 of 3", "dropped"): a key pressed
 * while the previous move still animates measures stale positions and is lost on a busy machine.
 */
export async function keyboardMove(page: Page, handle: Locator, key: 'ArrowUp' | 'ArrowDown', steps: number): Promise<void> {
  await handle.focus();
  await pressAndAwaitAnnouncement(page, 'Space');
  for (let i = 0; i < steps; i++) await pressAndAwaitAnnouncement(page, key);
  await pressAndAwaitAnnouncement(page, 'Space');
}

/** Saves `page` as test-results/screenshots/{name}.png (when screenshots are saved at all). */
export async function savePng(page: Page, name: string, options: Parameters<Page['screenshot']>[0] = {}): Promise<void> {
  if (!SAVE_SCREENSHOTS) return settle(page);
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ ...options, path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

/**
 * The colour scheme × width pairs a screen walk visits. With screenshots (a person looks at them)
 * every pair; without (CI), each width once with the schemes taken in turn, so every width and
 * every scheme is still checked: the width decides the layout, the scheme the colours, and the
 * assertions of a walk (headings, the scheme's class, no sideways scrolling) check each apart.
 */
export function screenPairs<W extends number>(
  widths: readonly W[],
  schemes: readonly ('light' | 'dark')[] = ['light', 'dark'],
): Array<{ scheme: 'light' | 'dark'; width: W }> {
  const all = schemes.flatMap((scheme) => widths.map((width) => ({ scheme, width })));
  if (SAVE_SCREENSHOTS || widths.length < schemes.length) return all;
  return widths.map((width, i) => ({ width, scheme: schemes[i % schemes.length] as 'light' | 'dark' }));
}

/** Saves a full-page screenshot under test-results/screenshots (looked at by a person). */
export function screenshot(page: Page, name: string): Promise<void> {
  return savePng(page, name, { fullPage: true });
}

/** The token of the `/path?token=` link in the latest email to `to`. */
export async function tokenFromEmail(smtp: SmtpSink, to: string, linkPath: string): Promise<string> {
  const mail = await smtp.waitFor((m) => m.to.includes(to) && m.text.includes(`/${linkPath}?token=`), 10_000);
  const m = new RegExp(`/${linkPath}\\?token=([\\w.%-]+)`).exec(mail.text);
  if (!m?.[1]) throw new Error('no token link in email');
  return decodeURIComponent(m[1]);
}

/** Changes a record as a superuser, through the engine (test setup; rules and UI bypassed). */
export function adminUpdate(e: E2E, collection: string, id: string, data: Record<string, unknown>) {
  return e.app.ctx.engine.update(
    e.app.ctx.engine.collection(collection),
    id,
    { data, files: {}, fromForm: false },
    superuserRequest(e.app.ctx),
  );
}

/** Waits for a toast (sonner) showing `text`. */
export function waitForToast(page: Page, text: string | RegExp): Promise<void> {
  // sonner's in the React app; lib/plain-toaster.ts's on service mode's own page.
  return page.locator('[data-sonner-toast], [data-toast]').filter({ hasText: text }).first().waitFor();
}

/**
 * Waits for a locator; when it never shows, the error says what the page showed instead and
 * whether a session was stored (a bare "waiting for …" timeout hides why a flow went elsewhere).
 */
export async function waitOrDescribe(page: Page, locator: Locator, timeout = 20_000): Promise<void> {
  try {
    await locator.waitFor({ timeout });
  } catch (err) {
    const shown = await page
      .evaluate(() => ({
        url: location.href,
        text: document.body.innerText.slice(0, 800),
        session: localStorage.getItem('pocketbase_auth') !== null,
      }))
      .catch(() => null);
    throw new Error(`${(err as Error).message}\nThe page showed: ${JSON.stringify(shown)}`);
  }
}

/** A context in Vienna's time zone whose cookie banner was already answered (declined). */
export async function viennaContext(e: E2E, options: Parameters<E2E['context']>[0] = {}): Promise<BrowserContext> {
  const context = await e.context({ timezoneId: 'Europe/Vienna', ...options });
  await context.addInitScript(() => localStorage.setItem('cookie_consent', 'no'));
  return context;
}

/** What the SDK keeps in localStorage for a signed-in user. */
export interface StoredAuth {
  token: string;
  record: unknown;
}

/**
 * A page signed in the way the app itself stays signed in (the SDK's `pocketbase_auth` entry),
 * with the cookie banner answered; script errors are printed to the test's output.
 */
export async function signedInPage(
  e: E2E,
  auth: StoredAuth,
  options: Parameters<E2E['context']>[0] = {},
  label = 'page',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await e.context(options);
  await context.addInitScript((s) => {
    // Only the top document: a same-origin frame (the design card's live preview) writing the
    // session again would fire a storage event that resets the app's newer session to this one.
    if (window.top !== window) return;
    localStorage.setItem('cookie_consent', 'no');
    localStorage.setItem('pocketbase_auth', JSON.stringify(s));
  }, auth);
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error(`${label} error:`, err.message));
  return { context, page };
}
