import { describe, expect, it } from 'vitest';
import {
  FEATURES,
  flaggedWhateverScore,
  itemConfidence,
  itemFeatures,
  predict,
  type Features,
  type ItemFacts,
} from '../../server/modules/uploads/extract/confidence.ts';
import { CONFIDENCE_MODEL } from '../../server/modules/uploads/extract/confidence-model.ts';
import {
  WORTH_A_LOOK,
  chooseThreshold,
  collectSamples,
  crossFit,
  fitLogistic,
  flagRates,
  foldOf,
  itemRight,
  type Sample,
} from './calibrate.ts';
import { isRaster, loadManifest, menuSplit } from './run.ts';

/**
 * The committed confidence model (written by `npm run calibrate:extract`) against the current
 * extractor, on every held-out text PDF of the corpus (87 files). The model was fitted on every
 * item of the corpus, so these are not out-of-fold numbers (those are the calibration's, in the
 * README): the bounds sit a few points below what the committed model reaches here, so the test
 * fails when the extractor changed enough that the weights no longer describe it, i.e. when the
 * calibration is due again.
 *
 * History: after extraction round 4 (2026-11-26) the held-out half kept 17 wrong items and the
 * model flagged 76.5 % of them and 24.0 % of the right ones. By 2026-11-27 the extractor left 6
 * wrong items there (9 on all text PDFs), and those few are scored like right items out of fold:
 * catching 90 % of them would flag 82 % of the right items. So the calibration of 2026-11-27
 * gives each source (text layer, OCR) its own threshold, and where the asked 91 % of the wrong
 * items would flag more than 20 % of the right ones, it flags where a look pays (P(right) < 5/6,
 * a wrong item let through weighed as five looked at), under that cap (README, "Confidence,
 * third attempt"). On the held-out text PDFs that flags 1 of the 6 wrong items and 6.2 % of the
 * right ones (per producer 2.8–10.7 %; the unpriced items are most of them). So few errors
 * say little about how well the flags catch them; this test bounds what stays meaningful: at
 * most 20 wrong items (more: the extractor changed, calibrate again), at most 10 % of the right
 * ones flagged (15 % per producer), the flags those of the committed model, and the right items
 * more confident than the wrong ones on average. OCR items are checked through the upload route
 * (ocr-upload.test.ts).
 */
describe('confidence calibration is current', () => {
  it('flags few right items on the held-out text PDFs, as the committed model does', { timeout: 60_000 }, async () => {
    const files = loadManifest().files;
    const split = menuSplit(files.map((e) => e.menu));
    const sample = files.filter((e) => !isRaster(e) && split.get(e.menu) === 'held-out');
    expect(sample.length).toBeGreaterThanOrEqual(80);
    const samples = await collectSamples(sample);
    const rates = flagRates(samples);
    // (None left since 2026-12-05; 25 on 2026-11-26.)
    expect(rates.wrong).toBeLessThanOrEqual(20);
    expect(rates.rightFlagged).toBeLessThanOrEqual(0.1);
    // Per producer (issue 21 asks for every producer, not the average): held-out right items flagged
    // 2.8–10.7 % (draw the most).
    for (const producer of ['chromium', 'writer', 'pdfkit', 'latex', 'draw']) {
      const part = flagRates(samples.filter((s) => s.producer === producer));
      expect(part.rightFlagged, producer).toBeLessThanOrEqual(0.15);
    }
    // The flag the extractor wrote is the committed model's, and the features are those of the facts.
    for (const s of samples) {
      expect(s.flagged).toBe(itemConfidence(s.features, CONFIDENCE_MODEL).flagged);
      expect(s.features).toEqual(itemFeatures(s.facts));
    }
    // Right items are more confident than wrong ones on average.
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const conf = (right: boolean) =>
      mean(samples.filter((s) => itemRight(s.verdict) === right).map((s) => itemConfidence(s.features).confidence));
    // (0.2 and more while there were 15 wrong items or more; on 2026-11-27 0.107 with 10 left,
    // 0.103 with 7, 0.026 with 6: the mean of a handful of errors moves with each one fixed.)
    if (rates.wrong > 0) expect(conf(true) - conf(false)).toBeGreaterThan(0);
  });
});

describe('calibration design', () => {
  it('folds by menu: a stable hash of the id, the menus spread over all five folds', () => {
    const menus = [...new Set(loadManifest().files.map((e) => e.menu))];
    const counts = [0, 0, 0, 0, 0];
    for (const m of menus) counts[foldOf(m)] = (counts[foldOf(m)] as number) + 1;
    for (const c of counts) expect(c / menus.length).toBeGreaterThan(0.1);
    for (const c of counts) expect(c / menus.length).toBeLessThan(0.3);
    // Stable across runs and machines (FNV-1a), so the out-of-fold numbers can be reproduced.
    expect([foldOf('de-biergarten-isar'), foldOf('fr-creperie-ty-breizh')]).toEqual([1, 0]);
  });

  it('the threshold is the lowest that flags the asked share of the wrong items; items without a price count as flagged', () => {
    const wrong = (p: number, always = false) => ({ p, always, right: false });
    const right = (p: number) => ({ p, always: false, right: true });
    const scored = [wrong(0.2), wrong(0.5), wrong(0.7), wrong(0.9, true), right(0.6), right(0.95)];
    // 3 of 4 wrong: the price-less one plus 0.2 and 0.5, so just above 0.5.
    expect(chooseThreshold(scored, 0.75)).toBe(0.501);
    expect(chooseThreshold(scored, 1)).toBe(0.701);
    expect(chooseThreshold(scored, 0.25)).toBe(0);
  });

  it('where the asked share would flag more than the allowed share of right items, the threshold is where a look pays, under that cap', () => {
    const wrong = (p: number) => ({ p, always: false, right: false });
    const right = (p: number) => ({ p, always: false, right: true });
    // Ten right items at 0.50 … 0.95; the wrong ones at 0.3 and 0.97 (scored like right ones).
    const rights = Array.from({ length: 10 }, (_, i) => right(0.5 + i * 0.05));
    const scored = [wrong(0.3), wrong(0.97), ...rights];
    expect(chooseThreshold(scored, 1)).toBe(0.971);
    // At most 20 %: two right items (0.50, 0.55) under it, so up to the third (0.60), under P(right) = 5/6.
    expect(WORTH_A_LOOK).toBe(0.833);
    expect(chooseThreshold(scored, 1, 0.2)).toBe(0.6);
    // At most 50 %: five right items may be flagged, so up to the sixth (0.75), under 5/6.
    expect(chooseThreshold(scored, 1, 0.5)).toBe(0.75);
    // At most 80 %: the cap (0.9) is above 5/6, so 5/6 it is.
    expect(chooseThreshold(scored, 1, 0.8)).toBe(WORTH_A_LOOK);
    // Reachable within the cap: the asked share's threshold.
    expect(chooseThreshold(scored, 0.5, 0.2)).toBe(0.301);
    // Right items without a price are flagged anyway and use up the share.
    expect(chooseThreshold([wrong(0.3), right(0.9), { p: 0.9, always: true, right: true }], 1, 0.5)).toBe(0);
  });

  it('cross-fitting never scores an item with a model that saw its menu', () => {
    // Two menus with opposite labels for the same features: a model that saw the item's own menu
    // would score it right; out-of-fold, it is scored by the other menu's opposite pattern.
    const zero = Object.fromEntries(FEATURES.map((f) => [f, 0])) as Features;
    const menus = ['aa', 'bb', 'cc', 'dd', 'ee', 'ff', 'gg', 'hh'];
    const byFold = new Map<number, string>();
    for (const m of menus) if (!byFold.has(foldOf(m))) byFold.set(foldOf(m), m);
    const [a, b] = [...byFold.values()] as [string, string];
    const sample = (menu: string, x: number, right: boolean): Sample => ({
      file: `${menu}.pdf`,
      menu,
      producer: 'writer',
      half: 'dev',
      facts: {} as Sample['facts'],
      features: { ...zero, nameDigits: x },
      verdict: { name: right, price: right, section: right, allergens: right },
      flagged: false,
    });
    const samples: Sample[] = [];
    for (let i = 0; i < 40; i++) {
      samples.push(sample(a, i % 2, i % 2 === 1), sample(b, i % 2, i % 2 === 0));
    }
    const fit = crossFit(samples, 1e-3, 0.9);
    const mean = (xs: number[]) => xs.reduce((s, v) => s + v, 0) / xs.length;
    // Menu a: nameDigits=1 are right there, but its scores come from menu b, where they are wrong.
    const aWith = fit.samples.filter((s) => s.menu === a && s.features.nameDigits === 1).map((s) => s.p);
    const aWithout = fit.samples.filter((s) => s.menu === a && s.features.nameDigits === 0).map((s) => s.p);
    expect(mean(aWith)).toBeLessThan(mean(aWithout));
  });
});

const facts = (over: Partial<ItemFacts> = {}): ItemFacts => ({
  name: 'Tomato soup',
  description: 'basil, cream',
  prices: [{ label: '', bare: false, currency: 'EUR' }],
  leadingPrice: false,
  priceOwnLine: false,
  headerLabels: false,
  priceRight: 500,
  columnPriceRight: 500,
  size: 10,
  nameLines: 1,
  rows: 2,
  nameStyle: true,
  nameStyleShare: 0.9,
  refSize: 10,
  underHeading: true,
  index: 1,
  sectionSize: 6,
  pageY: 0.4,
  gapRatio: 1,
  legendFound: false,
  raisedAllergens: 0,
  inlineAllergens: 0,
  diets: 0,
  columns: 1,
  ocr: false,
  sectionName: 'Soups',
  docAllergenShare: 0,
  docNoPriceShare: 0,
  docOddNameShare: 0,
  sectionNoPriceShare: 0,
  ...over,
});

describe('item features and confidence', () => {
  it('every feature is a number in [0, 1]', () => {
    for (const f of [facts(), facts({ name: 'x'.repeat(300), prices: [], columns: 3, gapRatio: 9, sectionName: 'l e s plats 1,3' })]) {
      const features = itemFeatures(f);
      for (const k of FEATURES) expect(features[k], k).toBeGreaterThanOrEqual(0);
      for (const k of FEATURES) expect(features[k], k).toBeLessThanOrEqual(1);
    }
  });

  it('an item read cleanly is confident and unflagged; without a price it is flagged; a cut name or a price off its column lowers the field at fault', () => {
    const clean = itemConfidence(itemFeatures(facts()));
    expect(clean.flagged).toBe(false);
    expect(clean.confidence).toBeGreaterThan(CONFIDENCE_MODEL.threshold);
    expect(itemConfidence(itemFeatures(facts({ prices: [] }))).flagged).toBe(true);
    // Whether these alone flag the item is the calibration's call (how often the corpus's items
    // with them were wrong); that they lower the confidence of the field at fault is not.
    // A wrapped name cut at the line end: the name is what is doubtful.
    const cut = itemConfidence(itemFeatures(facts({ name: 'Hot Beef Baguette with Horseradish and' })));
    expect(cut.confidence).toBeLessThan(clean.confidence);
    expect(cut.fields.name).toBeLessThan(clean.fields.name);
    // A price standing off its column's right edge (taken from the next column, or from a line
    // Tesseract drew across two): the price is what is doubtful. (Unlabelled variant prices were
    // the example here until the corpus had none left to learn from.)
    const off = itemConfidence(itemFeatures(facts({ priceRight: 470 })));
    expect(off.confidence).toBeLessThan(clean.confidence);
    expect(off.fields.price).toBeLessThan(off.fields.name);
  });

  it("OCR's own doubt lowers an OCR item's confidence: an unsure name, price or mark, marks that gave no allergen", () => {
    const ocr = { ocr: true, legendFound: true, raisedAllergens: 2, marks: 1, nameConf: 95, priceConf: 95, markConf: 95, textConf: 95 };
    const sure = itemConfidence(itemFeatures(facts(ocr)));
    expect(sure.flagged).toBe(false);
    expect(itemFeatures(facts({ ...ocr, nameConf: 40 })).nameUnsure).toBe(1);
    expect(itemFeatures(facts({ ...ocr, nameConf: 90 })).nameUnsure).toBe(0);
    // A text layer has no word confidences: nothing to doubt.
    expect(itemFeatures(facts()).textUnsure).toBe(0);
    const unsureName = itemConfidence(itemFeatures(facts({ ...ocr, nameConf: 35, textConf: 35 })));
    expect(unsureName.fields.name).toBeLessThan(sure.fields.name);
    // (By how much is the fit's: 0.09–0.13 over the last calibrations.)
    expect(unsureName.confidence).toBeLessThan(sure.confidence - 0.05);
    const unsurePrice = itemConfidence(itemFeatures(facts({ ...ocr, priceConf: 35, textConf: 35 })));
    expect(unsurePrice.fields.price).toBeLessThan(sure.fields.price);
    expect(unsurePrice.confidence).toBeLessThan(sure.confidence - 0.1);
    // Raised marks that did not map to the legend: the allergens are what is doubtful.
    const unread = itemFeatures(facts({ ...ocr, raisedAllergens: 0 }));
    expect([unread.marksUnread, unread.legendButNone]).toEqual([1, 1]);
    expect(itemConfidence(unread).fields.allergens).toBeLessThan(sure.fields.allergens);
    expect(itemConfidence(unread).flagged).toBe(true);
    // Letters no word has: OCR misread the name.
    for (const name of ['WIENER FrÜüHstück', 'CHOCOLATE CHIP ScuurrrzACCH', 'Ca1zone'])
      expect(itemFeatures(facts({ ...ocr, name })).nameGarbled, name).toBe(1);
    for (const name of ['Cacio e pepe', 'McDonald Burger', 'LaCroix', 'Brie 2 ways', 'Zuppa (200 g)'])
      expect(itemFeatures(facts({ ...ocr, name })).nameGarbled, name).toBe(0);
    // (Unrounded: a sure OCR name's confidence rounds to 1.00 with or without it since 2026-12-05.)
    const nameModel = CONFIDENCE_MODEL.fields.name;
    expect(predict(nameModel, itemFeatures(facts({ ...ocr, name: 'WIENER FrÜüHstück' })))).toBeLessThan(
      predict(nameModel, itemFeatures(facts(ocr))),
    );
    // A heading OCR doubted: the section is what is doubtful.
    const unsureHeading = itemFeatures(facts({ ...ocr, headingConf: 30 }));
    expect(unsureHeading.headingUnsure).toBe(1);
    expect(itemConfidence(unsureHeading).fields.section).toBeLessThan(sure.fields.section);
  });

  it('flags a dish whose words name an allergen its codes leave out, where the menu marks allergens', () => {
    const marked = { legendFound: true, raisedAllergens: 2, docAllergenShare: 0.8, unmarkedHints: 1 };
    const features = itemFeatures(facts(marked));
    expect(features.allergenWordsUnmarked).toBe(1);
    expect(flaggedWhateverScore(features)).toBe(true);
    expect(itemConfidence(features).flagged).toBe(true);
    // A menu that marks no allergens says nothing about a dish's words.
    expect(itemFeatures(facts({ ...marked, docAllergenShare: 0 })).allergenWordsUnmarked).toBe(0);
    expect(itemFeatures(facts({ ...marked, unmarkedHints: 0 })).allergenWordsUnmarked).toBe(0);
  });

  it('flags a price left in the description, not a size, a supplement or a sentence with numbers', () => {
    const left = itemFeatures(facts({ name: 'Tarte aux fraisespart', description: '4,20 € / 6 pers.' }));
    expect(left.descPrice).toBe(1);
    expect(itemConfidence(left).flagged).toBe(true);
    for (const description of ['Catalana 11,00 15,00 Butifarra', '€12.50 for two'])
      expect(itemFeatures(facts({ description })).descPrice, description).toBe(1);
    for (const description of [
      '0,75 l Flasche',
      '50ml',
      'glutenvrij te bestellen (+1,50)',
      'served with 2 eggs',
      'aged 12.5% vol',
      'basil, cream',
    ])
      expect(itemFeatures(facts({ description })).descPrice, description).toBe(0);
    // Only the rule uses it: the model gives it no weight.
    for (const field of Object.values(CONFIDENCE_MODEL.fields)) expect(field.weights.descPrice).toBeUndefined();
  });

  it('logistic regression learns a separating feature and ignores noise', () => {
    const zero = Object.fromEntries(FEATURES.map((f) => [f, 0])) as Features;
    const xs: Features[] = [];
    const ys: boolean[] = [];
    for (let i = 0; i < 200; i++) {
      xs.push({ ...zero, noPrice: i % 2, nameShort: i % 3 === 0 ? 1 : 0 });
      ys.push(i % 2 === 0);
    }
    const fit = fitLogistic(xs, ys, { iterations: 2000 });
    expect(fit.weights.noPrice).toBeLessThan(-3);
    expect(Math.abs(fit.weights.nameShort ?? 0)).toBeLessThan(0.5);
  });

  it('a sample weighed 2 counts as that sample twice; weighed 0, as no sample', () => {
    const zero = Object.fromEntries(FEATURES.map((f) => [f, 0])) as Features;
    const xs: Features[] = [];
    const ys: boolean[] = [];
    for (let i = 0; i < 60; i++) {
      xs.push({ ...zero, nameDigits: i % 2, nameShort: i % 5 === 0 ? 1 : 0 });
      ys.push(i % 3 !== 0);
    }
    const weights = xs.map((_, i) => (i % 4 === 0 ? 2 : i % 7 === 0 ? 0 : 1));
    const expand = <T>(list: T[]) => list.flatMap((v, i) => Array<T>(weights[i] as number).fill(v));
    const weighed = fitLogistic(xs, ys, { l2: 1e-3, weights });
    const repeated = fitLogistic(expand(xs), expand(ys), { l2: 1e-3 });
    expect(weighed).toEqual(repeated);
    expect(weighed).not.toEqual(fitLogistic(xs, ys, { l2: 1e-3 }));
  });
});
