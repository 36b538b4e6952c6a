import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { FULL_CHROMIUM, HEADLESS_SHELL } from '../../web/e2e/chromium.ts';

/**
 * A Lighthouse mobile run (Slow-4G simulated throttling) of a page with Debian's Chromium: the guest
 * page, and the staff app's pages signed in (the SDK's `pocketbase_auth` entry set in the browser's
 * storage first, as the app keeps its session, and Lighthouse told to keep that storage).
 * Lighthouse is installed on first use into scripts/bench/.lighthouse (git-ignored): its
 * dependency tree cannot be locked against this registry, and it is needed by the bench only.
 * LH_REPORT=<file> also writes the full Lighthouse result there (the trace-based audits, to dig in);
 * a `{page}` in it is replaced by the page's path (one file per page, e.g. LH_REPORT=/tmp/lh-{page}.json).
 * LH_PROFILE=<file> (`{page}` likewise) writes a CPU profile (.cpuprofile, DevTools' Performance panel
 * opens it) of one more load of the page with the CPU slowed down 4×. LH_TRACE=<file> (`{page}`
 * likewise) writes the trace of the run itself, the observed timeline Lighthouse simulates from.
 */
export interface LighthouseResult {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  /** Where the page ended up (a signed-in page that redirected to /login did not measure what it meant to). */
  finalUrl: string;
  /** Audits scored below 1 that count toward a category (what to fix). */
  failing?: string[];
  /** The element Lighthouse took as the largest contentful paint. */
  lcpElement?: string;
  /** Lighthouse's own failure (the page did not load, no paint…): the scores are then missing. */
  runtimeError?: string;
  /** First contentful paint and total blocking time (simulated), ms. */
  fcpMs?: number;
  tbtMs?: number;
  /** Where the LCP time goes (Lighthouse's phases: TTFB, load delay, load time, render delay), ms. */
  lcpPhases?: Record<string, number>;
  /** The page's requests in start order: path, start and end (simulated-free observed, ms from navigation). */
  requests?: { url: string; startMs: number; endMs: number; kB: number }[];
}

const DIR = path.join(import.meta.dirname, '.lighthouse');

const RUNNER = `
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH, chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
try {
  const url = process.argv[2];
  const storage = process.env.LH_STORAGE ? JSON.parse(process.env.LH_STORAGE) : null;
  let page;
  if (storage) {
    const browser = await puppeteer.connect({ browserURL: 'http://127.0.0.1:' + chrome.port });
    page = await browser.newPage();
    // Any page of the origin that sets no session itself: a missing file answers 404 without the app.
    await page.goto(new URL('/api/health', url).href);
    await page.evaluate((entries) => { for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v); }, storage);
  }
  const r = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'], formFactor: 'mobile', throttlingMethod: 'simulate', disableStorageReset: Boolean(storage) }, undefined, page);
  if (process.env.LH_REPORT) (await import('node:fs')).writeFileSync(process.env.LH_REPORT.replace('{page}', new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root'), JSON.stringify(r.lhr));
  // The trace Lighthouse simulated from (DevTools' Performance panel opens it): which task is which.
  if (process.env.LH_TRACE) (await import('node:fs')).writeFileSync(process.env.LH_TRACE.replace('{page}', new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root'), JSON.stringify(r.artifacts.Trace));
  if (process.env.LH_PROFILE) {
    // A JavaScript CPU profile of one more load of the page, CPU slowed down 4× as Lighthouse's mobile
    // preset assumes (network unthrottled): which functions the main thread spends its time in.
    const browser = await puppeteer.connect({ browserURL: 'http://127.0.0.1:' + chrome.port });
    const p = page ?? (await browser.newPage());
    const cdp = await p.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await p.goto('about:blank');
    await cdp.send('Profiler.start');
    // Not network idle: a signed-in page keeps its live-updates connection open.
    await p.goto(url, { waitUntil: 'load' });
    await new Promise((r) => setTimeout(r, 5000));
    const { profile } = await cdp.send('Profiler.stop');
    (await import('node:fs')).writeFileSync(process.env.LH_PROFILE.replace('{page}', new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root'), JSON.stringify(profile));
  }
  const c = r.lhr.categories;
  console.log(JSON.stringify({ performance: c.performance.score, accessibility: c.accessibility.score, bestPractices: c['best-practices'].score, seo: c.seo.score,
    lcpMs: r.lhr.audits['largest-contentful-paint'].numericValue, cls: r.lhr.audits['cumulative-layout-shift'].numericValue, finalUrl: r.lhr.finalDisplayedUrl,
    runtimeError: r.lhr.runtimeError?.message,
    lcpElement: r.lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '',
    fcpMs: r.lhr.audits['first-contentful-paint'].numericValue, tbtMs: r.lhr.audits['total-blocking-time'].numericValue,
    lcpPhases: Object.fromEntries((r.lhr.audits['largest-contentful-paint-element']?.details?.items?.[1]?.items ?? []).map((p) => [p.phase, Math.round(p.timing)])),
    requests: (r.lhr.audits['network-requests']?.details?.items ?? []).map((q) => ({ url: new URL(q.url).pathname + new URL(q.url).search, startMs: Math.round(q.networkRequestTime), endMs: Math.round(q.networkEndTime), kB: Math.round(q.transferSize / 102.4) / 10 })),
    failing: Object.values(c).flatMap((cat) => cat.auditRefs.filter((a) => a.weight > 0 && (r.lhr.audits[a.id].score ?? 1) < 1).map((a) => a.id + '=' + r.lhr.audits[a.id].score)) }));
} finally { await chrome.kill(); }
`;

/**
 * Installs the Lighthouse that `lighthouse-deps/package-lock.json` pins (every dependency to its
 * hash), beside the bench and outside the app's dependencies: the figures in the README are
 * comparable only while the tool that measured them stays the same. Its `overrides` pin two
 * packages that a dependency asks for as "latest", which `npm ci` would otherwise refuse.
 */
function ensureInstalled(): void {
  const pinned = path.join(import.meta.dirname, 'lighthouse-deps');
  const wanted = (JSON.parse(fs.readFileSync(path.join(pinned, 'package.json'), 'utf8')) as { dependencies: { lighthouse: string } })
    .dependencies.lighthouse;
  const installed = path.join(DIR, 'node_modules', 'lighthouse', 'package.json');
  if (fs.existsSync(installed) && (JSON.parse(fs.readFileSync(installed, 'utf8')) as { version: string }).version === wanted) return;
  fs.mkdirSync(DIR, { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) fs.copyFileSync(path.join(pinned, file), path.join(DIR, file));
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: DIR, stdio: 'inherit' });
}

/**
 * The browser Lighthouse drives: CHROMIUM_PATH; else Debian's full Chromium, which the figures in
 * the README were measured with; else the headless shell `.ci/run` installs (the same Blink).
 */
function lighthouseChromium(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return fs.existsSync(FULL_CHROMIUM) || !fs.existsSync(HEADLESS_SHELL) ? FULL_CHROMIUM : HEADLESS_SHELL;
}

/** Lighthouse on `url`; `storage`: localStorage entries of the page's origin set first (a signed-in session). */
export function runLighthouse(url: string, storage?: Record<string, string>): LighthouseResult {
  ensureInstalled();
  fs.writeFileSync(path.join(DIR, 'run.mjs'), RUNNER);
  const env = { ...process.env, CHROMIUM_PATH: lighthouseChromium(), ...(storage ? { LH_STORAGE: JSON.stringify(storage) } : {}) };
  const out = execFileSync(process.execPath, ['run.mjs', url], { cwd: DIR, encoding: 'utf8', timeout: 180_000, env });
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as LighthouseResult;
}
