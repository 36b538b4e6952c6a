import { fill, type GuestChrome } from '../../../shared/i18n/guest-chrome.ts';
import { MAX_QUERY } from '../../../shared/search.ts';
import type { Translations } from '../../../shared/translations.ts';
import type { GuestItem } from './load.ts';

/**
 * The guest search (`?q=`): a GET form field the server applies (dishes that do not match are
 * rendered `hidden`, sections left without a dish too), and the page script applies instantly
 * with the same rule (shared/search.ts). It searches what the guest reads, in the page's language:
 * the dish's name, description, tag names, option names and, in a set menu, its courses' dishes.
 */

/** The query of a URL: the first `q`, control characters dropped, trimmed, at most MAX_QUERY characters. */
export function parseQuery(query: Record<string, unknown>): string {
  const raw = Array.isArray(query.q) ? query.q[0] : query.q;
  if (typeof raw !== 'string') return '';
  return raw
    .replace(/\p{Cc}/gu, ' ')
    .trim()
    .slice(0, MAX_QUERY)
    .trim();
}

/** A text as the page shows it (translated, or the original where no translation is done). */
export type ShownText = (translations: Translations, key: string, source: string) => string;

/**
 * The texts a dish is found by, in the order the page script reads them from the dish's markup
 * (`h3 a`, the description, `.tg span`, the first child of every `[data-o]`).
 */
export function searchTexts(item: GuestItem, t: ShownText): string[] {
  return [
    t(item.translations, 'name', item.name),
    item.description ? t(item.translations, 'description', item.description) : '',
    ...item.tags.map((g) => t(g.translations, 'name', g.name)),
    ...item.courses.flatMap((c) => c.choices.map((d) => t(d.translations, 'name', d.name))),
    ...item.optionGroups.flatMap((g) => g.options.map((o) => t(o.translations, 'name', o.name))),
  ];
}

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => ESC[c] ?? c);

/**
 * The form's marker `s=1`: a search sent by the form without JavaScript (the script drops it from the
 * URL it writes); the server counts a search without result only with it, then redirects it away.
 */
export const SEARCH_SENT = '1';

/** The search field of the guest form (`#f`): labelled for screen readers, its placeholder says what it does. */
export function searchField(q: string, c: GuestChrome, cl: string): string {
  return `<input type="hidden" name="s" value="${SEARCH_SENT}"><input type="search" name="q" value="${esc(q)}" maxlength="${MAX_QUERY}" placeholder="${esc(c.search.label)}" aria-label="${esc(c.search.label)}"${cl}>`;
}

/**
 * "No dishes match “…”" with a link to the page without the search (`reset`: its URL, the other
 * parameters kept). Always on the page (hidden while something matches) so the script can show it;
 * the script writes the guest's words into its `<span>`.
 */
export function noResults(q: string, found: boolean, reset: string, c: GuestChrome, cl: string): string {
  const [before = '', after = ''] = c.search.none.split('{q}');
  const text = c.search.none.includes('{q}') ? `${esc(before)}<span>${esc(q)}</span>${esc(after)}` : esc(fill(c.search.none, { q }));
  return `<p class="empty" id="nq"${cl}${q && !found ? '' : ' hidden'}>${text} <a href="${esc(reset)}">${esc(c.search.all)}</a></p>`;
}
