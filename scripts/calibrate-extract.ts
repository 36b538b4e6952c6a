/**
 * `npm run calibrate:extract`: fits the extractor's confidence on the menu corpus and writes the
 * weights to server/modules/uploads/extract/confidence-model.ts (data: the server never imports
 * the corpus).
 *
 * Design (helpers in test/menu-corpus/calibrate.ts): every item extracted from the corpus — the
 * text PDFs of BOTH halves, and the scans' and photos' OCR items (the `ocr` feature sets them
 * apart) — is scored right/wrong per field by the corpus scorer. Why not fit on the dev half and
 * measure on the held-out half, as the extractor is tuned? The extractor's heuristics were tuned
 * on the dev half, so its errors there are rare (10 wrong items of 972 after round 3) and unlike
 * those on menus it has not seen: a model fitted on them learns from a handful of errors. So the
 * estimates are cross-fitted by menu: 5 folds by a stable hash of the menu id (every file of a
 * menu — its producers, scans and photos — in one fold); each item is scored by the model fitted
 * on the other 4 folds, so no item is ever scored by a model that saw its menu. Text-layer and
 * OCR items get a flag threshold each, chosen on their own out-of-fold scores: the lowest that
 * flags 91 % of the wrong items, or where that would flag more than 20 % of the right ones,
 * P(right) = 5/6 (a wrong item let through weighed as five right ones looked at) kept under that
 * cap. The L2 penalty is the one whose out-of-fold flags catch the most; the numbers printed —
 * overall, per source, per producer, on the held-out half alone — are out-of-fold. The committed
 * model is then fitted on every item with the chosen penalty and keeps the out-of-fold
 * thresholds; its own (in-sample) numbers are printed last, for the drift test.
 *
 * Run it again whenever the extractor changes (test/menu-corpus/confidence.test.ts fails when the
 * committed weights drift off). OCR takes ~2 s a page (7 min for the corpus on a loaded 2-core
 * machine).
 *
 * `--dry-run` prints the result without writing; `--text-only` leaves the scans and photos out;
 * `--cached` reuses the items extracted by the last run (.tmp/calibrate-samples.json, gitignored;
 * the features are recomputed from the stored facts, so only a change of the extractor or of the
 * facts needs a fresh extraction); `--misses N` prints N wrong items the out-of-fold flags miss;
 * `--ocr-weight W` weighs each OCR item W times a text-PDF item in the fits (default 1; tried on
 * 2026-11-26 after extraction round 4, see the README).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { FEATURES } from '../server/modules/uploads/extract/confidence.ts';
import { PRODUCERS } from '../test/menu-corpus/producers/plan.ts';
import {
  calibrate,
  collectSamples,
  flagRates,
  formatRates,
  itemRight,
  loadCachedSamples,
  reflag,
  saveSamples,
  TARGET_CAUGHT,
  TARGET_RIGHT_FLAGGED,
  type Sample,
} from '../test/menu-corpus/calibrate.ts';

const MODEL_FILE = path.resolve(import.meta.dirname, '../server/modules/uploads/extract/confidence-model.ts');
const args = process.argv.slice(2);
const missesArg = args.indexOf('--misses');
const misses = missesArg >= 0 ? Number(args[missesArg + 1] ?? 20) : 0;

const started = Date.now();
const withOcr = !args.includes('--text-only');
let samples = args.includes('--cached') ? loadCachedSamples() : null;
if (samples && withOcr && !samples.some((s) => s.facts.ocr)) samples = null;
if (!samples) {
  samples = await collectSamples(undefined, { ocr: withOcr });
  saveSamples(samples);
}
if (!withOcr) samples = samples.filter((s) => !s.facts.ocr);
console.log(
  `${samples.length} extracted items (${samples.filter((s) => s.facts.ocr).length} of them OCR), ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
);

const report = (title: string, flagged: Sample[]) => {
  console.log(title);
  const text = flagged.filter((s) => !s.facts.ocr);
  console.log(formatRates('  all', flagRates(flagged)));
  console.log(formatRates('  text PDFs', flagRates(text)));
  console.log(formatRates('  OCR', flagRates(flagged.filter((s) => s.facts.ocr))));
  for (const half of ['dev', 'held-out'] as const) console.log(formatRates(`  ${half}`, flagRates(text.filter((s) => s.half === half))));
  for (const p of PRODUCERS) {
    const part = flagged.filter((s) => s.producer === p);
    if (part.length) console.log(formatRates(`  ${p}`, flagRates(part)));
  }
  for (const p of PRODUCERS) {
    const part = flagged.filter((s) => s.half === 'held-out' && s.producer === p);
    if (part.length) console.log(formatRates(`  held-out ${p}`, flagRates(part)));
  }
};

report('Committed model (as extracted, partly in-sample):', samples);

const ocrArg = args.indexOf('--ocr-weight');
const ocrWeight = ocrArg >= 0 ? Number(args[ocrArg + 1]) : 1;
if (!(ocrWeight >= 0)) throw new Error('--ocr-weight takes a number ≥ 0');
const { model, best, tried } = calibrate(samples, { ocrWeight });
console.log('\nOut-of-fold per L2 penalty (thresholds chosen on those out-of-fold scores):');
for (const t of tried) {
  console.log(formatRates(`  l2 ${t.l2} text t ${t.threshold}`, t.text));
  console.log(formatRates(`  l2 ${t.l2} OCR t ${t.ocrThreshold}`, t.ocr));
}
console.log('');
report(
  `Out-of-fold with l2 ${best.l2}, thresholds ${best.threshold} (text) and ${best.ocrThreshold} (OCR) (the calibration's honest numbers):`,
  best.samples,
);
const met = (r: ReturnType<typeof flagRates>) => (r.caught ?? 1) >= TARGET_CAUGHT && (r.rightFlagged ?? 0) <= TARGET_RIGHT_FLAGGED;
const verdict = (name: string, part: Sample[]) => (part.length ? `${name} ${met(flagRates(part)) ? 'met' : 'NOT met'}` : '');
console.log(
  `\nTarget out-of-fold (wrong flagged ≥ ${TARGET_CAUGHT * 100} %, right flagged ≤ ${TARGET_RIGHT_FLAGGED * 100} %): ` +
    [
      verdict(
        'text PDFs',
        best.samples.filter((s) => !s.facts.ocr),
      ),
      verdict(
        'OCR',
        best.samples.filter((s) => s.facts.ocr),
      ),
      verdict('all', best.samples),
      ...PRODUCERS.map((p) =>
        verdict(
          p,
          best.samples.filter((s) => s.producer === p),
        ),
      ),
    ]
      .filter(Boolean)
      .join(', '),
);

console.log('');
report('Fitted on everything (in-sample; what the committed model does on the corpus):', reflag(samples, model));

if (misses) {
  console.log(`\nWrong items the out-of-fold flags miss (${misses}):`);
  const missed = best.samples.filter((s) => !s.flagged && !itemRight(s.verdict));
  for (const s of missed.slice(0, misses)) {
    const wrongFields = (['name', 'price', 'section', 'allergens'] as const).filter((f) => !s.verdict[f]).join('+');
    const on = FEATURES.filter((f) => s.features[f] > 0).map((f) => `${f}=${+s.features[f].toFixed(2)}`);
    console.log(
      `  ${s.file} p=${s.p.toFixed(2)} [${wrongFields}] "${s.facts.name}" | ${s.facts.description.slice(0, 60)} | ${s.facts.sectionName} | ${on.join(' ')}`,
    );
  }
}

if (!args.includes('--dry-run')) {
  const text = `import type { ConfidenceModel } from './confidence.ts';

/**
 * Written by \`npm run calibrate:extract\` (scripts/calibrate-extract.ts): fitted on every item of the menu corpus
 * (text PDFs, scans, photos), the L2 penalty and the threshold chosen on out-of-fold scores (folds by menu).
 * Do not edit by hand.
 */
export const CONFIDENCE_MODEL: ConfidenceModel = ${JSON.stringify(model, null, 2)};
`;
  fs.writeFileSync(MODEL_FILE, text);
  execFileSync(path.resolve(import.meta.dirname, '../node_modules/.bin/prettier'), ['--write', '--log-level', 'warn', MODEL_FILE]);
  console.log(`\nwrote ${path.relative(process.cwd(), MODEL_FILE)}`);
}
