/**
 * `npm run calibrate:extract`: fits the extractor's confidence on the menu corpus and writes the
 * weights to server/modules/uploads/extract/confidence-model.ts (data: the server never imports
 * the corpus). Every item extracted from the corpus's text PDFs is scored right/wrong per field
 * by the corpus scorer; one logistic regression per field is fitted on the DEV half only, and
 * the flag threshold is the lowest that flags 92 % of the dev half's wrong items. The held-out
 * half is only measured and printed. Run it again whenever the extractor changes (a test,
 * test/menu-corpus/confidence.test.ts, fails when the committed weights drift far off).
 *
 * `--dry-run` prints the result without writing.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PRODUCERS } from '../test/menu-corpus/producers/plan.ts';
import {
  collectSamples,
  fitModel,
  flagRates,
  formatRates,
  reflag,
  TARGET_CAUGHT,
  TARGET_RIGHT_FLAGGED,
} from '../test/menu-corpus/calibrate.ts';

const MODEL_FILE = path.resolve(import.meta.dirname, '../server/modules/uploads/extract/confidence-model.ts');

const started = Date.now();
const samples = await collectSamples();
console.log(`${samples.length} extracted items from the corpus's text PDFs, ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

console.log('Committed model (as extracted):');
for (const half of ['dev', 'held-out'] as const) console.log(formatRates(`  ${half}`, flagRates(samples.filter((s) => s.half === half))));

const model = fitModel(samples);
const flagged = reflag(samples, model);
console.log(`\nFitted on the dev half (threshold ${model.threshold}):`);
for (const half of ['dev', 'held-out'] as const) console.log(formatRates(`  ${half}`, flagRates(flagged.filter((s) => s.half === half))));
for (const p of PRODUCERS) {
  const part = flagged.filter((s) => s.half === 'held-out' && s.producer === p);
  if (part.length) console.log(formatRates(`  held-out ${p}`, flagRates(part)));
}
const held = flagRates(flagged.filter((s) => s.half === 'held-out'));
const ok = (held.caught ?? 1) >= TARGET_CAUGHT && (held.rightFlagged ?? 0) <= TARGET_RIGHT_FLAGGED;
console.log(
  `\nTarget on the held-out half (wrong flagged ≥ ${TARGET_CAUGHT * 100} %, right flagged ≤ ${TARGET_RIGHT_FLAGGED * 100} %): ${ok ? 'met' : 'NOT met'}`,
);

if (!process.argv.includes('--dry-run')) {
  const text = `import type { ConfidenceModel } from './confidence.ts';

/** Written by \`npm run calibrate:extract\` (scripts/calibrate-extract.ts) from the menu corpus's dev half: do not edit by hand. */
export const CONFIDENCE_MODEL: ConfidenceModel = ${JSON.stringify(model, null, 2)};
`;
  fs.writeFileSync(MODEL_FILE, text);
  execFileSync(path.resolve(import.meta.dirname, '../node_modules/.bin/prettier'), ['--write', '--log-level', 'warn', MODEL_FILE]);
  console.log(`\nwrote ${path.relative(process.cwd(), MODEL_FILE)}`);
}
