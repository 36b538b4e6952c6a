/**
 * `npm run bench:extract`: runs the PDF menu corpus (server/test/pdf-corpus) through the
 * upload checks and the extractor; prints per-file precision/recall of sections, items and prices
 * and the time per page. `--write DIR` also writes the corpus PDFs there for a look;
 * `--matrix` also runs every menu × layout × column combination (generalisation check).
 * Exit code 1 when the targets are missed (item recall ≥ 95 %, price precision ≥ 98 %, < 300 ms/page).
 */
import fs from 'node:fs';
import path from 'node:path';
import { corpus } from '../server/test/pdf-corpus/index.ts';
import { layoutMatrix } from '../server/test/pdf-corpus/matrix.ts';
import { formatReport, runCorpus } from '../server/test/pdf-corpus/run.ts';
import { precision, recall } from '../server/test/pdf-corpus/score.ts';

const writeAt = process.argv.indexOf('--write');
if (writeAt !== -1) {
  const dir = path.resolve(process.argv[writeAt + 1] ?? 'corpus-pdfs');
  fs.mkdirSync(dir, { recursive: true });
  for (const c of corpus) fs.writeFileSync(path.join(dir, c.file), await c.build());
  console.log(`wrote ${corpus.length} files to ${dir}`);
}

const { results, totals } = await runCorpus();
console.log(formatReport(results, totals));
if (process.argv.includes('--matrix')) {
  const matrix = await runCorpus(layoutMatrix());
  const failing = matrix.results.filter((r) => r.score && (recall(r.score.items) < 1 || precision(r.score.prices) < 1));
  console.log(
    `\nLayout matrix: ${matrix.results.length} combinations, items P/R ${(precision(matrix.totals.items) * 100).toFixed(1)}% / ${(recall(matrix.totals.items) * 100).toFixed(1)}%, prices P/R ${(precision(matrix.totals.prices) * 100).toFixed(1)}% / ${(recall(matrix.totals.prices) * 100).toFixed(1)}%, ${failing.length} not perfect`,
  );
  for (const r of failing) console.log(`  ${r.file}: ${r.score?.misses.slice(0, 3).join(' | ')}`);
}
const msPerPage = totals.ms / Math.max(1, totals.pages);
const targets = [
  { name: 'item recall ≥ 95%', ok: recall(totals.items) >= 0.95 },
  { name: 'price precision ≥ 98%', ok: precision(totals.prices) >= 0.98 },
  { name: 'time per page < 300 ms', ok: msPerPage < 300 },
  { name: 'every file as expected', ok: results.every((r) => r.ok) },
];
console.log('');
for (const t of targets) console.log(`${t.ok ? 'PASS' : 'FAIL'}  ${t.name}`);
if (targets.some((t) => !t.ok)) process.exitCode = 1;
