/**
 * The guest page's theme (issue 22 item 4). Where each part lives, and why:
 * - the venue's branding — primary colour, logo, cover image and font pairing — is the venue's:
 *   one look for the place, whatever menu a guest opens;
 * - the layout is the menu's: a drinks list reads best `compact` while the food menu of the same
 *   venue wants `cards` with photos, and a page showing both menus lays out each its own way.
 * Fonts are system stacks only (no web-font downloads: the page stays one request and within its
 * budget). '' (unset) in either field is the original look: `list` and `modern`.
 */
export const LAYOUTS = ['list', 'cards', 'compact', 'grid'] as const;
export type Layout = (typeof LAYOUTS)[number];

export const FONT_PAIRINGS = ['modern', 'classic', 'elegant', 'rounded'] as const;
export type FontPairing = (typeof FONT_PAIRINGS)[number];

export const isLayout = (v: unknown): v is Layout => typeof v === 'string' && (LAYOUTS as readonly string[]).includes(v);
export const isFontPairing = (v: unknown): v is FontPairing => typeof v === 'string' && (FONT_PAIRINGS as readonly string[]).includes(v);

export const layoutOf = (v: unknown): Layout => (isLayout(v) ? v : 'list');
export const fontPairingOf = (v: unknown): FontPairing => (isFontPairing(v) ? v : 'modern');

const SANS = 'system-ui,-apple-system,"Segoe UI",Roboto,sans-serif';
const SERIF = 'ui-serif,Georgia,Cambria,"Times New Roman",serif';
const BOOK = '"Iowan Old Style","Palatino Linotype",Palatino,"Book Antiqua",Georgia,serif';
const ROUND = 'ui-rounded,"SF Pro Rounded","Arial Rounded MT","Varela Round",Nunito,system-ui,sans-serif';

/** Each pairing's headings and body font stacks: installed fonts only, never a URL. */
export const FONT_STACKS: Readonly<Record<FontPairing, { heading: string; body: string }>> = {
  modern: { heading: SANS, body: SANS },
  classic: { heading: SERIF, body: SANS },
  elegant: { heading: BOOK, body: BOOK },
  rounded: { heading: ROUND, body: ROUND },
};
