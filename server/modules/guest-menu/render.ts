import { ALLERGENS, type AllergenKey } from '../../../shared/constants.ts';
import { allergenNames } from '../../../shared/i18n/allergen-names.ts';
import { fill, GUEST_CHROME, guestChrome, shippedLanguage, weekdayName, type GuestChrome } from '../../../shared/i18n/guest-chrome.ts';
import { ensureContrast, readableTextColor } from '../../../shared/contrast.ts';
import { isOnAt, nextOpening, type WeekMinute } from '../../../shared/schedule.ts';
import { currencyExponent, formatMoney, toDecimalAmount } from '../../../shared/money.ts';
import { guestText, PORTION_KEY, type Translations } from '../../../shared/translations.ts';
import { DIET_KEYS, expandDiets, FILTER_DIET_KEYS, type DietKey } from '../../../shared/diets.ts';
import { choiceKind, unavoidableAllergens } from '../../../shared/option-groups.ts';
import { energyOf, type Nutrition } from '../../../shared/nutrition.ts';
import { setUnavoidableAllergens } from '../../../shared/set-menus.ts';
import type { GuestCourse, GuestItem, GuestMenu, GuestOption, GuestOptionGroup, GuestVenue } from './load.ts';
import { DIET_ICONS, dietIcon, dietSprite } from './diet-icons.ts';
import { isFiltered, NO_FILTER, passesFilter, type GuestFilter } from './filter.ts';
import { GUEST_SCRIPT_PATH } from './guest-script.ts';
import { noResults, searchField, searchTexts } from './search.ts';
import { matchesWords, queryWords } from '../../../shared/search.ts';
import { GUEST_CSS } from './styles.ts';
import { LIVE_SCRIPT } from './live-script.ts';
import { LANG_SWITCH_SCRIPT } from './lang-switch-script.ts';
import { COPY_SCRIPT } from './copy-script.ts';
import { hasCopyButton, openNowLine, VENUE_INFO_CSS, venueInfoFooter, venueInfoLd } from './venue-info.ts';
import { faviconLink, priceNoteLine, PRINT_CSS, updatedLine } from './small-things.ts';
import { COVER_CSS, coverHtml, fontCss, itemImage, LAYOUT_CLASS, layoutCss } from './themes.ts';
import type { Layout } from '../../../shared/themes.ts';

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (s: unknown): string => String(s ?? '').replace(/[&<>"']/g, (c) => ESC[c] ?? c);

/** ` lang="xx"` when a text is in another language than the page (a chrome or allergen fallback), else ''. */
const langAttr = (actual: string, page: string): string =>
  actual === (page.toLowerCase().split('-')[0] ?? '') ? '' : ` lang="${esc(actual)}"`;

/** The page's own texts in the guest's language (or English), and the official allergen names. */
export interface PageText {
  c: GuestChrome;
  /** On elements holding chrome texts: ` lang="en"` when the chrome fell back to English. */
  cl: string;
  chromeLang: string;
  names: Readonly<Record<AllergenKey, string>>;
  /** On elements holding allergen names: ` lang="en"` when the names fell back to English. */
  al: string;
}

/** A chrome text inside content of the page's language: wrapped only when it fell back to another language. */
export const inline = (value: string, lang: string): string => (lang ? `<span${lang}>${esc(value)}</span>` : esc(value));

export function pageText(lang: string): PageText {
  const chrome = guestChrome(lang);
  const allergens = allergenNames(lang);
  return {
    c: chrome.text,
    cl: langAttr(chrome.lang, lang),
    chromeLang: chrome.lang,
    names: allergens.names,
    al: langAttr(allergens.lang, lang),
  };
}

/** In which language a menu's texts are read on a page: guests get `lang` only where the menu offers it. */
export interface TextLangs {
  /** The page's language. */
  page: string;
  /** The language to take the menu's translations in: the page's when the menu offers it to guests, else its default. */
  wanted: string;
  /** The language the texts are written in (the menu's default). */
  source: string;
}

export function menuLangs(menu: GuestMenu, page: string): TextLangs {
  const source = menu.languages[0] ?? page;
  return { page, wanted: menu.guestLanguages.includes(page) ? page : source, source };
}

/** A record's text as guests read it: the done translation, else the original with ` lang="xx"` when that differs from the page. */
export function shown(translations: Translations, key: string, source: string, l: TextLangs): { text: string; la: string } {
  const g = guestText(translations, l.wanted, key, source, l.source);
  return { text: g.text, la: g.lang === l.page ? '' : langAttr(g.lang, l.page) };
}

/** The venue's own texts: written in the organization's default language, shown translated when a person translated them. */
export function venueLangs(venue: GuestVenue, page: string): TextLangs {
  return { page, wanted: page, source: venue.defaultLanguage };
}

export interface RenderInput {
  venue: GuestVenue;
  /** Show only this menu (the /m/{slug}/{menuId} URL), else the venue's menus on now. */
  menuId: string | null;
  lang: string;
  languages: string[];
  now: WeekMinute;
  /** The instant of `now` (the venue info's open-now line); unset: no open-now line. */
  at?: Date;
  baseUrl: string;
  /** The staff preview: never indexed. */
  preview?: boolean;
  /** The guest's filter from the URL (`?diet=vegan&hide=milk`): dishes it excludes are rendered `hidden`. */
  filter?: GuestFilter;
  /**
   * Whether the page subscribes to live sold-out updates (the plan feature `liveSoldOut`). Without
   * it the page ships no live script; it shows the sold-out state as of its load.
   */
  live: boolean;
  /** The guest's search (`?q=`, parsed by search.ts): dishes it does not find are rendered `hidden`. */
  q?: string;
  /** Where a dish's page is: this plus its id (default `/m/{slug}/i/`; the staff preview's own). */
  itemBase?: string;
}

/** What every dish of a page is rendered with. */
export interface ItemContext {
  venue: GuestVenue;
  l: TextLangs;
  codes: Map<string, string>;
  text: PageText;
  filter: GuestFilter;
  /** The search's folded words (none: no search). */
  words: string[];
  /** A dish's page (`?lang=` kept on a page in several languages). */
  href: (id: string) => string;
  /** The section (or its menu) hides prices: no amounts at all. */
  hidePrices?: boolean;
  /** The menu's layout (the dish's photo depends on it); unset: list. */
  layout?: Layout;
  /** Wide photos (cards, grid) still loaded eagerly on this page: the first ones are above the fold (LCP). */
  eager?: { left: number };
}

/**
 * The allergens a guest cannot avoid in a dish: its own and those its required options force
 * (shared/option-groups.ts); in a set menu also those every dish of some course has
 * (shared/set-menus.ts), so a set hides under "contains milk" only when milk cannot be avoided.
 */
export function unavoidableOf(item: GuestItem): string[] {
  const own = unavoidableAllergens(item.allergens, item.optionGroups);
  if (item.kind !== 'set') return own;
  return setUnavoidableAllergens(
    own,
    item.courses.map((c) => ({ choices: c.choices.map((d) => ({ allergens: unavoidableAllergens(d.allergens, d.optionGroups) })) })),
  );
}

/** The labels a dish can be filtered by: its own and what they imply (vegan → vegetarian), filterable ones only. */
const filterDietsOf = (item: GuestItem): DietKey[] => expandDiets(item.diets).filter((d) => FILTER_DIET_KEYS.includes(d));

const numberFormats = new Map<string, Intl.NumberFormat>();
/** A nutrition value in the page's language (up to two decimals). */
function num(value: number, lang: string): string {
  let format = numberFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });
    numberFormats.set(lang, format);
  }
  return format.format(value);
}

export function priceList(item: GuestItem, venue: GuestVenue, l: TextLangs, text: PageText): string {
  if (item.priceOnRequest) return `<span class="p"${text.cl}>${esc(text.c.priceOnRequest)}</span>`;
  return item.prices
    .map((p, index) => {
      const label = p.label ? shown(item.translations, `prices.${index}`, p.label, l) : null;
      return `<span class="p">${label ? `<small${label.la}>${esc(label.text)}</small> ` : ''}${esc(formatMoney(p.amount, venue.currency, l.page))}</span>`;
    })
    .join('');
}

/** The icons of a dish's or option's own labels, each named in the page's language. */
export function dietIcons(diets: readonly DietKey[], text: PageText): string {
  return diets.map((d) => ` ${dietIcon(d, text.c.diets[d], text.cl, esc)}`).join('');
}

/** A group's choice rule as guests read it: '' for optional extras, else "choose 1", "up to 3" … */
function ruleText(g: GuestOptionGroup, c: GuestChrome): string {
  const k = choiceKind(g);
  switch (k.kind) {
    case 'any':
      return '';
    case 'exactly':
      return fill(c.choose, { n: String(k.n) });
    case 'upTo':
      return fill(c.upTo, { n: String(k.n) });
    case 'atLeast':
      return fill(c.atLeast, { n: String(k.n) });
    case 'range':
      return fill(c.range, { min: String(k.min), max: String(k.max) });
  }
}

/**
 * One option: its name, labels, its own allergen codes (an optional extra with milk is marked, not
 * hidden), what it adds to the price, and "sold out" when it is. `data-o` without a value marks
 * it for the scripts: the live script finds an option by its place (`optionPlaces`), not by its
 * id, which cost the page about 13 B gzipped per option (2.7 KB of the 100-dish page).
 */
function optionHtml(o: GuestOption, x: ItemContext): string {
  const name = shown(o.translations, 'name', o.name, x.l);
  const contains = codeList(o.allergens, x.codes);
  const may = codeList(o.mayContain, x.codes);
  const marks =
    contains || may
      ? ` <span class="al">(${contains}${may ? `${contains ? '; ' : ''}${inline(`${x.text.c.mayContain}:`, x.text.cl)} ${may}` : ''})</span>`
      : '';
  const price = o.priceDelta && !x.hidePrices ? ` +${esc(formatMoney(o.priceDelta, x.venue.currency, x.l.page))}` : '';
  const out = o.available ? '' : ` <small class="so"${x.text.cl}>${esc(x.text.c.soldOut)}</small>`;
  return `<span data-o${o.available ? '' : ' class="out"'}>${inline(name.text, name.la)}${dietIcons(o.diets, x.text)}${marks}${price}${out}</span>`;
}

/**
 * Where an option is on a venue's page: [dish id, its group's place among the dish's groups
 * shown (`p.og`), the option's place in the group], for every dish offering it.
 */
export function optionPlaces(venue: GuestVenue, optionId: string): [string, number, number][] {
  return venue.menus.flatMap((m) =>
    m.sections.flatMap((s) =>
      s.items.flatMap((i) =>
        i.optionGroups
          .filter((g) => g.options.length)
          .flatMap((g, gi): [string, number, number][] => {
            const oi = g.options.findIndex((o) => o.id === optionId);
            return oi < 0 ? [] : [[i.id, gi, oi]];
          }),
      ),
    ),
  );
}

/** A group in one line under the dish: "Extras: cheese +€1.50, bacon +€2.00" or "Side (choose 1): fries or salad". */
export function groupHtml(g: GuestOptionGroup, x: ItemContext): string {
  if (!g.options.length) return '';
  const name = shown(g.translations, 'name', g.name, x.l);
  const desc = g.description ? shown(g.translations, 'description', g.description, x.l) : null;
  const rule = ruleText(g, x.text.c);
  const joiner = g.maxChoices === 1 ? ` ${inline(x.text.c.orWord, x.text.cl)} ` : ', ';
  return (
    `<p class="og"><b${name.la}>${esc(name.text)}</b>${rule ? ` (${inline(rule, x.text.cl)})` : ''}: ` +
    g.options.map((o) => optionHtml(o, x)).join(joiner) +
    (desc ? ` <small${desc.la}>${esc(desc.text)}</small>` : '') +
    '</p>'
  );
}

/**
 * A dish offered by a course: its name, labels and allergen codes (a choice with milk is marked,
 * the set is hidden only when every choice of a course has it), and "sold out" where it is sold
 * out at this venue. `data-o` is the live script's hook: a dish sold out (or back) updates its own
 * row and every course offering it.
 */
function choiceHtml(d: GuestItem, x: ItemContext): string {
  const name = shown(d.translations, 'name', d.name, x.l);
  const contains = codeList(unavoidableOf(d), x.codes);
  const may = codeList(d.mayContain, x.codes);
  const marks =
    contains || may
      ? ` <span class="al">(${contains}${may ? `${contains ? '; ' : ''}${inline(`${x.text.c.mayContain}:`, x.text.cl)} ${may}` : ''})</span>`
      : '';
  const out = d.available ? '' : ` <small class="so"${x.text.cl}>${esc(x.text.c.soldOut)}</small>`;
  return `<span data-o="${esc(d.id)}"${d.available ? '' : ' class="out"'}>${inline(name.text, name.la)}${dietIcons(d.diets, x.text)}${marks}${out}</span>`;
}

/** One course of a set: "Starter (choose one): soup or salad", or its free text ("Coffee or tea"). */
export function courseHtml(course: GuestCourse, n: number, x: ItemContext): string {
  const named = course.name ? shown(course.translations, 'name', course.name, x.l) : null;
  const desc = course.description ? shown(course.translations, 'description', course.description, x.l) : null;
  const fallback = course.choices.length ? fill(x.text.c.course, { n: String(n) }) : '';
  const name = named ? `<b${named.la}>${esc(named.text)}</b>` : fallback ? `<b${x.text.cl}>${esc(fallback)}</b>` : '';
  const rule = course.choices.length > 1 ? ` (${inline(x.text.c.chooseOne, x.text.cl)})` : '';
  const choices = course.choices.map((d) => choiceHtml(d, x)).join(` ${inline(x.text.c.orWord, x.text.cl)} `);
  const text = desc ? `<span${desc.la}>${esc(desc.text)}</span>` : '';
  const body = [choices, text].filter(Boolean).join(choices ? ' · ' : '');
  return `<li>${name}${rule}${name && body ? ': ' : ''}${body}</li>`;
}

/** The dish's nutrition as the venue shows it: nothing, its kcal, or the full declaration per portion. */
export function nutritionHtml(item: GuestItem, n: Nutrition | null, x: ItemContext): string {
  const display = x.venue.nutritionDisplay;
  if (!n || display === 'off') return '';
  const { c, cl } = x.text;
  const lang = x.l.page;
  const energy = energyOf(n);
  const portion = n.portion ? shown(item.translations, PORTION_KEY, n.portion, x.l).text : '';
  const per = portion ? ` (${fill(c.per, { portion })})` : '';
  if (display === 'kcal') return energy ? `<p class="nu"${cl}>${esc(`${num(energy.kcal, lang)} kcal${per}`)}</p>` : '';
  const g = (label: string, value: number | undefined) => (value === undefined ? '' : `${label} ${num(value, lang)} g`);
  const parts = [
    energy ? `${num(energy.kj, lang)} kJ / ${num(energy.kcal, lang)} kcal${per}` : '',
    [g(c.fat, n.fat), g(c.saturates, n.saturates)].filter(Boolean).join(', '),
    [g(c.carbs, n.carbs), g(c.sugars, n.sugars)].filter(Boolean).join(', '),
    g(c.protein, n.protein),
    g(c.salt, n.salt),
  ].filter(Boolean);
  return parts.length ? `<p class="nu"${cl}>${esc(parts.join(' · '))}</p>` : '';
}

/** Those of `keys` that have a letter code, in the legend's order (A, C, R), never the stored one. */
function inLegendOrder(keys: string[], codes: Map<string, string>): AllergenKey[] {
  return [...codes.keys()].filter((k) => keys.includes(k)) as AllergenKey[];
}

/**
 * The allergen letter codes of an option or a set menu’s dish, in legend order ("C, G"); the legend names them. (A `title` per
 * code helped neither touch nor screen-reader users and cost the page budget the dishes' names need.)
 */
function codeList(keys: string[], codes: Map<string, string>): string {
  return esc(
    inLegendOrder(keys, codes)
      .map((k) => codes.get(k))
      .join(', '),
  );
}

/**
 * A dish's allergens: the letter codes in legend order as a disclosure that, opened with a tap
 * (or by a screen reader), names them in full beside the dish rather than only in the legend at
 * the foot of the page. Cheaper in bytes than the former `<abbr title>` per code.
 */
function allergenLine(item: GuestItem, codes: Map<string, string>, text: PageText): string {
  const own = inLegendOrder(item.allergens, codes);
  const may = inLegendOrder(item.mayContain, codes);
  if (!own.length && !may.length) return '';
  // The same shape twice: "A, G (may contain: L)", then "Gluten, Milk (may contain: Celery)".
  const line = (list: (keys: AllergenKey[]) => string) =>
    `${list(own)}${may.length ? ` <i>(${inline(`${text.c.mayContain}:`, text.cl)} ${list(may)})</i>` : ''}`;
  const names = (keys: AllergenKey[]) => inline(keys.map((k) => text.names[k]).join(', '), text.al);
  return `<details><summary>${line((keys) => codeList(keys, codes))}</summary>${line(names)}</details>`;
}

function itemHtml(item: GuestItem, x: ItemContext): string {
  const { venue, l, codes, text } = x;
  const name = shown(item.translations, 'name', item.name, l);
  const unavoidable = unavoidableOf(item);
  const diets = filterDietsOf(item);
  const hidden = !passesFilter(x.filter, item.diets, unavoidable) || !found(item, x);
  const desc = item.description ? shown(item.translations, 'description', item.description, l) : null;
  const isSet = item.kind === 'set';
  const layout = x.layout ?? 'list';
  const eager = Boolean(item.image) && (layout === 'cards' || layout === 'grid') && x.eager !== undefined && x.eager.left-- > 0;
  const img = itemImage(item, layout, esc, eager);
  const prices = x.hidePrices ? '' : `<p class="ps">${priceList(item, venue, l, text)}</p>`;
  return (
    `<li class="i${item.available ? '' : ' out'}" id="i-${esc(item.id)}" data-a="${esc(unavoidable.join(' '))}"${diets.length ? ` data-d="${diets.join(' ')}"` : ''}${hidden ? ' hidden' : ''}>` +
    `<div><h3><a href="${esc(x.href(item.id))}"${name.la}>${esc(name.text)}</a>${dietIcons(item.diets, text)}${isSet ? ` <span class="sm"${text.cl}>${esc(text.c.setMenu)}</span>` : ''} <span class="so"${text.cl}${item.available ? ' hidden' : ''}>${esc(text.c.soldOut)}</span></h3>` +
    // A set reads as one block: its name, its fixed price, then the courses in order.
    (isSet ? prices : '') +
    (desc ? `<p${desc.la}>${esc(desc.text)}</p>` : '') +
    (isSet && item.courses.length ? `<ol class="og cs">${item.courses.map((c, i) => courseHtml(c, i + 1, x)).join('')}</ol>` : '') +
    (item.tags.length
      ? `<p class="tg">${item.tags
          .map((g) => {
            const tag = shown(g.translations, 'name', g.name, l);
            return `<span style="--c:${esc(g.color)}"${tag.la}>${esc(tag.text)}</span>`;
          })
          .join('')}</p>`
      : '') +
    allergenLine(item, codes, text) +
    item.optionGroups.map((g) => groupHtml(g, x)).join('') +
    nutritionHtml(item, item.nutrition, x) +
    (isSet ? '' : prices) +
    `</div>${img}</li>`
  );
}

/** Whether the guest's search finds the dish (always without a search). */
function found(item: GuestItem, x: { l: TextLangs; words: string[] }): boolean {
  return matchesWords(
    searchTexts(item, (t, key, source) => shown(t, key, source, x.l).text),
    x.words,
  );
}

/** The page's URL without the search: the filter and language kept (the "show all dishes" link). */
function resetUrl(filter: GuestFilter, lang: string): string {
  const params = [
    ...filter.diet.map((d) => `diet=${d}`),
    ...filter.hide.map((h) => `hide=${h}`),
    ...(lang ? [`lang=${encodeURIComponent(lang)}`] : []),
  ];
  return `?${params.join('&')}`;
}

function menuHtml(menu: GuestMenu, lang: string, base: Omit<ItemContext, 'l'>): string {
  const l = menuLangs(menu, lang);
  const x: ItemContext = { ...base, l, layout: menu.layout };
  const name = shown(menu.translations, 'name', menu.name, l);
  const desc = menu.description ? shown(menu.translations, 'description', menu.description, l) : null;
  const layoutClass = LAYOUT_CLASS[menu.layout];
  return (
    `<section class="m${layoutClass ? ` ${layoutClass}` : ''}" aria-labelledby="m-${esc(menu.id)}"><h2 id="m-${esc(menu.id)}" class="mt"${name.la}>${esc(name.text)}</h2>` +
    (desc ? `<p class="md"${desc.la}>${esc(desc.text)}</p>` : '') +
    menu.sections
      .map((s) => {
        const sName = shown(s.translations, 'name', s.name, l);
        const sDesc = s.description ? shown(s.translations, 'description', s.description, l) : null;
        // A section the filter or search leaves without a dish keeps no heading.
        const empty =
          (x.words.length > 0 || isFiltered(x.filter)) &&
          !s.items.some((i) => passesFilter(x.filter, i.diets, unavoidableOf(i)) && found(i, x));
        return (
          `<section id="s-${esc(s.id)}"${empty ? ' hidden' : ''}><h2${sName.la}>${esc(sName.text)}</h2>` +
          (sDesc ? `<p class="sd"${sDesc.la}>${esc(sDesc.text)}</p>` : '') +
          `<ul>${s.items.map((i) => itemHtml(i, s.hidePrices ? { ...x, hidePrices: true } : x)).join('')}</ul></section>`
        );
      })
      .join('') +
    updatedLine(menu.changed, x.venue.timezone, x.text.chromeLang, x.text.c, x.text.cl, esc) +
    '</section>'
  );
}

/**
 * The item's allergens for search engines and assistants, in the page's language with the official
 * names. schema.org's MenuItem has no allergen property, so this is the item's plain-text
 * `disambiguatingDescription` ("Allergene: Milch; kann enthalten: Sellerie").
 */
export function allergenSummary(item: GuestItem, text: PageText): string | undefined {
  // In the legend's order, as on the page.
  const names = (keys: string[]) =>
    ALLERGENS.filter((a) => keys.includes(a.key))
      .map((a) => text.names[a.key])
      .join(', ');
  const contains = names(unavoidableOf(item));
  const may = names(item.mayContain);
  const parts = [contains ? `${text.c.allergens}: ${contains}` : '', may ? `${text.c.mayContain}: ${may}` : ''].filter(Boolean);
  return parts.length ? parts.join('; ') : undefined;
}

/** A JSON-LD value that is one item, several, or absent. */
export const oneOrMany = <T>(list: T[]): T | T[] | undefined => (list.length === 0 ? undefined : list.length === 1 ? list[0] : list);

/** schema.org NutritionInformation of a dish (`full`: with the macronutrients; salt has no schema.org property). */
export function nutritionLd(n: Nutrition | null, full: boolean): Record<string, string> | undefined {
  const energy = energyOf(n);
  if (!n || (!energy && !full)) return undefined;
  const g = (v: number | undefined) => (v === undefined ? undefined : `${v} g`);
  const out: Record<string, string | undefined> = {
    '@type': 'NutritionInformation',
    calories: energy ? `${energy.kcal} calories` : undefined,
    servingSize: n.portion,
    ...(full
      ? {
          fatContent: g(n.fat),
          saturatedFatContent: g(n.saturates),
          carbohydrateContent: g(n.carbs),
          sugarContent: g(n.sugars),
          proteinContent: g(n.protein),
        }
      : {}),
  };
  const defined = Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as Record<string, string>;
  return Object.keys(defined).length > 1 ? defined : undefined;
}

/** A menu text as the JSON-LD reads it (translated where guests read it so, '' without a source). */
export type LdText = (translations: Translations, key: string, source: string) => string;

/**
 * A set menu's courses for search engines, as plain text appended to its `description`
 * ("Starter: Gazpacho or Salad; Main: …; Coffee or tea"). schema.org's MenuItem has no
 * `hasMenuSection` (only Menu and MenuSection do), and `menuAddOn` means extras added to the
 * item, which a course is not; the set itself is one MenuItem with its one Offer.
 */
export function coursesLd(item: GuestItem, t: LdText, text: PageText): string {
  return item.courses
    .map((c, n) => {
      const name = t(c.translations, 'name', c.name) || (c.choices.length ? fill(text.c.course, { n: String(n + 1) }) : '');
      const choices = c.choices.map((d) => t(d.translations, 'name', d.name)).join(` ${text.c.orWord} `);
      const body = [choices, t(c.translations, 'description', c.description)].filter(Boolean).join(' · ');
      return name && body ? `${name}: ${body}` : name || body;
    })
    .filter(Boolean)
    .join('; ');
}

function jsonLd(venue: GuestVenue, menus: GuestMenu[], lang: string, url: string, text: PageText): string {
  const v = venueLangs(venue, lang);
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    name: shown(venue.translations, 'name', venue.name, v).text,
    url,
    address: venue.address ? shown(venue.translations, 'address', venue.address, v).text : undefined,
    ...venueInfoLd(venue.info),
    hasMenu: menus.map((m) => {
      const l = menuLangs(m, lang);
      const t = (translations: Translations, key: string, source: string) => (source ? shown(translations, key, source, l).text : '');
      return {
        '@type': 'Menu',
        name: t(m.translations, 'name', m.name),
        inLanguage: lang,
        hasMenuSection: m.sections.map((s) => ({
          '@type': 'MenuSection',
          name: t(s.translations, 'name', s.name),
          hasMenuItem: s.items.map((i) => ({
            '@type': 'MenuItem',
            name: t(i.translations, 'name', i.name),
            description:
              [t(i.translations, 'description', i.description), i.kind === 'set' ? coursesLd(i, t, text) : '']
                .filter(Boolean)
                .join(' — ') || undefined,
            // Allergens, diets and nutrition are on the dish's own page (item-page.ts): the menu stays within its budget.
            offers: s.hidePrices
              ? undefined
              : i.prices.map((p, index) => ({
                  '@type': 'Offer',
                  price: toDecimalAmount(p.amount, venue.currency),
                  priceCurrency: venue.currency,
                  name: t(i.translations, `prices.${index}`, p.label) || undefined,
                })),
          })),
        })),
      };
    }),
  };
  // `<` is escaped so the JSON can never close the script element.
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** `?lang=xx` of a page URL. */
const withLang = (url: string, lang: string) => `${url}?lang=${encodeURIComponent(lang)}`;

/**
 * The page's language links for search engines: one canonical URL per language (`?lang=xx`), an
 * alternate for every language the page is offered in, and `x-default` for the default language
 * (the one the bare URL shows a guest who states no preference). A page in one language keeps
 * the bare URL as its canonical.
 */
export function languageLinks(url: string, lang: string, languages: string[]): { canonical: string; links: string } {
  if (languages.length <= 1) return { canonical: url, links: `<link rel="canonical" href="${esc(url)}">` };
  const canonical = withLang(url, lang);
  const alternates = languages.map((l) => `<link rel="alternate" hreflang="${esc(l)}" href="${esc(withLang(url, l))}">`).join('');
  const fallback = languages[0] ?? lang;
  return {
    canonical,
    links: `<link rel="canonical" href="${esc(canonical)}">${alternates}<link rel="alternate" hreflang="x-default" href="${esc(withLang(url, fallback))}">`,
  };
}

/** The language switch: plain links (no JavaScript needed); a small script keeps the guest's place. */
/**
 * Links to the page in the other languages. They keep the guest's filter (a vegan guest switching
 * to German still sees only vegan dishes); the script keeps what was filtered after the page loaded.
 */
export function languageSwitch(lang: string, languages: string[], filter: GuestFilter, q: string, text: PageText): string {
  if (languages.length <= 1) return '';
  const kept = [
    ...filter.diet.map((d) => `diet=${d}`),
    ...filter.hide.map((h) => `hide=${h}`),
    ...(q ? [`q=${encodeURIComponent(q)}`] : []),
  ]
    .map((p) => `${esc(p)}&amp;`)
    .join('');
  const link = (l: string) => {
    const shipped = shippedLanguage(GUEST_CHROME, l);
    const title = shipped ? ` title="${esc(GUEST_CHROME[shipped]?.languageName)}"` : '';
    return `<a href="?${kept}lang=${esc(encodeURIComponent(l))}" hreflang="${esc(l)}" lang="${esc(l)}"${title}>${esc(l.toUpperCase())}</a>`;
  };
  return `<nav class="lg" aria-label="${esc(text.c.language)}"${text.cl}>${languages.map((l) => (l === lang ? `<b aria-current="true">${esc(l.toUpperCase())}</b>` : link(l))).join('')}</nav>`;
}

/** The guest page: readable without JavaScript, small enough for the first round trip. */
export function renderGuestPage(input: RenderInput): { html: string; status: number; shown: string[]; found?: boolean } {
  const { venue, lang, now } = input;
  const candidates = input.menuId ? venue.menus.filter((m) => m.id === input.menuId) : venue.menus;
  if (input.menuId && candidates.length === 0) return { html: renderNotFound(lang), status: 404, shown: [] };
  const text = pageText(lang);
  const { c, cl } = text;
  const onNow = input.menuId ? candidates : candidates.filter((m) => isOnAt(m.schedule, now));
  const later = input.menuId ? [] : candidates.filter((m) => !isOnAt(m.schedule, now));
  const filter = input.filter ?? NO_FILTER;
  const q = input.q ?? '';
  const words = queryWords(q);
  const multi = input.languages.length > 1;
  const itemBase = input.itemBase ?? `/m/${encodeURIComponent(venue.slug)}/i/`;
  const href = (id: string) => `${itemBase}${id}${multi ? `?lang=${encodeURIComponent(lang)}` : ''}`;
  // Whether any dish is left (the search's "no dishes match" state).
  const anyFound = onNow.some((m) => {
    const l = menuLangs(m, lang);
    return m.sections.some((s) => s.items.some((i) => passesFilter(filter, i.diets, unavoidableOf(i)) && found(i, { l, words })));
  });
  const codes = new Map<string, string>(ALLERGENS.map((a) => [a.key, a.code]));
  const items = onNow.flatMap((m) => m.sections.flatMap((s) => s.items));
  const options = [...new Set(items.flatMap((i) => i.optionGroups))].flatMap((g) => g.options);
  const used = new Set([...items, ...options].flatMap((i) => [...i.allergens, ...i.mayContain]));
  const usedAllergens = ALLERGENS.filter((a) => used.has(a.key));
  // Labels drawn on the page (the legend's), and those guests can filter by (implied ones too: vegan dishes are vegetarian).
  const shownDiets = new Set([...items, ...options].flatMap((i) => i.diets));
  const filterDiets = new Set(items.flatMap(filterDietsOf));
  const labels = DIET_KEYS.filter((d) => shownDiets.has(d));
  const dietFilter = FILTER_DIET_KEYS.filter((d) => filterDiets.has(d));
  const sprite = dietSprite(DIET_KEYS.filter((d) => shownDiets.has(d) || filterDiets.has(d)));
  const light = ensureContrast(venue.primaryColor, '#ffffff');
  const dark = ensureContrast(venue.primaryColor, '#111827');
  const v = venueLangs(venue, lang);
  const venueName = shown(venue.translations, 'name', venue.name, v);
  const address = venue.address ? shown(venue.translations, 'address', venue.address, v) : null;
  const menuName = (m: GuestMenu) => shown(m.translations, 'name', m.name, menuLangs(m, lang));
  const title = onNow.length === 1 && onNow[0] ? `${menuName(onNow[0]).text} – ${venueName.text}` : venueName.text;
  const description = `${venueName.text}: ${onNow.map((m) => menuName(m).text).join(', ') || c.noMenu}`.slice(0, 160);
  const url = `${input.baseUrl}/m/${encodeURIComponent(venue.slug)}${input.menuId ? `/${encodeURIComponent(input.menuId)}` : ''}`;
  const { canonical, links } = languageLinks(url, lang, input.languages);
  const laterHtml = later
    .map((m) => {
      const next = nextOpening(m.schedule, now);
      const when = next ? `${next.today ? '' : `${weekdayName(text.chromeLang, next.day)} `}${next.start}` : '';
      const name = menuName(m);
      return `<li><a href="/m/${esc(encodeURIComponent(venue.slug))}/${esc(m.id)}"${name.la}>${esc(name.text)}</a>${when ? ` · ${inline(fill(c.availableFrom, { when }), cl)}` : ''}</li>`;
    })
    .join('');
  // Instant filtering without JavaScript where the browser has :has(); the GET form and the server do it everywhere.
  const filterCss = [
    ...usedAllergens.map((a) => `body:has(#x-${a.key}:checked) [data-a~="${a.key}"]`),
    ...dietFilter.map((d) => `body:has(#d-${d}:checked) .i:not([data-d~="${d}"])`),
  ].join(',');
  const sections = onNow
    .flatMap((m) => {
      const l = menuLangs(m, lang);
      return m.sections.map((s) => {
        const name = shown(s.translations, 'name', s.name, l);
        return `<a href="#s-${esc(s.id)}"${name.la}>${esc(name.text)}</a>`;
      });
    })
    .join('');
  const logo = venue.logo
    ? `<img class="lo" src="/api/files/venues/${esc(venue.id)}/${esc(encodeURIComponent(venue.logo))}?thumb=128x128" width="56" height="56" alt="">`
    : '';
  const at = input.at;
  const openNow = at ? openNowLine(venue.info, venue.timezone, at, text.chromeLang, c, cl, esc) : '';
  // The map link searches the address as the guest reads it.
  const info = venueInfoFooter(venue.info, address?.text ?? '', venue.timezone, at ?? new Date(), text.chromeLang, c, cl, esc);
  const html =
    `<!doctype html><html lang="${esc(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark">${input.preview ? '<meta name="robots" content="noindex">' : ''}` +
    `<title>${esc(title)}</title><meta name="description" content="${esc(description)}">${links}` +
    `<meta property="og:type" content="website"><meta property="og:title" content="${esc(title)}"><meta property="og:description" content="${esc(description)}"><meta property="og:url" content="${esc(canonical)}">` +
    `<meta name="theme-color" content="${esc(light)}">${faviconLink(venue.id, venue.logo, esc)}` +
    `<style>:root{--b:${light};--bt:${readableTextColor(light)}}@media(prefers-color-scheme:dark){:root{--b:${dark};--bt:${readableTextColor(dark)}}}${GUEST_CSS}${PRINT_CSS}${info || openNow ? VENUE_INFO_CSS : ''}${venue.cover ? COVER_CSS : ''}${layoutCss(onNow.map((m) => m.layout))}${fontCss(venue.fontPairing)}${filterCss ? `${filterCss}{display:none}` : ''}</style>` +
    '</head>' +
    `<body data-v="${esc(venue.id)}" data-c="${esc(venue.currency)}" data-e="${currencyExponent(venue.currency)}">${sprite}${coverHtml(venue, esc)}<header>${logo}<div><h1${venueName.la}>${esc(venueName.text)}</h1>${address ? `<p${address.la}>${esc(address.text)}</p>` : ''}${openNow}</div>${languageSwitch(lang, input.languages, filter, q, text)}</header>` +
    (sections ? `<nav class="sn" aria-label="${esc(c.sections)}">${sections}</nav>` : '') +
    '<main>' +
    (items.length ? filterForm(filter, dietFilter, usedAllergens, multi ? lang : '', q, text) : '') +
    (onNow.length
      ? onNow.map((m) => menuHtml(m, lang, { venue, codes, text, filter, words, href, eager: { left: 2 } })).join('')
      : `<p class="empty"${cl}>${esc(c.noMenu)}</p>`) +
    // The filter's and the search's empty states (the script shows and hides them as the guest filters and types).
    (usedAllergens.length || dietFilter.length
      ? `<p class="empty" id="nm"${cl}${words.length || items.some((i) => passesFilter(filter, i.diets, unavoidableOf(i))) ? ' hidden' : ''}>${esc(c.noMatch)}</p>`
      : '') +
    (items.length ? noResults(q, anyFound, resetUrl(filter, multi ? lang : ''), c, cl) : '') +
    (venue.dailyKcalNote && venue.nutritionDisplay !== 'off' && onNow.length ? `<p class="nu"${cl}>${esc(c.dailyKcal)}</p>` : '') +
    (onNow.length ? priceNoteLine(venue.priceNote, c, cl, esc) : '') +
    (laterHtml ? `<section class="later"><h2${cl}>${esc(c.later)}</h2><ul>${laterHtml}</ul></section>` : '') +
    '</main><footer>' +
    (usedAllergens.length
      ? `<h2${cl}>${esc(c.allergens)}</h2><dl${text.al}>${usedAllergens.map((a) => `<dt>${esc(a.code)}</dt><dd>${esc(text.names[a.key])}</dd>`).join('')}</dl>`
      : '') +
    (labels.length
      ? `<h2${cl}>${esc(c.labels)}</h2><dl${cl}>${labels.map((d) => `<dt>${legendIcon(d)}</dt><dd>${esc(c.diets[d])}</dd>`).join('')}</dl>`
      : '') +
    (venue.originalMenuUrl ? `<p><a href="${esc(venue.originalMenuUrl)}"${cl}>${esc(c.originalMenu)}</a></p>` : '') +
    info +
    // The JSON-LD after the content: guests' browsers paint the menu sooner, search engines read it
    // anywhere, and it compresses better near the dishes it repeats (about 100 B of a 100-dish page).
    `</footer><script type="application/ld+json">${jsonLd(venue, onNow, lang, canonical, text)}</script>${hasCopyButton(venue.info) ? `<script>${COPY_SCRIPT}</script>` : ''}${input.live ? `<script>${LIVE_SCRIPT}</script>` : ''}${input.languages.length > 1 ? `<script>${LANG_SWITCH_SCRIPT}</script>` : ''}` +
    `${items.length ? `<script src="${GUEST_SCRIPT_PATH}" defer></script>` : ''}</body></html>`;
  return { html, status: 200, shown: onNow.map((m) => m.id), found: anyFound };
}

/** A label's icon in the legend: decorative there, the name stands beside it. */
export const legendIcon = (d: DietKey): string => {
  const n = DIET_ICONS[d].width ?? 1;
  return `<svg class="dg${n > 1 ? ` w${n}` : ''}" aria-hidden="true"><use href="#y-${d}"/></svg>`;
};

/**
 * The guest filter as a GET form (`?diet=vegan&hide=milk`): it works without JavaScript (the server
 * renders the excluded dishes `hidden`), the state lives in the URL so it can be shared, and the
 * filter script applies it instantly. `lang`: the page's language when the guest can switch, so
 * applying the filter keeps it.
 */
function filterForm(
  filter: GuestFilter,
  diets: DietKey[],
  allergens: (typeof ALLERGENS)[number][],
  lang: string,
  q: string,
  text: PageText,
): string {
  const { c, cl } = text;
  const box = (name: string, id: string, value: string, on: boolean, label: string) =>
    `<label><input type="checkbox" name="${name}" value="${value}" id="${id}"${on ? ' checked' : ''}> ${label}</label>`;
  return (
    '<form class="fl" id="f" method="get">' +
    (lang ? `<input type="hidden" name="lang" value="${esc(lang)}">` : '') +
    searchField(q, c, cl) +
    (diets.length
      ? `<details${filter.diet.length ? ' open' : ''}><summary${cl}>${esc(c.only)}</summary><div${cl}>${diets
          .map((d) => box('diet', `d-${d}`, d, filter.diet.includes(d), `${legendIcon(d)} ${esc(c.diets[d])}`))
          .join('')}</div></details>`
      : '') +
    (allergens.length
      ? `<details${filter.hide.length ? ' open' : ''}><summary${cl}>${esc(c.hide)}</summary><div${text.al}>${allergens
          .map((a) => box('hide', `x-${a.key}`, a.key, filter.hide.includes(a.key), `${esc(a.code)} · ${esc(text.names[a.key])}`))
          .join('')}</div></details>`
      : '') +
    // Only without JavaScript: with it the filter applies on every tick, and a button hidden by the
    // script after the first paint would shift the menu below it.
    `<noscript><button${cl}>${esc(c.apply)}</button></noscript></form>`
  );
}

/** The venue's colour, corrected for contrast in each scheme (`--b`, with its text colour `--bt`). */
export function brandCss(venue: GuestVenue): string {
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
  const { c, cl } = pageText(lang);
  const v = venueLangs(venue, lang);
  const name = shown(venue.translations, 'name', venue.name, v);
  const address = venue.address ? shown(venue.translations, 'address', venue.address, v) : null;
  const logo = venue.logo
    ? `<img class="lo" src="/api/files/venues/${esc(venue.id)}/${esc(encodeURIComponent(venue.logo))}?thumb=128x128" width="56" height="56" alt="">`
    : '';
  return (
    `<!doctype html><html lang="${esc(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><meta name="robots" content="noindex">` +
    `<title>${esc(c.unavailable)} – ${esc(name.text)}</title><meta name="theme-color" content="${esc(ensureContrast(venue.primaryColor, '#ffffff'))}">` +
    `<style>${brandCss(venue)}${GUEST_CSS}.nf h2{margin-top:0;color:var(--fg)}</style></head>` +
    `<body><header>${logo}<div><h1${name.la}>${esc(name.text)}</h1>${address ? `<p${address.la}>${esc(address.text)}</p>` : ''}</div></header>` +
    `<main class="nf" role="status"${cl}><h2>${esc(c.unavailable)}</h2><p>${esc(c.unavailableText)}</p></main></body></html>`
  );
}

/** The page of an unknown venue or menu, in the guest's language (`lang`: a shipped chrome language). */
export function renderNotFound(lang = 'en'): string {
  const { c } = pageText(lang);
  const chromeLang = guestChrome(lang).lang;
  return (
    `<!doctype html><html lang="${esc(chromeLang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><meta name="robots" content="noindex"><title>${esc(c.notFound)}</title>` +
    `<style>:root{--b:#0f766e;--bt:#fff}${GUEST_CSS}</style></head><body><main class="nf"><h1>${esc(c.notFound)}</h1><p>${esc(c.notFoundText)}</p></main></body></html>`
  );
}
