import { GUEST_SCRIPT_PATH } from './guest-script.ts';
import { ALLERGENS } from '../../../shared/constants.ts';
import { suitableForDiet } from '../../../shared/diets.ts';
import { toDecimalAmount } from '../../../shared/money.ts';
import { isOnAt, type WeekMinute } from '../../../shared/schedule.ts';
import type { Translations } from '../../../shared/translations.ts';
import { dietSprite } from './diet-icons.ts';
import type { GuestItem, GuestMenu, GuestVenue } from './load.ts';
import {
  allergenSummary,
  brandCss,
  courseHtml,
  coursesLd,
  dietIcons,
  esc,
  groupHtml,
  languageLinks,
  languageSwitch,
  legendIcon,
  menuLangs,
  nutritionHtml,
  nutritionLd,
  oneOrMany,
  pageText,
  priceList,
  shown,
  venueLangs,
  type ItemContext,
} from './render.ts';
import { NO_FILTER } from './filter.ts';
import { GUEST_CSS } from './styles.ts';
import { fontCss } from './themes.ts';

/**
 * A dish's own page, `/m/{slug}/i/{itemId}` (issue 22 item 2): readable and shareable without
 * JavaScript, and the content of the overlay the page script opens on the menu (its `<main>`, its
 * stylesheet `#dc`). A large photo from the item's declared thumbs (`srcset`), the full
 * description, prices, a set's courses, tags, options, allergens spelled out with their official
 * names, labels, the full nutrition declaration (the venue chose to show nutrition), a link back
 * to the dish on the menu, and the dish's schema.org MenuItem.
 */

/** Where a dish is on a venue's page: its menu (and whether the venue page shows that menu now). */
export interface FoundItem {
  item: GuestItem;
  menu: GuestMenu;
}

/**
 * The dish `itemId` among the venue's menus as guests see them (published and listed at the
 * venue; on the staff preview, the previewed menu), or null: unknown, of a draft or of another
 * venue's menu — the same rule as the menu's own page.
 */
export function findItem(venue: GuestVenue, itemId: string): FoundItem | null {
  for (const menu of venue.menus)
    for (const section of menu.sections) {
      const item = section.items.find((i) => i.id === itemId);
      if (item) return { item, menu };
    }
  return null;
}

/** The stylesheet of the dish page, also adopted by the overlay on the menu (`#dc`). */
export const DETAIL_CSS = [
  '.dt h1{margin:12px 0 4px;font-size:1.5rem;line-height:1.25}.dt h2{font-size:1rem;margin:20px 0 6px}.dt p{margin:6px 0}',
  '.dt .ph{display:block;width:100%;height:auto;aspect-ratio:3/2;object-fit:cover;border-radius:14px;background:var(--cd)}',
  '.dt .ps{font-size:1.1rem}.dt .de{font-size:1.05rem}.dt .og,.dt .nu{color:var(--mu)}.bk{display:inline-block;padding:10px 0}',
  '.dt ul{display:grid;gap:4px}.dt li .dg{margin-right:8px}.dt .ac{display:inline-block;min-width:1.6em;font-weight:700}',
  '.dl{width:min(760px,100%);max-width:100%;max-height:92vh;margin:auto auto 0;padding:4px 16px 24px;border:0;border-radius:16px 16px 0 0;background:var(--bg);color:var(--fg)}',
  '.dl::backdrop{background:#000a}body:has(.dl[open]){overflow:hidden}@media(min-width:760px){.dl{margin:auto;border-radius:16px}}',
  '.x{position:sticky;top:4px;float:right;z-index:1;width:44px;height:44px;margin:4px -8px 0 0;border:0;border-radius:999px;background:var(--cd);color:var(--fg);font-size:1.6rem;line-height:1}',
].join('');

export interface ItemPageInput {
  venue: GuestVenue;
  found: FoundItem;
  lang: string;
  /** The languages guests can switch between (the venue page's). */
  languages: string[];
  now: WeekMinute;
  baseUrl: string;
  /** The menu page the Back link returns to (without query): `/m/{slug}`, the menu's own, or the preview's. */
  menuPath: string;
  /** This page's path (the canonical, without query). */
  path: string;
  preview?: boolean;
}

/** The menu page a dish's Back link goes to: the venue's page when it shows the dish's menu now, else the menu's own page. */
export function menuPathOf(venue: GuestVenue, menu: GuestMenu, now: WeekMinute): string {
  const slug = `/m/${encodeURIComponent(venue.slug)}`;
  return isOnAt(menu.schedule, now) ? slug : `${slug}/${encodeURIComponent(menu.id)}`;
}

/** The photo, as large as the screen needs: the item's declared 480×320 and 960×640 thumbs. */
function photo(item: GuestItem, alt: string): string {
  if (!item.image) return '';
  const src = (size: string) => `/api/files/items/${encodeURIComponent(item.id)}/${encodeURIComponent(item.image)}?thumb=${size}`;
  return `<img class="ph" src="${esc(src('480x320'))}" srcset="${esc(src('480x320'))} 480w, ${esc(src('960x640'))} 960w" sizes="(min-width:760px) 728px, calc(100vw - 32px)" width="480" height="320" alt="${esc(alt)}">`;
}

export function renderItemPage(input: ItemPageInput): string {
  const { venue, lang, found } = input;
  const { item, menu } = found;
  const text = pageText(lang);
  const { c, cl } = text;
  const l = menuLangs(menu, lang);
  const codes = new Map<string, string>(ALLERGENS.map((a) => [a.key, a.code]));
  const multi = input.languages.length > 1;
  const withLang = multi ? `?lang=${encodeURIComponent(lang)}` : '';
  const x: ItemContext = {
    venue,
    l,
    codes,
    text,
    filter: NO_FILTER,
    words: [],
    href: (id) => `${input.path.replace(/[^/]*$/, '')}${id}${withLang}`,
  };
  const name = shown(item.translations, 'name', item.name, l);
  const desc = item.description ? shown(item.translations, 'description', item.description, l) : null;
  const venueName = shown(venue.translations, 'name', venue.name, venueLangs(venue, lang));
  const title = `${name.text} – ${venueName.text}`;
  const description = (desc?.text || `${name.text} – ${venueName.text}`).slice(0, 160);
  const { canonical, links } = languageLinks(`${input.baseUrl}${input.path}`, lang, input.languages);
  const back = `${input.menuPath}${withLang}#i-${item.id}`;
  const isSet = item.kind === 'set';
  const names = (keys: string[]) => ALLERGENS.filter((a) => keys.includes(a.key));
  const contains = names(item.allergens);
  const may = names(item.mayContain);
  const allergens =
    contains.length || may.length
      ? `<h2${cl}>${esc(c.allergens)}</h2>` +
        (contains.length
          ? `<ul${text.al}>${contains.map((a) => `<li><span class="ac">${esc(a.code)}</span>${esc(text.names[a.key])}</li>`).join('')}</ul>`
          : '') +
        (may.length
          ? `<p><span${cl}>${esc(c.mayContain)}:</span> <span${text.al}>${may.map((a) => esc(text.names[a.key])).join(', ')}</span></p>`
          : '')
      : '';
  const labels = item.diets.length
    ? `<h2${cl}>${esc(c.labels)}</h2><ul${cl}>${item.diets.map((d) => `<li>${legendIcon(d)}${esc(c.diets[d])}</li>`).join('')}</ul>`
    : '';
  // The full declaration wherever the venue shows nutrition at all: the menu shows what fits in a line.
  const nutrition =
    venue.nutritionDisplay === 'off' ? '' : nutritionHtml(item, item.nutrition, { ...x, venue: { ...venue, nutritionDisplay: 'full' } });
  const tags = item.tags.length
    ? `<p class="tg">${item.tags
        .map((g) => {
          const tag = shown(g.translations, 'name', g.name, l);
          return `<span style="--c:${esc(g.color)}"${tag.la}>${esc(tag.text)}</span>`;
        })
        .join('')}</p>`
    : '';
  const logo = venue.logo
    ? `<img class="lo" src="/api/files/venues/${esc(venue.id)}/${esc(encodeURIComponent(venue.logo))}?thumb=128x128" width="56" height="56" alt="">`
    : '';
  const image = item.image
    ? `${input.baseUrl}/api/files/items/${encodeURIComponent(item.id)}/${encodeURIComponent(item.image)}?thumb=960x640`
    : '';
  const main =
    `<main class="dt" data-x="${esc(c.detail.close)}"><a class="bk" href="${esc(back)}"${cl}>← ${esc(c.detail.back)}</a>` +
    photo(item, name.text) +
    `<h1${name.la}>${esc(name.text)}${dietIcons(item.diets, text)}${isSet ? ` <span class="sm"${cl}>${esc(c.setMenu)}</span>` : ''}${item.available ? '' : ` <span class="so"${cl}>${esc(c.soldOut)}</span>`}</h1>` +
    `<p class="ps${item.available ? '' : ' out'}">${priceList(item, venue, l, text)}</p>` +
    (desc ? `<p class="de"${desc.la}>${esc(desc.text)}</p>` : '') +
    (isSet && item.courses.length ? `<ol class="og cs">${item.courses.map((co, i) => courseHtml(co, i + 1, x)).join('')}</ol>` : '') +
    tags +
    item.optionGroups.map((g) => groupHtml(g, x)).join('') +
    allergens +
    labels +
    (nutrition ? `<h2${cl}>${esc(c.detail.nutrition)}</h2>${nutrition}` : '') +
    '</main>';
  return (
    `<!doctype html><html lang="${esc(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark">${input.preview ? '<meta name="robots" content="noindex">' : ''}` +
    `<title>${esc(title)}</title><meta name="description" content="${esc(description)}">${links}` +
    `<meta property="og:type" content="website"><meta property="og:title" content="${esc(title)}"><meta property="og:description" content="${esc(description)}"><meta property="og:url" content="${esc(canonical)}">${image ? `<meta property="og:image" content="${esc(image)}">` : ''}` +
    `<style>${brandCss(venue)}${GUEST_CSS}${fontCss(venue.fontPairing)}</style><style id="dc">${DETAIL_CSS}</style>` +
    `<script type="application/ld+json">${itemLd(input, canonical, image, text)}</script></head>` +
    `<body>${dietSprite(item.diets)}<header>${logo}<div><p class="vn"><a href="${esc(back)}"${venueName.la}>${esc(venueName.text)}</a></p></div>${languageSwitch(lang, input.languages, NO_FILTER, '', text)}</header>` +
    `${main}<script src="${GUEST_SCRIPT_PATH}" defer></script></body></html>`
  );
}

/** The dish's schema.org MenuItem: what the menu's JSON-LD leaves to it (allergens, diets, nutrition, photo). */
function itemLd(input: ItemPageInput, url: string, image: string, text: ReturnType<typeof pageText>): string {
  const { venue, found, lang } = input;
  const { item, menu } = found;
  const l = menuLangs(menu, lang);
  const t = (translations: Translations, key: string, source: string) => (source ? shown(translations, key, source, l).text : '');
  const data = {
    '@context': 'https://schema.org',
    '@type': 'MenuItem',
    name: t(item.translations, 'name', item.name),
    url,
    inLanguage: lang,
    image: image || undefined,
    description:
      [t(item.translations, 'description', item.description), item.kind === 'set' ? coursesLd(item, t, text) : '']
        .filter(Boolean)
        .join(' — ') || undefined,
    disambiguatingDescription: allergenSummary(item, text),
    suitableForDiet: oneOrMany(suitableForDiet(item.diets)),
    nutrition: venue.nutritionDisplay === 'off' ? undefined : nutritionLd(item.nutrition, true),
    offers: item.prices.map((p, index) => ({
      '@type': 'Offer',
      price: toDecimalAmount(p.amount, venue.currency),
      priceCurrency: venue.currency,
      name: t(item.translations, `prices.${index}`, p.label) || undefined,
      availability: item.available ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
    })),
  };
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
