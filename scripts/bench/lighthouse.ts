import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A Lighthouse mobile run (Slow-4G simulated throttling) of the guest page with Debian's Chromium.
 * Lighthouse is installed on first use into scripts/bench/.lighthouse (git-ignored): its
 * dependency tree cannot be locked against this registry, and it is needed by the bench only.
 */
export interface LighthouseResult {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
}

const DIR = path.join(import.meta.dirname, '.lighthouse');

const RUNNER = `
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
try {
  const r = await lighthouse(process.argv[2], { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'], formFactor: 'mobile', throttlingMethod: 'simulate' });
  const c = r.lhr.categories;
  console.log(JSON.stringify({ performance: c.performance.score, accessibility: c.accessibility.score, bestPractices: c['best-practices'].score, seo: c.seo.score,
    lcpMs: r.lhr.audits['largest-contentful-paint'].numericValue, cls: r.lhr.audits['cumulative-layout-shift'].numericValue }));
} finally { await chrome.kill(); }
`;

function ensureInstalled(): void {
  if (fs.existsSync(path.join(DIR, 'node_modules', 'lighthouse'))) return;
  fs.mkdirSync(DIR, { recursive: true });
  fs.writeFileSync(path.join(DIR, 'package.json'), JSON.stringify({ name: 'bench-lighthouse', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', 'lighthouse@12'], { cwd: DIR, stdio: 'inherit' });
}

export function runLighthouse(url: string): LighthouseResult {
  ensureInstalled();
  fs.writeFileSync(path.join(DIR, 'run.mjs'), RUNNER);
  const out = execFileSync(process.execPath, ['run.mjs', url], { cwd: DIR, encoding: 'utf8', timeout: 120_000 });
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as LighthouseResult;
}
