/**
 * `npm run calibrate:extract`: fits the extractor's confidence on the menu corpus and writes the
 * weights to server/modules/uploads/extract/confidence-model.ts (data: the server never imports
 * the corpus).
 *
 * Design (test/menu-corpus/calibrate.ts): every item extracted from the corpus's text PDFs, of
 * BOTH halves, is scored right/wrong per field by the corpus scorer. The extractor's heuristics
 * were tuned on the dev half, so its errors there are rare (and unlike those on unseen menus): a
 * model fitted on the dev half alone learns from a handful of errors. So the estimates are
 * cross-fitted by menu: 5 folds by a stable hash of the menu id (all files of one menu — its
 * producers — in one fold); every item is scored by the model fitted on the other 4 folds, i.e.
 * never by a model that saw its menu. The L2 penalty and the flag threshold (the lowest that flags
 * 91 % of the out-of-fold wrong items) are chosen on the out-of-fold scores, and the numbers
 * printed (overall, per producer, per half) are the out-of-fold ones. The committed model is
 * fitted on every item with the chosen penalty and keeps the out-of-fold threshold.
 *
 * Run it again whenever the extractor changes (test/menu-corpus/confidence.test.ts fails when the
 * committed weights drift off).
 *
 * `--dry-run` prints the result without writing; `--cached` reuses the extracted items of the last
 * run (.tmp/calibrate-samples.json; the features are recomputed from the stored facts, so only a
 * change of the extractor or of the facts needs a fresh extraction); `--misses N` prints N wrong
 * items the out-of-fold flags miss.
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
let samples = args.includes('--cached') ? loadCachedSamples() : null;
if (!samples) {
  samples = await collectSamples();
  saveSamples(samples);
}
console.log(`${samples.length} extracted items from the corpus's text PDFs, ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

const report = (title: string, flagged: Sample[]) => {
  console.log(title);
  console.log(formatRates('  all', flagRates(flagged)));
  for (const half of ['dev', 'held-out'] as const) console.log(formatRates(`  ${half}`, flagRates(flagged.filter((s) => s.half === half))));
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

const { model, best, tried } = calibrate(samples);
console.log('\nOut-of-fold, per L2 penalty (threshold chosen on the out-of-fold scores):');
for (const t of tried) console.log(formatRates(`  l2 ${t.l2} t ${t.threshold}`, t.rates));
console.log('');
report(`Out-of-fold with l2 ${best.l2}, threshold ${best.threshold} (the calibration's honest numbers):`, best.samples);
const all = flagRates(best.samples);
const met = (r: ReturnType<typeof flagRates>) => (r.caught ?? 1) >= TARGET_CAUGHT && (r.rightFlagged ?? 0) <= TARGET_RIGHT_FLAGGED;
console.log(
  `\nTarget out-of-fold (wrong flagged ≥ ${TARGET_CAUGHT * 100} %, right flagged ≤ ${TARGET_RIGHT_FLAGGED * 100} %): all ${met(all) ? 'met' : 'NOT met'}; ` +
    PRODUCERS.map((p) => {
      const part = best.samples.filter((s) => s.producer === p);
      return part.length ? `${p} ${met(flagRates(part)) ? 'met' : 'NOT met'}` : '';
    })
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
    console.log(`  ${s.file} p=${s.p.toFixed(2)} [${wrongFields}] "${s.facts.name}" | ${s.facts.description.slice(0, 60)} | ${s.facts.sectionName} | ${on.join(' ')}`);
  }
}

if (!args.includes('--dry-run')) {
  const text = `import type { ConfidenceModel } from './confidence.ts';

/**
 * Written by \`npm run calibrate:extract\` (scripts/calibrate-extract.ts): fitted on every text-PDF item of the
 * menu corpus, the L2 penalty and the threshold chosen on out-of-fold scores (folds by menu). Do not edit by hand.
 */
export const CONFIDENCE_MODEL: ConfidenceModel = ${JSON.stringify(model, null, 2)};
`;
  fs.writeFileSync(MODEL_FILE, text);
  execFileSync(path.resolve(import.meta.dirname, '../node_modules/.bin/prettier'), ['--write', '--log-level', 'warn', MODEL_FILE]);
  console.log(`\nwrote ${path.relative(process.cwd(), MODEL_FILE)}`);
}
