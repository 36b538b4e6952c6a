import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import type { AppContext } from '../../server/context.ts';
import { seed } from '../../server/test/test-app.ts';

/**
 * "Is any English left on this German page?" for the browser walks of issue 19, item 5: every
 * visible text node (screen-reader-only text included), `aria-label`, `title`, `placeholder`, `alt`
 * and the document title is checked against English's messages and a list of English words, after
 * cutting out user data. Machine data a person never translates (ids, URLs, log filters, cron
 * expressions, JSON) is set in monospace (`code`, `pre`, `.font-mono`) and skipped.
 */
/** The product's name: a brand, not English, on every screen. */
export const APP_NAME = 'QR Menu';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'locales');

function strings(lang: string): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.push(v);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  for (const file of readdirSync(path.join(root, lang))) walk(JSON.parse(readFileSync(path.join(root, lang, file), 'utf8')));
  return out;
}

/** Every English message (placeholders and tags cut out) that German does not write the same way. */
function englishMessages(): string[] {
  const german = new Set(strings('de'));
  const pieces = strings('en').flatMap((s) => s.split(/\{\{\w+\}\}|<\/?\w+>/).map((p) => p.trim()));
  // Words both languages write the same ("Live", "System", "Status", language names) are not English leftovers.
  return [...new Set(pieces)].filter((s) => s.length > 3 && /[a-z]{3}/i.test(s) && !german.has(s));
}
const ENGLISH = englishMessages();
/**
 * Each English message as a whole-word match (hyphenated compounds count as one word): "Import"
 * is English's button, but German's "Importieren" and "PDF-Import" are not English left over.
 */
const ENGLISH_PATTERNS = ENGLISH.map(
  (en) => new RegExp(`(?<![\\p{L}\\p{N}-])${en.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}-])`, 'u'),
);

/** Words a German screen never shows, but nearly every English sentence of the app and the console has. */
const ENGLISH_WORDS =
  /\b(the|your|you|and|with|for|this|that|sign|create|account|password|email|menus?|venues?|settings|save|delete|cancel|loading|welcome|organizations?|billing|help|dashboard|profile|theme|light|dark|skip|content|verify|reset|change|new|back|send|users?|logs?|backups?|overview|trial|requests?|jobs?|run|restore|upload|download|search|health|healthy|members?|owner|enable|disable)\b/i;

/** The visible texts of the page or of its part `scope` (and the accessible names and hints that are not visible). */
async function texts(page: Page, scope: string): Promise<{ texts: string[]; machine: string[] }> {
  return page.evaluate((scope) => {
    const machine = 'code, pre, .font-mono';
    const root = document.querySelector(scope) ?? document.body;
    const out: string[] = root === document.body ? [document.title] : [];
    // Machine data also names things in labels ("Download pb_backup_….zip"): cut it out there too.
    const data = [...document.querySelectorAll(machine)].map((el) => el.textContent?.trim() ?? '').filter(Boolean);
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      const text = node.textContent?.trim();
      if (!el || !text || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(el.tagName) || el.closest(machine)) continue;
      if (!el.checkVisibility() && !el.closest('.sr-only')) continue;
      out.push(text);
    }
    for (const el of [root, ...root.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')]) {
      for (const attr of ['aria-label', 'title', 'placeholder', 'alt']) {
        const v = el.getAttribute(attr);
        if (v) out.push(v);
      }
    }
    return { texts: out, machine: data };
  }, scope);
}

/** The English left on the page (or in `scope`), after removing user data (names, addresses, the product's name). */
export async function englishLeft(page: Page, userData: readonly string[], scope = 'body'): Promise<string[]> {
  const found: string[] = [];
  const shown = await texts(page, scope);
  // Longest first, so "Hans Huber" goes before "Hans".
  const cut = [...userData, APP_NAME, ...shown.machine].sort((a, b) => b.length - a.length);
  for (const raw of shown.texts) {
    let text = raw;
    for (const data of cut) text = text.split(data).join(' ');
    if (ENGLISH_WORDS.test(text) || ENGLISH_PATTERNS.some((pattern) => pattern.test(text))) found.push(raw);
  }
  return found;
}

/** How far the page scrolls sideways (0 when it fits the viewport). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * A German-speaking staff account for the walks: verified, onboarded, `language: 'de'`, with the
 * organization sign-up made for it. Returns its id and that organization's id.
 */
export async function seedGermanUser(
  ctx: AppContext,
  account: { email: string; password: string; name: string },
): Promise<{ id: string; org: string }> {
  const user = await seed(ctx, 'users', {
    ...account,
    passwordConfirm: account.password,
    verified: true,
    onboardingComplete: true,
    language: 'de',
  });
  const id = String(user.id);
  return { id, org: String(ctx.stmts.get('SELECT currentOrganization AS o FROM users WHERE id = ?', [id])?.o) };
}
