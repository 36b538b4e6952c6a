import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

/**
 * The German walks' check (issue 19, item 5): the English left on a staff-app page. Every visible
 * text node (screen-reader-only text included), `aria-label`, `title`, `placeholder`, `alt` and the
 * document title is checked against English's messages and a list of English words, after removing
 * user data.
 */
export const APP_NAME = 'QR Menu';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'locales');

/** Every English message (placeholders cut out), from the namespaces the converted routes use. */
function englishMessages(): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.push(...v.split(/\{\{[^}]+\}\}|<\/?\w+>/).map((s) => s.trim()));
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  for (const file of readdirSync(path.join(root, 'en'))) walk(JSON.parse(readFileSync(path.join(root, 'en', file), 'utf8')));
  const german = new Set<string>();
  const walkDe = (v: unknown) => {
    if (typeof v === 'string') german.add(v);
    else if (v && typeof v === 'object') Object.values(v).forEach(walkDe);
  };
  for (const file of readdirSync(path.join(root, 'de'))) walkDe(JSON.parse(readFileSync(path.join(root, 'de', file), 'utf8')));
  // Words both languages write the same ("Live", "System", "Code", language names) are not English
  // leftovers, nor are fragments German texts contain too ("scan" in "scannen", "Violet" in "Violett").
  const allGerman = [...german].join('\n');
  return [...new Set(out)].filter((s) => s.length > 3 && /[a-z]{3}/i.test(s) && !german.has(s) && !allGerman.includes(s));
}
const ENGLISH = englishMessages();
/** Words a German screen never shows, but nearly every English sentence of the app has. */
const ENGLISH_WORDS =
  /\b(the|your|you|and|with|for|this|that|sign|create|account|password|email|menus?|venues?|settings|save|delete|cancel|loading|welcome|organization|billing|help|dashboard|profile|theme|light|dark|skip|content|verify|reset|change|new|back|send)\b/i;

/** The visible texts of the page (and the accessible names and hints that are not visible). */
async function texts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      const text = node.textContent?.trim();
      if (!el || !text || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(el.tagName)) continue;
      if (!el.checkVisibility() && !el.closest('.sr-only')) continue;
      out.push(text);
    }
    for (const el of document.body.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')) {
      for (const attr of ['aria-label', 'title', 'placeholder', 'alt']) {
        const v = el.getAttribute(attr);
        if (v) out.push(v);
      }
    }
    return out;
  });
}

/** The English left on the page, after removing user data (names, addresses, the product's name). */
export async function englishLeft(page: Page, userData: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const raw of await texts(page)) {
    let text = raw;
    for (const data of [...userData, APP_NAME]) text = text.split(data).join(' ');
    if (ENGLISH_WORDS.test(text) || ENGLISH.some((en) => text.includes(en))) found.push(raw);
  }
  return found;
}
