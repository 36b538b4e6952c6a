import fs from 'node:fs';
import path from 'node:path';
import { ExtractionError, extractPages, extractPdf } from '../../server/modules/uploads/extract/index.ts';
import type { MenuDraft } from '../../server/modules/uploads/extract/types.ts';
import { ocrImages, ocrPdf, ToolError } from '../../server/modules/uploads/ocr/index.ts';
import {
  flaggedWhateverScore,
  FITTED_FEATURES,
  FIELDS,
  itemConfidence,
  itemFeatures,
  itemScore,
  type ConfidenceField,
  type ConfidenceModel,
  type Features,
  type ItemFacts,
} from '../../server/modules/uploads/extract/confidence.ts';
import { inspectPdf } from '../../server/modules/uploads/pdf.ts';
import type { ManifestEntry } from './producers/plan.ts';
import { isRaster, loadManifest, menuSplit } from './run.ts';
import { scoreDraft, type ItemVerdict } from './score.ts';
import { FILES_DIR, loadMenu } from './truth.ts';

/**
 * Calibration of the extractor's confidence (server/modules/uploads/extract/confidence.ts).
 *
 * Every item extracted from the corpus's text PDFs (both halves), with the facts the extractor
 * knew and the scorer's verdict per field. The extractor's heuristics were tuned on the dev half,
 * so its errors there are rare and unlike the errors on menus it has not seen: a model fitted and
 * judged on one half learns from few, untypical errors. Instead the estimates are cross-fitted
 * by menu: the menus are cut into `FOLDS` folds by a stable hash of the menu id (all files of one
 * menu, whatever their producer, in the same fold), and each item is scored by a model fitted on
 * the other folds only, so no item is ever scored by a model that saw its menu. The flag
 * threshold and the L2 penalty are chosen on those out-of-fold scores, the reported numbers are
 * the out-of-fold ones, and the committed model is then fitted on every item.
 */

export interface Sample {
  file: string;
  menu: string;
  producer: string;
  half: 'dev' | 'held-out';
  facts: ItemFacts;
  features: Features;
  verdict: ItemVerdict;
  /** The flag the extractor set with the committed model. */
  flagged: boolean;
}

/** The share of wrong items a review must see: the target (flagged ⊇ 90 % of wrong ones). */
export const TARGET_CAUGHT = 0.9;
export const TARGET_RIGHT_FLAGGED = 0.2;
export const FOLDS = 5;

export const itemRight = (v: ItemVerdict) => v.name && v.price && v.section && v.allergens;
const target = (field: ConfidenceField, v: ItemVerdict) => (field === 'item' ? itemRight(v) : v[field]);

/** Where `npm run calibrate:extract -- --cached` keeps the extracted samples between runs (gitignored). */
export const SAMPLE_CACHE = path.resolve(import.meta.dirname, '../../.tmp/calibrate-samples.json');

/** The items of one file, with their facts, features, flags and verdicts (none when the file is refused). */
async function fileSamples(entry: ManifestEntry, half: Sample['half']): Promise<Sample[]> {
  const bytes = new Uint8Array(fs.readFileSync(path.join(FILES_DIR, entry.file)));
  let draft: MenuDraft;
  const inspected = entry.file.endsWith('.pdf') ? await inspectPdf(bytes) : null;
  try {
    if (!inspected) draft = extractPages(await ocrImages([bytes]), { features: true });
    else if (!inspected.ok) return [];
    else draft = await extractPdf(inspected.doc, { features: true, ocr: (sizes) => ocrPdf(bytes, sizes) });
  } catch (err) {
    if (err instanceof ExtractionError || err instanceof ToolError) return [];
    throw err;
  } finally {
    if (inspected?.ok) await inspected.doc.destroy();
  }
  const { verdicts } = scoreDraft(draft, loadMenu(entry.menu));
  const out: Sample[] = [];
  draft.sections
    .flatMap((s) => s.items)
    .forEach((item, i) => {
      const verdict = verdicts[i];
      if (!item.features || !item.facts || !verdict) return;
      out.push({
        file: entry.file,
        menu: entry.menu,
        producer: entry.producer,
        half,
        facts: item.facts,
        features: item.features,
        verdict,
        flagged: item.flagged,
      });
    });
  return out;
}

/**
 * The items of the manifest's text PDFs (or of those given), each extracted with its facts and
 * scored; with `ocr`, also the scans' and photos' (OCR, ~2 s a page).
 */
export async function collectSamples(entries: ManifestEntry[] = loadManifest().files, { ocr = false } = {}): Promise<Sample[]> {
  const split = menuSplit(loadManifest().files.map((e) => e.menu));
  const out: Sample[] = [];
  for (const entry of entries) {
    if (isRaster(entry) && !ocr) continue;
    out.push(...(await fileSamples(entry, split.get(entry.menu) ?? 'dev')));
  }
  return out;
}

/** Samples from the cache (features recomputed from the facts, so feature changes need no re-extraction). */
export function loadCachedSamples(file = SAMPLE_CACHE): Sample[] | null {
  if (!fs.existsSync(file)) return null;
  const samples = JSON.parse(fs.readFileSync(file, 'utf8')) as Sample[];
  return samples.map((s) => ({ ...s, features: itemFeatures(s.facts) }));
}

export function saveSamples(samples: Sample[], file = SAMPLE_CACHE): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(samples));
}

/** A stable fold per menu (FNV-1a of its id): every file of a menu lands in the same fold. */
export function foldOf(menu: string, folds = FOLDS): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < menu.length; i++) {
    h ^= menu.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % folds;
}

/** Solves A x = b (A symmetric positive definite, small) by Gaussian elimination with pivoting. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i] as number]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs((m[r] as number[])[c] as number) > Math.abs((m[p] as number[])[c] as number)) p = r;
    [m[c], m[p]] = [m[p] as number[], m[c] as number[]];
    const pivot = (m[c] as number[])[c] as number;
    if (Math.abs(pivot) < 1e-12) continue;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const row = m[r] as number[];
      const f = (row[c] as number) / pivot;
      if (!f) continue;
      const src = m[c] as number[];
      for (let k = c; k <= n; k++) row[k] = (row[k] as number) - f * (src[k] as number);
    }
  }
  return m.map((row, i) => {
    const d = row[i] as number;
    return Math.abs(d) < 1e-12 ? 0 : (row[n] as number) / d;
  });
}

/**
 * Logistic regression P(right | features) with an L2 penalty on the weights (not the intercept):
 * minimises the mean log loss + l2/2·|w|² by Newton's method (the problem is small and convex).
 * `weights` weigh the samples (a weight of 2 counts a sample twice; default 1 each).
 */
export function fitLogistic(
  xs: Features[],
  ys: boolean[],
  { l2 = 1e-3, iterations = 30, weights: ws }: { l2?: number; iterations?: number; weights?: number[] } = {},
) {
  const d = FITTED_FEATURES.length + 1; // [bias, ...weights]
  const sw = (i: number) => (ws ? (ws[i] as number) : 1);
  const n = Math.max(1e-9, ws ? ws.reduce((a, b) => a + b, 0) : xs.length);
  const rows = xs.map((x) => [1, ...FITTED_FEATURES.map((f) => x[f])]);
  const y = ys.map((v) => (v ? 1 : 0));
  const beta = new Array<number>(d).fill(0);
  const loss = (b: number[]) => {
    let sum = 0;
    rows.forEach((x, i) => {
      let z = 0;
      for (let j = 0; j < d; j++) z += (b[j] as number) * (x[j] as number);
      // log(1 + e^-z) for y = 1, log(1 + e^z) for y = 0, computed stably.
      const m = y[i] ? -z : z;
      sum += sw(i) * (m > 0 ? m + Math.log1p(Math.exp(-m)) : Math.log1p(Math.exp(m)));
    });
    let pen = 0;
    for (let j = 1; j < d; j++) pen += (b[j] as number) ** 2;
    return sum / n + (l2 / 2) * pen;
  };
  const rightShare = y.reduce((a: number, b, i) => a + b * sw(i), 0) / n;
  beta[0] = Math.log(Math.max(1e-3, rightShare) / Math.max(1e-3, 1 - rightShare));
  for (let it = 0; it < iterations; it++) {
    const grad = new Array<number>(d).fill(0);
    const hess = Array.from({ length: d }, () => new Array<number>(d).fill(0));
    rows.forEach((x, i) => {
      let z = 0;
      for (let j = 0; j < d; j++) z += (beta[j] as number) * (x[j] as number);
      const p = 1 / (1 + Math.exp(-z));
      const e = (p - (y[i] as number)) * sw(i);
      const w = Math.max(p * (1 - p), 1e-9) * sw(i);
      for (let j = 0; j < d; j++) {
        const xj = x[j] as number;
        if (!xj) continue;
        grad[j] = (grad[j] as number) + e * xj;
        const hj = hess[j] as number[];
        for (let k = j; k < d; k++) if (x[k]) hj[k] = (hj[k] as number) + w * xj * (x[k] as number);
      }
    });
    for (let j = 0; j < d; j++) {
      grad[j] = (grad[j] as number) / n + (j ? l2 * (beta[j] as number) : 0);
      const hj = hess[j] as number[];
      for (let k = j; k < d; k++) {
        hj[k] = (hj[k] as number) / n + (j === k ? (j ? l2 : 1e-6) : 0);
        (hess[k] as number[])[j] = hj[k] as number;
      }
    }
    const step = solve(hess, grad);
    // Backtracking: a full Newton step can overshoot where the data are nearly separable.
    const before = loss(beta);
    let t = 1;
    let next = beta.map((b, j) => b - (step[j] as number));
    while (loss(next) > before + 1e-12 && t > 1e-4) {
      t /= 2;
      next = beta.map((b, j) => b - t * (step[j] as number));
    }
    let size = 0;
    for (let j = 0; j < d; j++) {
      size = Math.max(size, Math.abs((next[j] as number) - (beta[j] as number)));
      beta[j] = next[j] as number;
    }
    if (size < 1e-6) break;
  }
  const round = (v: number) => Math.round(v * 1000) / 1000;
  const weights: Partial<Record<(typeof FITTED_FEATURES)[number], number>> = {};
  FITTED_FEATURES.forEach((f, j) => {
    const v = round(beta[j + 1] as number);
    if (v !== 0) weights[f] = v;
  });
  return { bias: round(beta[0] as number), weights };
}

export interface FlagRates {
  items: number;
  wrong: number;
  /** Flagged wrong items / wrong items. */
  caught: number | null;
  /** Flagged right items / right items. */
  rightFlagged: number | null;
}

export function flagRates(samples: Array<{ verdict: ItemVerdict; flagged: boolean }>): FlagRates {
  const wrong = samples.filter((s) => !itemRight(s.verdict));
  const right = samples.filter((s) => itemRight(s.verdict));
  return {
    items: samples.length,
    wrong: wrong.length,
    caught: wrong.length ? wrong.filter((s) => s.flagged).length / wrong.length : null,
    rightFlagged: right.length ? right.filter((s) => s.flagged).length / right.length : null,
  };
}

/** One logistic regression per field, fitted on the given samples. */
export function fitFields(samples: Sample[], l2: number, ocrWeight = 1): ConfidenceModel['fields'] {
  const fields = {} as ConfidenceModel['fields'];
  const weights = samples.map((s) => (s.facts.ocr ? ocrWeight : 1));
  for (const field of FIELDS) {
    fields[field] = fitLogistic(
      samples.map((s) => s.features),
      samples.map((s) => target(field, s.verdict)),
      { l2, weights },
    );
  }
  return fields;
}

/**
 * A wrong item let through (a price or an allergen published wrong) is weighed as this many right
 * items looked at in the review. With calibrated scores (P(right)), flagging pays below
 * P(right) = MISS_COST / (MISS_COST + 1): there the expected misses cost more than the look.
 */
export const MISS_COST = 5;
export const WORTH_A_LOOK = Math.floor((MISS_COST / (MISS_COST + 1)) * 1000) / 1000;

/** An out-of-fold score; `always`: flagged whatever the score (`flaggedWhateverScore`). */
type Scored = { p: number; always: boolean; right: boolean };

/**
 * The flag threshold for one source's out-of-fold scores: the lowest at which flagged items (no
 * price, or score under it) hold `caught` of the wrong ones, just above the score of the wrong
 * item that completes that share (rounded up to 0.001). When that would flag more than
 * `maxRightFlagged` of the right items, the threshold where a look pays (`WORTH_A_LOOK`), kept
 * under that cap. That happens where the errors are few and scored like right items (the text
 * PDFs' handful, which only a threshold flagging most of a menu would catch) or too many to
 * catch within the cap (OCR).
 */
export function chooseThreshold(scored: Scored[], caught: number, maxRightFlagged = 1): number {
  const wrong = pricedScores(scored.filter((s) => !s.right));
  const need = Math.ceil(caught * wrong.all) - wrong.unpriced;
  if (need <= 0) return 0;
  const p = wrong.sorted[need - 1];
  const wanted = p === undefined ? 1 : Math.min(1, Math.floor(p * 1000 + 1) / 1000);
  const cap = rightCap(scored, maxRightFlagged);
  return wanted <= cap ? wanted : Math.min(cap, WORTH_A_LOOK);
}

/** How many items, how many of them flagged whatever their score (unpriced, say), the others' scores in order. */
function pricedScores(list: Scored[]): { all: number; unpriced: number; sorted: number[] } {
  const priced = list.filter((s) => !s.always).map((s) => s.p);
  return { all: list.length, unpriced: list.length - priced.length, sorted: priced.sort((a, b) => a - b) };
}

/** The highest threshold (0.001 steps) at which at most `share` of the right items are flagged. */
function rightCap(scored: Scored[], share: number): number {
  const right = pricedScores(scored.filter((s) => s.right));
  const allowed = Math.floor(share * right.all) - right.unpriced;
  if (allowed <= 0) return 0;
  // Flagged are the scores under the threshold: at most `allowed` of them, so up to the next one.
  const next = right.sorted[allowed];
  return next === undefined ? 1 : Math.floor(next * 1000) / 1000;
}

export interface CrossFit {
  l2: number;
  /** The flag thresholds of text-layer items and of OCR items. */
  threshold: number;
  ocrThreshold: number;
  /** Every sample with its out-of-fold flag (and score). */
  samples: Array<Sample & { p: number }>;
}

/**
 * Out-of-fold item scores (each menu scored by the model fitted on the other folds), and per
 * source (text layer, OCR) the threshold chosen on them.
 */
export function crossFit(samples: Sample[], l2: number, caught: number, maxRightFlagged = 1, ocrWeight = 1): CrossFit {
  const p = new Array<number>(samples.length).fill(0);
  for (let fold = 0; fold < FOLDS; fold++) {
    const train = samples.filter((s) => foldOf(s.menu) !== fold);
    const fields = fitFields(train, l2, ocrWeight);
    samples.forEach((s, i) => {
      if (foldOf(s.menu) === fold) p[i] = itemScore(s.features, { fitted: '', threshold: 0, ocrThreshold: 0, fields });
    });
  }
  const scored = samples.map((s, i) => ({
    ocr: s.facts.ocr,
    p: p[i] as number,
    always: flaggedWhateverScore(s.features),
    right: itemRight(s.verdict),
  }));
  const threshold = chooseThreshold(
    scored.filter((x) => !x.ocr),
    caught,
    maxRightFlagged,
  );
  const ocrThreshold = chooseThreshold(
    scored.filter((x) => x.ocr),
    caught,
    maxRightFlagged,
  );
  return {
    l2,
    threshold,
    ocrThreshold,
    samples: samples.map((s, i) => ({
      ...s,
      p: p[i] as number,
      flagged: flaggedWhateverScore(s.features) || (p[i] as number) < (s.facts.ocr ? ocrThreshold : threshold),
    })),
  };
}

/**
 * The calibration: for each L2 penalty of `l2s`, out-of-fold scores and per source the threshold
 * of `chooseThreshold` (the share `caught` of the wrong items, or where that would flag more
 * than `maxRightFlagged` of the right ones, where a look pays, under that cap). The penalty whose
 * out-of-fold flags catch the most wrong items wins (counted: the text PDFs' handful would make
 * one item worth a tenth as a share), the fewer right items flagged breaking a tie. The committed
 * model is fitted on every sample with that penalty and keeps the out-of-fold thresholds.
 * Text-layer and OCR items are fitted together (the `ocr` feature and OCR's word confidences set
 * them apart) but get thresholds of their own: OCR items are wrong thirty times as often, so one
 * share of right items flagged means a different threshold for each.
 */
export function calibrate(
  samples: Sample[],
  {
    caught = TARGET_CAUGHT + 0.01,
    maxRightFlagged = TARGET_RIGHT_FLAGGED,
    l2s = [1e-5, 3e-5, 1e-4, 3e-4, 1e-3, 3e-3, 1e-2],
    ocrWeight = 1,
  } = {},
): {
  model: ConfidenceModel;
  best: CrossFit;
  tried: Array<{ l2: number; threshold: number; ocrThreshold: number; text: FlagRates; ocr: FlagRates }>;
} {
  const tried: Array<{ l2: number; threshold: number; ocrThreshold: number; text: FlagRates; ocr: FlagRates }> = [];
  let best: CrossFit | null = null;
  let bestKey = [-Infinity, -Infinity];
  for (const l2 of l2s) {
    const fit = crossFit(samples, l2, caught, maxRightFlagged, ocrWeight);
    const text = flagRates(fit.samples.filter((s) => !s.facts.ocr));
    const ocr = flagRates(fit.samples.filter((s) => s.facts.ocr));
    tried.push({ l2, threshold: fit.threshold, ocrThreshold: fit.ocrThreshold, text, ocr });
    const caughtWrong = fit.samples.filter((s) => s.flagged && !itemRight(s.verdict)).length;
    const flaggedRight = fit.samples.filter((s) => s.flagged && itemRight(s.verdict)).length;
    if (caughtWrong > (bestKey[0] as number) || (caughtWrong === bestKey[0] && -flaggedRight > (bestKey[1] as number))) {
      bestKey = [caughtWrong, -flaggedRight];
      best = fit;
    }
  }
  if (!best) throw new Error('no L2 penalty to try');
  const fields = fitFields(samples, best.l2, ocrWeight);
  return {
    model: { fitted: new Date().toISOString().slice(0, 10), threshold: best.threshold, ocrThreshold: best.ocrThreshold, fields },
    best,
    tried,
  };
}

/** The samples flagged as a model would flag them. */
export function reflag(samples: Sample[], model: ConfidenceModel): Sample[] {
  return samples.map((s) => ({ ...s, flagged: itemConfidence(s.features, model).flagged }));
}

export function formatRates(name: string, r: FlagRates): string {
  const pct = (v: number | null) => (v === null ? '-' : `${(v * 100).toFixed(1)} %`);
  return `${name.padEnd(22)} items ${String(r.items).padStart(5)}  wrong ${String(r.wrong).padStart(4)}  wrong flagged ${pct(r.caught).padStart(7)}  right flagged ${pct(r.rightFlagged).padStart(7)}`;
}
