import { ALLERGENS } from '../../../shared/constants.ts';
import { ensureContrast, readableTextColor } from '../../../shared/contrast.ts';
import { isOnAt, nextOpening, type WeekMinute } from '../../../shared/schedule.ts';
import { currencyExponent, formatMoney, toDecimalAmount } from '../../../shared/money.ts';
import type { GuestItem, GuestMenu, GuestVenue, Translation } from './load.ts';
import { GUEST_CSS } from './styles.ts';
import { LIVE_SCRIPT } from './live-script.ts';

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (s: unknown): string => String(s ?? '').replace(/[&<>"']/g, (c) => ESC[c] ?? c);

const DAY_NAMES: Record<string, string[]> = {
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  de: ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'],
};
const TEXT: Record<string, Record<string, string>> = {
  en: {
    soldOut: 'Sold out',
    from: 'Available from',
    hide: 'Hide dishes containing…',
    allergens: 'Allergens',
    may: 'may contain',
    original: 'Original menu (PDF)',
    none: 'No menu is available right now.',
    sections: 'Sections',
    lang: 'Language',
    later: 'Later',
    unavailable: 'This menu is temporarily unavailable',
    unavailableText: 'Please ask the staff for the menu. We are sorry for the inconvenience.',
  },
  de: {
    soldOut: 'Ausverkauft',
    from: 'Verfügbar ab',
    hide: 'Gerichte ausblenden mit…',
    allergens: 'Allergene',
    may: 'kann enthalten',
    original: 'Original-Speisekarte (PDF)',
    none: 'Derzeit ist keine Speisekarte verfügbar.',
    sections: 'Abschnitte',
    lang: 'Sprache',
    later: 'Später',
    unavailable: 'Diese Speisekarte ist vorübergehend nicht verfügbar',
    unavailableText: 'Bitte fragen Sie das Personal nach der Speisekarte. Wir bitten um Entschuldigung.',
  },
};
const t = (lang: string, key: string) => TEXT[lang.slice(0, 2)]?.[key] ?? TEXT.en?.[key] ?? key;

/** A text in the guest's language, falling back to the default-language original. */
function tr(translations: Record<string, Translation>, lang: string, key: 'name' | 'description', original: string): string {
  return translations[lang]?.[key] || original;
}

export interface RenderInput {
  venue: GuestVenue;
  /** Show only this menu (the /m/{slug}/{menuId} URL), else the venue's menus on now. */
  menuId: string | null;
  lang: string;
  languages: string[];
  now: WeekMinute;
  baseUrl: string;
}

function priceList(item: GuestItem, venue: GuestVenue, lang: string): string {
  return item.prices
    .map(
      (p) =>
        `<span class="p">${p.label ? `<small>${esc(p.label)}</small> ` : ''}${esc(formatMoney(p.amount, venue.currency, lang))}</span>`,
    )
    .join('');
}

function itemHtml(item: GuestItem, venue: GuestVenue, lang: string, codes: Map<string, string>): string {
  const name = tr(item.translations, lang, 'name', item.name);
  const desc = tr(item.translations, lang, 'description', item.description);
  const allergenCodes = item.allergens
    .map((a) => codes.get(a))
    .filter(Boolean)
    .join(', ');
  const mayCodes = item.mayContain
    .map((a) => codes.get(a))
    .filter(Boolean)
    .join(', ');
  const img = item.image
    ? `<img src="/api/files/items/${esc(item.id)}/${esc(encodeURIComponent(item.image))}?thumb=160x160" width="80" height="80" loading="lazy" decoding="async" alt="">`
    : '';
  return (
    `<li class="i${item.available ? '' : ' out'}" id="i-${esc(item.id)}" data-a="${esc([...item.allergens].join(' '))}">` +
    `<div><h3>${esc(name)} <span class="so"${item.available ? ' hidden' : ''}>${esc(t(lang, 'soldOut'))}</span></h3>` +
    (desc ? `<p>${esc(desc)}</p>` : '') +
    (item.tags.length
      ? `<p class="tg">${item.tags.map((g) => `<span style="--c:${esc(g.color)}">${esc(g.name)}</span>`).join('')}</p>`
      : '') +
    (allergenCodes || mayCodes
      ? `<p class="al" title="${esc(t(lang, 'allergens'))}">${esc(allergenCodes)}${mayCodes ? ` <i>(${esc(t(lang, 'may'))}: ${esc(mayCodes)})</i>` : ''}</p>`
      : '') +
    `<p class="ps">${priceList(item, venue, lang)}</p></div>${img}</li>`
  );
}

function menuHtml(menu: GuestMenu, venue: GuestVenue, lang: string, codes: Map<string, string>): string {
  return (
    `<section class="m" aria-labelledby="m-${esc(menu.id)}"><h2 id="m-${esc(menu.id)}" class="mt">${esc(menu.name)}</h2>` +
    (menu.description ? `<p class="md">${esc(menu.description)}</p>` : '') +
    menu.sections
      .map(
        (s) =>
          `<section id="s-${esc(s.id)}"><h2>${esc(tr(s.translations, lang, 'name', s.name))}</h2>` +
          (s.description ? `<p class="sd">${esc(tr(s.translations, lang, 'description', s.description))}</p>` : '') +
          `<ul>${s.items.map((i) => itemHtml(i, venue, lang, codes)).join('')}</ul></section>`,
      )
      .join('') +
    '</section>'
  );
}

function jsonLd(venue: GuestVenue, menus: GuestMenu[], lang: string, url: string): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    name: venue.name,
    url,
    address: venue.address || undefined,
    hasMenu: menus.map((m) => ({
      '@type': 'Menu',
      name: m.name,
      inLanguage: lang,
      hasMenuSection: m.sections.map((s) => ({
        '@type': 'MenuSection',
        name: tr(s.translations, lang, 'name', s.name),
        hasMenuItem: s.items.map((i) => ({
          '@type': 'MenuItem',
          name: tr(i.translations, lang, 'name', i.name),
          description: tr(i.translations, lang, 'description', i.description) || undefined,
          offers: i.prices.map((p) => ({
            '@type': 'Offer',
            price: toDecimalAmount(p.amount, venue.currency),
            priceCurrency: venue.currency,
            name: p.label || undefined,
          })),
        })),
      })),
    })),
  };
  // `<` is escaped so the JSON can never close the script element.
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** The guest page: readable without JavaScript, small enough for the first round trip. */
export function renderGuestPage(input: RenderInput): { html: string; status: number; shown: string[] } {
  const { venue, lang, now } = input;
  const candidates = input.menuId ? venue.menus.filter((m) => m.id === input.menuId) : venue.menus;
  if (input.menuId && candidates.length === 0) return { html: renderNotFound(lang), status: 404, shown: [] };
  const onNow = input.menuId ? candidates : candidates.filter((m) => isOnAt(m.schedule, now));
  const later = input.menuId ? [] : candidates.filter((m) => !isOnAt(m.schedule, now));
  const codes = new Map<string, string>(ALLERGENS.map((a) => [a.key, a.code]));
  const used = new Set(onNow.flatMap((m) => m.sections.flatMap((s) => s.items.flatMap((i) => [...i.allergens, ...i.mayContain]))));
  const usedAllergens = ALLERGENS.filter((a) => used.has(a.key));
  const light = ensureContrast(venue.primaryColor, '#ffffff');
  const dark = ensureContrast(venue.primaryColor, '#111827');
  const title = onNow.length === 1 ? `${onNow[0]?.name} – ${venue.name}` : venue.name;
  const description = `${venue.name}: ${onNow.map((m) => m.name).join(', ') || t(lang, 'none')}`.slice(0, 160);
  const url = `${input.baseUrl}/m/${encodeURIComponent(venue.slug)}${input.menuId ? `/${encodeURIComponent(input.menuId)}` : ''}`;
  const days = DAY_NAMES[lang.slice(0, 2)] ?? DAY_NAMES.en ?? [];
  const laterHtml = later
    .map((m) => {
      const next = nextOpening(m.schedule, now);
      const when = next ? `${next.today ? '' : `${days[next.day] ?? ''} `}${next.start}` : '';
      return `<li><a href="/m/${esc(encodeURIComponent(venue.slug))}/${esc(m.id)}">${esc(m.name)}</a>${when ? ` · ${esc(t(lang, 'from'))} ${esc(when)}` : ''}</li>`;
    })
    .join('');
  const filterCss = usedAllergens.map((a) => `body:has(#x-${a.key}:checked) [data-a~="${a.key}"]`).join(',');
  const sections = onNow
    .flatMap((m) => m.sections.map((s) => `<a href="#s-${esc(s.id)}">${esc(tr(s.translations, lang, 'name', s.name))}</a>`))
    .join('');
  const langSwitch =
    input.languages.length > 1
      ? `<nav class="lg" aria-label="${esc(t(lang, 'lang'))}">${input.languages.map((l) => (l === lang ? `<b aria-current="true">${esc(l.toUpperCase())}</b>` : `<a href="?lang=${esc(l)}" hreflang="${esc(l)}" lang="${esc(l)}">${esc(l.toUpperCase())}</a>`)).join('')}</nav>`
      : '';
  const logo = venue.logo
    ? `<img class="lo" src="/api/files/venues/${esc(venue.id)}/${esc(encodeURIComponent(venue.logo))}?thumb=128x128" width="56" height="56" alt="">`
    : '';
  const html =
    `<!doctype html><html lang="${esc(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark">` +
    `<title>${esc(title)}</title><meta name="description" content="${esc(description)}"><link rel="canonical" href="${esc(url)}">` +
    `<meta property="og:type" content="website"><meta property="og:title" content="${esc(title)}"><meta property="og:description" content="${esc(description)}"><meta property="og:url" content="${esc(url)}">` +
    `<meta name="theme-color" content="${esc(light)}">` +
    `<style>:root{--b:${light};--bt:${readableTextColor(light)}}@media(prefers-color-scheme:dark){:root{--b:${dark};--bt:${readableTextColor(dark)}}}${GUEST_CSS}${filterCss ? `${filterCss}{display:none}` : ''}</style>` +
    `<script type="application/ld+json">${jsonLd(venue, onNow, lang, url)}</script></head>` +
    `<body data-v="${esc(venue.id)}" data-c="${esc(venue.currency)}" data-e="${currencyExponent(venue.currency)}"><header>${logo}<div><h1>${esc(venue.name)}</h1>${venue.address ? `<p>${esc(venue.address)}</p>` : ''}</div>${langSwitch}</header>` +
    (sections ? `<nav class="sn" aria-label="${esc(t(lang, 'sections'))}">${sections}</nav>` : '') +
    '<main>' +
    (usedAllergens.length
      ? `<details class="fl"><summary>${esc(t(lang, 'hide'))}</summary><div>${usedAllergens.map((a) => `<label><input type="checkbox" id="x-${a.key}"> ${esc(a.code)} · ${esc(a.name)}</label>`).join('')}</div></details>`
      : '') +
    (onNow.length ? onNow.map((m) => menuHtml(m, venue, lang, codes)).join('') : `<p class="empty">${esc(t(lang, 'none'))}</p>`) +
    (laterHtml ? `<section class="later"><h2>${esc(t(lang, 'later'))}</h2><ul>${laterHtml}</ul></section>` : '') +
    '</main><footer>' +
    (usedAllergens.length
      ? `<h2>${esc(t(lang, 'allergens'))}</h2><dl>${usedAllergens.map((a) => `<dt>${esc(a.code)}</dt><dd>${esc(a.name)}</dd>`).join('')}</dl>`
      : '') +
    (venue.originalMenuUrl ? `<p><a href="${esc(venue.originalMenuUrl)}">${esc(t(lang, 'original'))}</a></p>` : '') +
    `</footer><script>${LIVE_SCRIPT}</script></body></html>`;
  return { html, status: 200, shown: onNow.map((m) => m.id) };
}

/** The venue's colour, corrected for contrast in each scheme (`--b`, with its text colour `--bt`). */
function brandCss(venue: GuestVenue): string {
  const light = ensureContrast(venue.primaryColor, '#ffffff');
  const dark = ensureContrast(venue.primaryColor, '#111827');
  return `:root{--b:${light};--bt:${readableTextColor(light)}}@media(prefers-color-scheme:dark){:root{--b:${dark};--bt:${readableTextColor(dark)}}}`;
}

/**
 * What a guest sees when the venue's subscription lapsed beyond its grace period: the venue's
 * name, logo and colour, and a friendly "temporarily unavailable" in the guest's language. No
 * menu data and no live script: nothing of the menu is shown while it is unavailable.
 */
export function renderUnavailable(venue: GuestVenue, lang: string): string {
  const title = t(lang, 'unavailable');
  const logo = venue.logo
    ? `<img class="lo" src="/api/files/venues/${esc(venue.id)}/${esc(encodeURIComponent(venue.logo))}?thumb=128x128" width="56" height="56" alt="">`
    : '';
  return (
    `<!doctype html><html lang="${esc(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><meta name="robots" content="noindex">` +
    `<title>${esc(title)} – ${esc(venue.name)}</title><meta name="theme-color" content="${esc(ensureContrast(venue.primaryColor, '#ffffff'))}">` +
    `<style>${brandCss(venue)}${GUEST_CSS}.nf h2{margin-top:0;color:var(--fg)}</style></head>` +
    `<body><header>${logo}<div><h1>${esc(venue.name)}</h1>${venue.address ? `<p>${esc(venue.address)}</p>` : ''}</div></header>` +
    `<main class="nf" role="status"><h2>${esc(title)}</h2><p>${esc(t(lang, 'unavailableText'))}</p></main></body></html>`
  );
}

export function renderNotFound(lang = 'en'): string {
  const text = lang.startsWith('de')
    ? ['Speisekarte nicht gefunden', 'Diese Speisekarte gibt es nicht oder sie ist nicht veröffentlicht. Bitte fragen Sie das Personal.']
    : ['Menu not found', 'This menu does not exist or is not published. Please ask the staff.'];
  return (
    `<!doctype html><html lang="${esc(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><meta name="robots" content="noindex"><title>${text[0]}</title>` +
    `<style>:root{--b:#0f766e;--bt:#fff}${GUEST_CSS}</style></head><body><main class="nf"><h1>${text[0]}</h1><p>${text[1]}</p></main></body></html>`
  );
}
