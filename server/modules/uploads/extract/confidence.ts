import { CONFIDENCE_MODEL } from './confidence-model.ts';
import { isCaps } from './letter-case.ts';
import { marksAllergensDishByDish } from '../../../../shared/allergen-hints.ts';

/**
 * How sure the extractor is about an item and each of its fields, from what it knew while reading
 * the item (how the line was parsed, where the price stood, whether the name's style is the
 * page's item-name style, whether a legend or a variant header was found …).
 *
 * The numbers are not hand-set: `npm run calibrate:extract` (scripts/calibrate-extract.ts) scores
 * every item the extractor reads from the menu corpus (text PDFs of both halves, scans, photos)
 * against its truth and fits one logistic regression per field, cross-fitted by menu (no item is
 * scored by a model that saw its menu while the penalty and the threshold are chosen); the
 * weights are committed as data in `confidence-model.ts`. An item is flagged when it has no price
 * (or its words name an allergen its codes leave out: `flaggedWhateverScore`) or its confidence
 * is under the calibrated threshold of its source (text layer or OCR): the
 * lowest that flags 91 % of the wrong items, or where that would flag more than 20 % of the right
 * ones, P(right) = 5/6 (a wrong item let through weighed as five right ones looked at), kept under
 * that cap.
 */

/** What the extractor knew about one item; every value is a number in [0, 1]. */
export const FEATURES = [
  'noPrice',
  'barePrice',
  'leadingPrice',
  'priceOwnLine',
  'headerLabels',
  'otherLabels',
  'severalPrices',
  'currencySign',
  'priceOffColumn',
  'nameLong',
  'nameShort',
  'nameWords',
  'nameLower',
  'nameCaps',
  'nameDigits',
  'namePunct',
  'nameWrapped',
  'nameStyleOther',
  'nameStyleRare',
  'nameSizeOff',
  'descLong',
  'descNone',
  'rows',
  'noHeading',
  'firstInSection',
  'lastInSection',
  'loneInSection',
  'pageEdge',
  'gapLarge',
  'legendFound',
  'allergensRaised',
  'allergensInline',
  'diets',
  'columns',
  'sectionSpaced',
  'sectionDigits',
  'sectionPunct',
  'sectionWords',
  'sectionLowerWord',
  'sectionCaps',
  'docAllergenShare',
  'noAllergensAmongMany',
  'unlabelledPrices',
  'descNumbers',
  'descPrice',
  'nameOpenEnd',
  'descLeaders',
  'labelBareNumber',
  'docNoPrice',
  'docOddNames',
  'sectionNoPrice',
  'ocr',
  'nameUnsure',
  'priceUnsure',
  'priceUnchecked',
  'marksUnsure',
  'textUnsure',
  'marksUnread',
  'legendButNone',
  'nameGarbled',
  'headingUnsure',
  'sectionGarbled',
  'allergenWordsUnmarked',
] as const;
export type Feature = (typeof FEATURES)[number];

/**
 * Facts only `flaggedWhateverScore` uses: the items they mark are flagged anyway, so a weight
 * learnt for them would rank nothing and only move the other weights (a handful of examples).
 */
export const RULE_ONLY_FEATURES: readonly Feature[] = ['descPrice'];
/** The features the confidence model weighs (`npm run calibrate:extract` fits these). */
export const FITTED_FEATURES: readonly Feature[] = FEATURES.filter((f) => !RULE_ONLY_FEATURES.includes(f));
export type Features = Record<Feature, number>;

export const FIELDS = ['item', 'name', 'price', 'section', 'allergens'] as const;
export type ConfidenceField = (typeof FIELDS)[number];

/**
 * A fitted model: per field an intercept and one weight per feature; the item's flag threshold for
 * text-layer items and for OCR items (apart: OCR items are wrong thirty times as often).
 */
export interface ConfidenceModel {
  fitted: string;
  threshold: number;
  ocrThreshold: number;
  fields: Record<ConfidenceField, { bias: number; weights: Partial<Record<Feature, number>> }>;
}

/** The raw facts the extractor collects while it builds an item. */
export interface ItemFacts {
  name: string;
  description: string;
  prices: Array<{ label: string; bare: boolean; currency: string | null }>;
  leadingPrice: boolean;
  priceOwnLine: boolean;
  headerLabels: boolean;
  /** Right edge of the item's price, and the median right edge of prices in its column (points). */
  priceRight: number | null;
  columnPriceRight: number | null;
  size: number;
  /** Lines the name took, lines the item took. */
  nameLines: number;
  rows: number;
  /** The name row's style is an item-name style, and how often that style is voted for (0–1). */
  nameStyle: boolean;
  nameStyleShare: number;
  /** Item-name size of the document. */
  refSize: number;
  underHeading: boolean;
  index: number;
  sectionSize: number;
  /** Baseline of the name row relative to the page height (0 top, 1 bottom). */
  pageY: number;
  /** Space above the name row in units of the usual item gap (null: first line of a column). */
  gapRatio: number | null;
  legendFound: boolean;
  raisedAllergens: number;
  inlineAllergens: number;
  diets: number;
  /** Columns on the item's page (1–3). */
  columns: number;
  /** The item's page was read by OCR (a scan or a photo), not from a text layer. */
  ocr: boolean;
  /** Raised runs (footnote marks) on the item's lines, whether or not they became allergens. */
  marks?: number;
  /**
   * Tesseract's word confidence (0–100, the least sure word) of the name, of the amounts, of the
   * raised marks and of all the item's text; 100 where nothing was read by OCR. Optional (like
   * `marks`): samples cached before these facts existed lack them.
   */
  nameConf?: number;
  priceConf?: number;
  /** OCR: a second engine read the same amounts. */
  priceChecked?: boolean;
  markConf?: number;
  textConf?: number;
  /** The same for the heading of the item's section. */
  headingConf?: number;
  /** The name of the section the item is in, as read. */
  sectionName: string;
  /**
   * Allergens the item's words name that its codes leave out ("Hake" without fish:
   * shared/allergen-hints.ts). Optional: samples cached before this fact lack it.
   */
  unmarkedHints?: number;
  /** Share of the document's items that carry allergens (0–1). */
  docAllergenShare: number;
  /** Share of the document's items without a price, and of those whose name row is not in an item-name style (0–1). */
  docNoPriceShare: number;
  docOddNameShare: number;
  /** Share of the item's section's other items without a price (0–1). */
  sectionNoPriceShare: number;
}

const clamp = (n: number) => Math.max(0, Math.min(1, n));
/** Name prefixes followed by a capital inside one word ("McDonald", "MacArthur", "DeLuca", "LaCroix"). */
const NAME_PREFIXES = /(?<![\p{L}])(?:Mc|Mac|De|Di|Da|Du|La|Le|Van|Von|O')(?=\p{Lu})/gu;
const garbled = (text: string) => /\p{Ll}\p{Lu}|(\p{L})\1\1|\p{L}\d\p{L}/u.test(text.replace(NAME_PREFIXES, ''));
/** 0 for a word read at 90 % or more, rising to 1 at 40 %. */
const unsure = (conf: number | undefined) => clamp((90 - (conf ?? 100)) / 50);
const bit = (b: boolean) => (b ? 1 : 0);

/** Words that do not end a dish name in the shipped languages: a name ending in one was cut at a line end. */
const CONNECTOR_END = /(?:^|\s)(?:and|with|or|of|in|on|mit|und|oder|von|vom|auf|et|ou|avec|de|du|des|à|au|aux|e|con|di|del|della|al|alla|y|o|en|met|van|op|&|\+)$/iu;


/** An amount with cents not after a "+" (a supplement) and not before a unit ("0,75 l"). */
const DESCRIPTION_PRICE = /(?<![+\d.,])(?:[€$£]\s?)?\d{1,4}[.,]\d{2}(?![\d.,]|\s?(?:l|cl|ml|dl|g|kg|%)(?!\p{L}))/iu;

export function itemFeatures(f: ItemFacts): Features {
  const words = f.name.split(/\s+/).filter(Boolean).length;
  const offColumn = f.priceRight !== null && f.columnPriceRight !== null ? Math.abs(f.priceRight - f.columnPriceRight) / Math.max(4, f.size * 2) : 0;
  return {
    noPrice: bit(!f.prices.length),
    barePrice: bit(f.prices.length > 0 && f.prices.every((p) => p.bare && !p.label)),
    leadingPrice: bit(f.leadingPrice),
    priceOwnLine: bit(f.priceOwnLine),
    headerLabels: bit(f.headerLabels),
    otherLabels: bit(!f.headerLabels && f.prices.some((p) => p.label)),
    severalPrices: clamp((f.prices.length - 1) / 3),
    currencySign: bit(f.prices.some((p) => p.currency)),
    priceOffColumn: clamp(offColumn),
    nameLong: clamp(f.name.length / 60),
    nameShort: bit(f.name.replace(/[^\p{L}]/gu, '').length < 4),
    nameWords: clamp((words - 1) / 8),
    nameLower: bit(/^\p{Ll}/u.test(f.name)),
    nameCaps: bit(isCaps(f.name)),
    nameDigits: bit(/\d/.test(f.name)),
    namePunct: bit(/[,.;:!?)]$|:/.test(f.name)),
    nameWrapped: bit(f.nameLines > 1),
    nameStyleOther: bit(!f.nameStyle),
    nameStyleRare: clamp(1 - f.nameStyleShare),
    nameSizeOff: clamp(Math.abs(f.size / Math.max(1, f.refSize) - 1) * 3),
    descLong: clamp(f.description.length / 300),
    descNone: bit(!f.description),
    rows: clamp((f.rows - 1) / 5),
    noHeading: bit(!f.underHeading),
    firstInSection: bit(f.index === 0),
    lastInSection: bit(f.index === f.sectionSize - 1),
    loneInSection: bit(f.sectionSize === 1),
    pageEdge: bit(f.pageY < 0.12 || f.pageY > 0.88),
    gapLarge: f.gapRatio === null ? 0 : clamp((f.gapRatio - 1) / 2),
    legendFound: bit(f.legendFound),
    allergensRaised: bit(f.raisedAllergens > 0),
    allergensInline: bit(f.inlineAllergens > 0),
    diets: bit(f.diets > 0),
    columns: clamp((f.columns - 1) / 2),
    // A heading read wrong puts every item under it in the wrong section: letter-spaced remains
    // ("l e s plats"), codes or prices, two headings or a heading and a description run together.
    sectionSpaced: bit(/(?:^|\s)\p{L}\s\p{L}(?:\s|$)/u.test(f.sectionName)),
    sectionDigits: bit(/\d/.test(f.sectionName)),
    sectionPunct: bit(/[,;:.()]/.test(f.sectionName)),
    sectionWords: clamp((f.sectionName.split(/\s+/).filter(Boolean).length - 1) / 4),
    sectionLowerWord: bit(/\s\p{Ll}{3,}/u.test(f.sectionName) && !isCaps(f.sectionName)),
    sectionCaps: bit(isCaps(f.sectionName)),
    docAllergenShare: clamp(f.docAllergenShare),
    // Several prices without labels: the variant header was not found.
    unlabelledPrices: bit(f.prices.length >= 2 && f.prices.some((p) => !p.label)),
    // Amounts or sizes left in the description: a price or a label was not read.
    descNumbers: bit(/\d[.,]\d{2}\b|\b\d+\s?(?:cl|ml|l|g)\b/i.test(f.description)),
    // A price in the description (an amount with cents, not a size, not a "+1,50" supplement): a
    // price of the item, or another item, ran into it unread ("4,20 € / 6 pers.").
    descPrice: bit(DESCRIPTION_PRICE.test(f.description)),
    noAllergensAmongMany: bit(f.raisedAllergens + f.inlineAllergens === 0 && f.docAllergenShare >= 0.5),
    // A name cut at a line end: it ends in a comma, a hyphen or a connector word ("… with Horseradish and").
    nameOpenEnd: bit(/[,\-–]$/.test(f.name.trim()) || CONNECTOR_END.test(f.name.trim())),
    // Dot leaders in the description: another item's line ran into this one.
    descLeaders: bit(/(?:\.\s?){4,}|…|(?:·\s?){3,}/.test(f.description)),
    // A variant label that ends in a bare number has probably lost its unit or word ("Pichet 50", "1 boule 2").
    labelBareNumber: bit(f.prices.some((p) => /\d$/.test(p.label.trim()))),
    // How troubled the rest of the document and of the section is: items without a price, names not in a name style.
    docNoPrice: clamp(f.docNoPriceShare * 4),
    docOddNames: clamp(f.docOddNameShare * 4),
    sectionNoPrice: clamp(f.sectionNoPriceShare * 2),
    ocr: bit(f.ocr),
    // OCR's own doubt: a word Tesseract was unsure of is often misread (a clean word scores 90+).
    nameUnsure: unsure(f.nameConf),
    priceUnsure: unsure(f.priceConf),
    // No second engine read the amounts the same (it read no whole price: a photo, a thin or bold face).
    priceUnchecked: bit(f.ocr && f.prices.length > 0 && !f.priceChecked),
    marksUnsure: unsure(f.markConf),
    textUnsure: unsure(f.textConf),
    // Raised marks that gave no allergen: misread codes (a scan's "1,3,7" read as "137" or "l3").
    marksUnread: bit((f.marks ?? 0) > 0 && f.raisedAllergens === 0),
    // A legend but no code on the item: on a scan, marks too faint to be found are the usual cause.
    legendButNone: bit(f.legendFound && f.raisedAllergens + f.inlineAllergens === 0),
    // Letters no word has: a capital after small letters inside a word ("FrÜüHstück"; names such
    // as "McDonald" or "LaCroix" aside), a letter three times over ("ScuurrrzACCH"), a digit
    // between letters ("Ca1zone"): OCR misread them.
    nameGarbled: bit(garbled(f.name)),
    // A heading OCR doubted or misread puts the items under it in a section of the wrong name, or
    // in the section before when it was not taken for a heading at all.
    headingUnsure: unsure(f.headingConf),
    sectionGarbled: bit(garbled(f.sectionName)),
    // Where the menu marks allergens, a dish whose words name one it is not marked with ("Hake"
    // marked eggs, not fish): a code misread or lost (the menus' own truth breaks this for 2 of
    // 357 dishes: a potato "Reibekuchen", a brownie).
    allergenWordsUnmarked: bit(marksAllergensDishByDish(f.docAllergenShare) && (f.unmarkedHints ?? 0) > 0),
  };
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

export function predict(model: ConfidenceModel['fields'][ConfidenceField], features: Features): number {
  let z = model.bias;
  for (const k of FEATURES) z += (model.weights[k] ?? 0) * features[k];
  return sigmoid(z);
}

export interface ItemConfidence {
  confidence: number;
  fields: { name: number; price: number; section: number; allergens: number };
  flagged: boolean;
}

/** P(every field right): the item model and the product of the field models, whichever is lower. */
export function itemScore(features: Features, model: ConfidenceModel): number {
  const product = (['name', 'price', 'section', 'allergens'] as const).reduce((p, f) => p * predict(model.fields[f], features), 1);
  return Math.min(predict(model.fields.item, features), product);
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Items flagged whatever their score: no price (the reviewer must say "price on request" or type
 * one); several prices of which one has no label (what does it buy? a header not found: the guest
 * would see two prices and one name); a price left in the description ("Tarte aux fraisespart"
 * with "4,20 € / 6 pers." left over: the label glued to the name hid the first price); and, where
 * the menu marks allergens, a dish whose words name an allergen its codes leave out ("Hake"
 * without fish): a code misread or lost that the model, fitted on few such items, scores too high
 * (2 of the 357 dishes of the corpus menus that mark allergens break the rule).
 */
export function flaggedWhateverScore(features: Features): boolean {
  return features.noPrice === 1 || features.unlabelledPrices === 1 || features.descPrice === 1 || features.allergenWordsUnmarked === 1;
}

/** The item's confidence, its fields' and its flag, from the committed (or a given) model. */
export function itemConfidence(features: Features, model: ConfidenceModel = CONFIDENCE_MODEL): ItemConfidence {
  const confidence = itemScore(features, model);
  return {
    confidence: round2(confidence),
    fields: {
      name: round2(predict(model.fields.name, features)),
      price: round2(predict(model.fields.price, features)),
      section: round2(predict(model.fields.section, features)),
      allergens: round2(predict(model.fields.allergens, features)),
    },
    flagged: flaggedWhateverScore(features) || confidence < (features.ocr ? model.ocrThreshold : model.threshold),
  };
}
