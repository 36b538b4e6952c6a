import { fill, type GuestChrome } from '../../../shared/i18n/guest-chrome.ts';
import type { PriceNote } from '../../../shared/price-notes.ts';

/**
 * The guest page's small things (issue 22 item 8): the favicon, the "Updated {date}" line under
 * each menu, the venue's price note, and the print stylesheet. Hidden prices (menus' and
 * sections' `hidePrices`) are applied where prices are rendered (render.ts).
 */

type Esc = (s: unknown) => string;

/**
 * The neutral icon of guest pages without a logo (a plate on grey), also served as
 * `/favicon.ico` so a browser asking for it by habit gets an icon, not a 404.
 */
export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#4b5563"/>' +
  '<circle cx="16" cy="16" r="9" fill="none" stroke="#fff" stroke-width="2.5"/><circle cx="16" cy="16" r="4" fill="#fff"/></svg>';
export const FAVICON_PATH = '/favicon.ico';

/** `<link rel="icon">`: the logo's small thumb, else the neutral icon. */
export function faviconLink(venueId: string, logo: string, esc: Esc): string {
  const href = logo ? `/api/files/venues/${esc(venueId)}/${esc(encodeURIComponent(logo))}?thumb=128x128` : FAVICON_PATH;
  return `<link rel="icon" href="${href}">`;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * "Updated Nov 26, 2026", "Aktualisiert am 26.11.2026" under a menu: `changed` (a stored timestamp, UTC) as a date in the
 * venue's time zone, written in the page's chrome language; '' when there is none.
 */
export function updatedLine(changed: string, timezone: string, lang: string, c: GuestChrome, cl: string, esc: Esc): string {
  const at = new Date(changed.replace(' ', 'T'));
  if (!changed || Number.isNaN(at.getTime())) return '';
  const key = `${lang}|${timezone}`;
  let f = dateFormats.get(key);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: timezone });
    } catch {
      f = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' });
    }
    dateFormats.set(key, f);
  }
  return `<p class="nu"${cl}>${esc(fill(c.updated, { date: f.format(at) }))}</p>`;
}

/** The venue's price note under the menus ("Prices include VAT."), '' for none. */
export const priceNoteLine = (note: PriceNote | '', c: GuestChrome, cl: string, esc: Esc): string =>
  note ? `<p class="nu"${cl}>${esc(c.priceNotes[note])}</p>` : '';

/**
 * The guest page on paper: no navigation, filters, search, language switch or venue footer
 * (`nav`, `form`, `#vi`), black on white (every text, the sold-out badge too; no backgrounds), a dish never split across pages, a heading never last
 * on a page. Counted in the 4 KB inline CSS budget, so it stays tiny.
 */
export const PRINT_CSS =
  '@media print{nav,form,#vi{display:none!important}*{color:#000!important;background:0 0!important}.i{break-inside:avoid}h2{break-after:avoid}}';
