import { FONT_STACKS, type FontPairing, type Layout } from '../../../shared/themes.ts';
import type { GuestItem, GuestVenue } from './load.ts';

/**
 * The guest page's theme (issue 22 item 4, shared/themes.ts): the CSS of the layouts the page
 * shows (only those: a page of one `list` menu ships none), the venue's font pairing (system
 * stacks, never a URL), and the cover image. The venue's name never sits on the cover: it stays
 * below it on the page background, where the brand colour's contrast correction already holds;
 * cards and grid tiles keep the page background too, so every layout reads with the same
 * corrected colours in both schemes.
 */

/** Each layout's class on its menu's `<section class="m …">` ('' for the default list). */
export const LAYOUT_CLASS: Readonly<Record<Layout, string>> = { list: '', cards: 'lk', compact: 'lc', grid: 'lp' };

// A plate for grid tiles of dishes without a photo (decorative; one copy in the CSS, none per dish).
const PLATE =
  "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%2394a3b8' stroke-width='1.2'%3E%3Ccircle cx='12' cy='12' r='6'/%3E%3Ccircle cx='12' cy='12' r='3.5'/%3E%3Cpath d='M3 4v5M2 4v3q0 2 1 2t1-2V4M3 9v11M21 4q-2 1-2 6h2v10'/%3E%3C/svg%3E\")";

const LAYOUT_CSS: Readonly<Record<Layout, string>> = {
  list: '',
  // Cards: the photo on top, full width; one column on a phone, two from 640 px (a plate stands in for a missing photo there).
  cards:
    '.lk ul{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,300px),1fr));gap:12px}' +
    '.lk .i{flex-direction:column-reverse;justify-content:flex-end;gap:0;padding:0;border:1px solid var(--ln);border-radius:14px;overflow:hidden;background:var(--bg);box-shadow:0 1px 4px #0000001a}' +
    '.lk .i>div{padding:10px 14px 14px}.lk .i img{width:100%;height:auto;aspect-ratio:3/2;border-radius:0}' +
    // Two a row, in a section with photos: a dish without one gets the plate, so cards of a row start alike
    // (a section without any photo, wines say, stays text-only).
    `@media(min-width:640px){.lk ul:has(img) .i:not(:has(img)):before{content:"";order:1;aspect-ratio:3/2;background:${PLATE} center/25% no-repeat,var(--cd)}}` +
    '@media print{.lk .i:before{display:none}}',
  // Compact: text only, the price on the name's line, tight rows (drinks lists).
  compact:
    '.lc h2{margin:18px 0 2px}.lc .i{padding:5px 0;border-bottom-style:dotted}.lc .i>div{flex:1;display:grid;grid-template-columns:1fr auto;column-gap:12px}' +
    '.lc .i>div>*{grid-column:1/-1;margin:0}.lc h3{grid-column:1!important;font-size:.95rem}.lc .i p,.lc .i details{margin:0;font-size:.82rem}' +
    '.lc .ps{grid-column:2!important;grid-row:1;justify-content:flex-end;font-size:.95rem!important;font-variant-numeric:tabular-nums}',
  // Photo grid: square tiles, two a row on a phone, three from 600 px; a plate for dishes without a photo
  // in a section with photos (a section without any stays text-only tiles).
  grid:
    '.lp ul{display:grid;grid-template-columns:1fr 1fr;gap:18px 12px}@media(min-width:600px){.lp ul{grid-template-columns:repeat(3,1fr)}}' +
    '.lp .i{flex-direction:column-reverse;justify-content:flex-end;gap:6px;padding:0;border:0;min-width:0}.lp .i>div{min-width:0}' +
    '.lp .i img,.lp ul:has(img) .i:not(:has(img))>div:before{display:block;width:100%;height:auto;aspect-ratio:1;border-radius:12px}' +
    `.lp ul:has(img) .i:not(:has(img))>div:before{content:"";margin-bottom:6px;background:${PLATE} center/40% no-repeat,var(--cd)}` +
    '@media print{.lp .i>div:before{display:none}}.lp h3{font-size:.95rem}.lp .i p,.lp .i details{font-size:.8rem}.lp .i>div>p:not([class]){display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}',
};

/** The CSS of these layouts only. */
export const layoutCss = (layouts: Iterable<Layout>): string => [...new Set(layouts)].map((l) => LAYOUT_CSS[l]).join('');

/** The font pairing's CSS ('' for `modern`, the stylesheet's own stack). */
export function fontCss(pairing: FontPairing): string {
  if (pairing === 'modern') return '';
  const { heading, body } = FONT_STACKS[pairing];
  return `${body === FONT_STACKS.modern.body ? '' : `body,input,button{font-family:${body}}`}h1,h2,h3{font-family:${heading}}`;
}

/**
 * A dish's photo as the layout shows it: a small square in the list, a wide one in cards and the grid, none in compact.
 * `eager`: one of the page's first wide photos, above the fold (the page's largest paint), not lazy.
 */
export function itemImage(item: GuestItem, layout: Layout, esc: (s: unknown) => string, eager = false): string {
  if (!item.image || layout === 'compact') return '';
  const base = `/api/files/items/${esc(item.id)}/${esc(encodeURIComponent(item.image))}?thumb=`;
  return layout === 'list'
    ? `<img src="${base}160x160" width="80" height="80" loading="lazy" decoding="async" alt="">`
    : `<img src="${base}480x320" srcset="${base}960x640 2x" width="480" height="320" ${eager ? '' : 'loading="lazy" '}decoding="async" alt="">`;
}

/** The cover's CSS (only on a page with a cover): full width, at most 40 % of the screen's height. */
export const COVER_CSS =
  '.cv{display:block;width:100%;height:auto;max-height:min(40vh,380px);object-fit:cover}@media print{.cv{max-height:30mm}}';

/**
 * The cover image above the header: a `srcset` of its 3:1 thumbs, `width`/`height` so the page
 * does not move when it arrives, eager (it is above the fold), decorative (`alt=""`).
 */
export function coverHtml(venue: GuestVenue, esc: (s: unknown) => string): string {
  if (!venue.cover) return '';
  const base = `/api/files/venues/${esc(venue.id)}/${esc(encodeURIComponent(venue.cover))}?thumb=`;
  return `<img class="cv" src="${base}960x320" srcset="${base}480x160 480w,${base}960x320 960w,${base}1440x480 1440w" sizes="100vw" width="960" height="320" fetchpriority="high" alt="">`;
}
