import fs from 'node:fs';
import path from 'node:path';
import { ExtractionError, extractPdf } from '../../server/modules/uploads/extract/index.ts';
import {
  FEATURES,
  FIELDS,
  itemConfidence,
  itemScore,
  type ConfidenceField,
  type ConfidenceModel,
  type Features,
} from '../../server/modules/uploads/extract/confidence.ts';
import { inspectPdf } from '../../server/modules/uploads/pdf.ts';
import type { ManifestEntry } from './producers/plan.ts';
import { isRaster, loadManifest, menuSplit } from './run.ts';
import { scoreDraft, type ItemVerdict } from './score.ts';
import { FILES_DIR, loadMenu } from './truth.ts';

/**
 * Calibration of the extractor's confidence (server/modules/uploads/extract/confidence.ts): every
 * item extracted from the corpus's text PDFs, with the features the extractor computed and the
 * scorer's verdict per field; a logistic regression per field fitted on the dev half; the flag
 * threshold chosen on the dev half; flag rates measured on either half.
 */

export interface Sample {
  file: string;
  producer: string;
  half: 'dev' | 'held-out';
  features: Features;
  verdict: ItemVerdict;
  /** The flag the extractor set with the committed model. */
  flagged: boolean;
}

/** The share of wrong items a review must see: the target (flagged ⊇ 90 % of wrong ones). */
export const TARGET_CAUGHT = 0.9;
export const TARGET_RIGHT_FLAGGED = 0.2;

export const itemRight = (v: ItemVerdict) => v.name && v.price && v.section && v.allergens;
const target = (field: ConfidenceField, v: ItemVerdict) => (field === 'item' ? itemRight(v) : v[field]);

/** Text PDFs of the manifest (or those given), each extracted with its features and scored. */
export async function collectSamples(entries: ManifestEntry[] = loadManifest().files): Promise<Sample[]> {
  const split = menuSplit(loadManifest().files.map((e) => e.menu));
  const out: Sample[] = [];
  for (const entry of entries) {
    if (isRaster(entry)) continue;
    const inspected = await inspectPdf(new Uint8Array(fs.readFileSync(path.join(FILES_DIR, entry.file))));
    if (!inspected.ok) continue;
    try {
      const draft = await extractPdf(inspected.doc, { features: true });
      const items = draft.sections.flatMap((s) => s.items);
      const { verdicts } = scoreDraft(draft, loadMenu(entry.menu));
      items.forEach((item, i) => {
        const verdict = verdicts[i];
        if (!item.features || !verdict) return;
        out.push({
          file: entry.file,
          producer: entry.producer,
          half: split.get(entry.menu) ?? 'dev',
          features: item.features,
          verdict,
          flagged: item.flagged,
        });
      });
    } catch (err) {
      if (!(err instanceof ExtractionError)) throw err;
    } finally {
      await inspected.doc.destroy();
    }
  }
  return out;
}

/** Plain logistic regression (full-batch gradient descent, small L2 penalty): P(right | features). */
export function fitLogistic(xs: Features[], ys: boolean[], { iterations = 3000, rate = 0.5, l2 = 1e-3 } = {}) {
  const w = new Map<string, number>(FEATURES.map((f) => [f, 0]));
  const rightShare = ys.filter(Boolean).length / Math.max(1, ys.length);
  let bias = Math.log(Math.max(1e-3, rightShare) / Math.max(1e-3, 1 - rightShare));
  const n = xs.length;
  for (let it = 0; it < iterations; it++) {
    const grad = new Map<string, number>(FEATURES.map((f) => [f, 0]));
    let gBias = 0;
    for (let i = 0; i < n; i++) {
      const x = xs[i] as Features;
      let z = bias;
      for (const f of FEATURES) z += (w.get(f) as number) * x[f];
      const err = 1 / (1 + Math.exp(-z)) - (ys[i] ? 1 : 0);
      gBias += err;
      for (const f of FEATURES) if (x[f]) grad.set(f, (grad.get(f) as number) + err * x[f]);
    }
    bias -= (rate * gBias) / n;
    for (const f of FEATURES) w.set(f, (w.get(f) as number) - rate * ((grad.get(f) as number) / n + l2 * (w.get(f) as number)));
  }
  const round = (v: number) => Math.round(v * 1000) / 1000;
  const weights: Partial<Record<(typeof FEATURES)[number], number>> = {};
  for (const f of FEATURES) {
    const v = round(w.get(f) as number);
    if (v !== 0) weights[f] = v;
  }
  return { bias: round(bias), weights };
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

/** Fits every field's model on the dev samples and the lowest flag threshold that catches `caught` of the wrong items. */
export function fitModel(samples: Sample[], caught = TARGET_CAUGHT + 0.02): ConfidenceModel {
  const dev = samples.filter((s) => s.half === 'dev');
  const fields = {} as ConfidenceModel['fields'];
  for (const field of FIELDS) {
    fields[field] = fitLogistic(
      dev.map((s) => s.features),
      dev.map((s) => target(field, s.verdict)),
    );
  }
  // The flag: no price, or an item confidence under the threshold.
  const scored = dev.map((s) => ({
    p: itemScore(s.features, { fitted: '', threshold: 0, fields }),
    noPrice: s.features.noPrice === 1,
    right: itemRight(s.verdict),
  }));
  const wrong = scored.filter((s) => !s.right);
  let threshold = 1;
  for (let t = 0.05; t <= 0.995; t += 0.005) {
    const hit = wrong.filter((s) => s.noPrice || s.p < t).length / Math.max(1, wrong.length);
    if (hit >= caught) {
      threshold = Math.round(t * 1000) / 1000;
      break;
    }
  }
  return { fitted: new Date().toISOString().slice(0, 10), threshold, fields };
}

/** The samples flagged as a model would flag them. */
export function reflag(samples: Sample[], model: ConfidenceModel): Sample[] {
  return samples.map((s) => ({ ...s, flagged: itemConfidence(s.features, model).flagged }));
}

export function formatRates(name: string, r: FlagRates): string {
  const pct = (v: number | null) => (v === null ? '-' : `${(v * 100).toFixed(1)} %`);
  return `${name.padEnd(22)} items ${String(r.items).padStart(5)}  wrong ${String(r.wrong).padStart(4)}  wrong flagged ${pct(r.caught).padStart(7)}  right flagged ${pct(r.rightFlagged).padStart(7)}`;
}
