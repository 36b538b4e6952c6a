import { DIET_ICONS } from '../../../shared/diet-icons.ts';
import type { DietKey } from '../../../shared/diets.ts';

export { DIET_ICONS };

/**
 * The dietary labels' icons on the guest page: tiny inline SVG, each defined once per page as a
 * `<symbol>` (only the labels the page uses) and drawn with `<use>`, so a hundred vegan dishes
 * cost a hundred short references, not a hundred drawings. Each colour keeps at least 3:1
 * against both page backgrounds (WCAG 1.4.11, checked by diet-icons.test.ts); the icon's
 * accessible name is the label's translated name (role="img" + aria-label), so the colour is
 * never the only cue. The drawings are shared with the staff app (shared/diet-icons.ts).
 */

/** The `<symbol>` definitions of the labels a page uses, in one hidden `<svg>` ('' when none). */
export function dietSprite(keys: readonly DietKey[]): string {
  if (!keys.length) return '';
  const symbols = keys.map((key) => {
    const icon = DIET_ICONS[key];
    const n = icon.width ?? 1;
    const rule = icon.evenOdd ? ' fill-rule="evenodd"' : '';
    const paths = Array.from({ length: n }, (_, i) => `<path${i ? ` transform="translate(${i * 16})"` : ''} d="${icon.d}"/>`).join('');
    return `<symbol id="y-${key}" viewBox="0 0 ${16 * n} 16" fill="${icon.color}"${rule}>${paths}</symbol>`;
  });
  return `<svg class="sp" aria-hidden="true">${symbols.join('')}</svg>`;
}

/** One label's icon, named for assistive technology by `name` (the label in the page's language). */
export function dietIcon(key: DietKey, name: string, lang: string, esc: (s: string) => string): string {
  const n = DIET_ICONS[key].width ?? 1;
  return `<svg class="dg${n > 1 ? ` w${n}` : ''}" role="img" aria-label="${esc(name)}"${lang}><use href="#y-${key}"/></svg>`;
}
