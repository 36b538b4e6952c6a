import { describe, expect, it } from 'vitest';
import { FEATURES, itemConfidence, itemFeatures, type Features, type ItemFacts } from '../../server/modules/uploads/extract/confidence.ts';
import { CONFIDENCE_MODEL } from '../../server/modules/uploads/extract/confidence-model.ts';
import { collectSamples, fitLogistic, flagRates, itemRight } from './calibrate.ts';
import { isRaster, loadManifest, menuSplit } from './run.ts';

/**
 * The committed confidence model (written by `npm run calibrate:extract`) against the current
 * extractor, on a fixed sample of the corpus's held-out text PDFs (every third file): the flags
 * must still hold most of the wrong items without flagging most of the right ones. The margins
 * are wide on purpose (the calibration's own numbers are in the README): this fails when the
 * extractor changed so much that the weights no longer describe it, i.e. run the calibration again.
 */
describe('confidence calibration is current', () => {
  it('flags most wrong items and few right ones on a fixed held-out sample', { timeout: 60_000 }, async () => {
    const files = loadManifest().files;
    const split = menuSplit(files.map((e) => e.menu));
    const sample = files.filter((e) => !isRaster(e) && split.get(e.menu) === 'held-out').filter((_, i) => i % 3 === 0);
    expect(sample.length).toBeGreaterThanOrEqual(25);
    const samples = await collectSamples(sample);
    const rates = flagRates(samples);
    expect(rates.wrong).toBeGreaterThan(50);
    expect(rates.caught).toBeGreaterThanOrEqual(0.75);
    expect(rates.rightFlagged).toBeLessThanOrEqual(0.35);
    // The flag the extractor wrote is the committed model's.
    for (const s of samples) expect(s.flagged).toBe(itemConfidence(s.features, CONFIDENCE_MODEL).flagged);
    // Right items are more confident than wrong ones on average.
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const conf = (right: boolean) =>
      mean(samples.filter((s) => itemRight(s.verdict) === right).map((s) => itemConfidence(s.features).confidence));
    expect(conf(true) - conf(false)).toBeGreaterThan(0.2);
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

  it('an item read cleanly is confident and unflagged; the same item without a price or under a garbled heading is flagged', () => {
    const clean = itemConfidence(itemFeatures(facts()));
    expect(clean.flagged).toBe(false);
    expect(clean.confidence).toBeGreaterThan(CONFIDENCE_MODEL.threshold);
    expect(itemConfidence(itemFeatures(facts({ prices: [] }))).flagged).toBe(true);
    const garbled = itemConfidence(itemFeatures(facts({ sectionName: 'l e s plats, 1,3,7 desserts' })));
    expect(garbled.flagged).toBe(true);
    expect(garbled.fields.section).toBeLessThan(clean.fields.section);
    expect(garbled.fields.name).toBeGreaterThan(garbled.fields.section);
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
});
