import { performance } from 'node:perf_hooks';
import { ExtractionError, extractPdf, type MenuDraft } from '../../modules/uploads/extract/index.ts';
import { inspectPdf } from '../../modules/uploads/pdf.ts';
import { corpus, type CorpusCase } from './index.ts';
import { addCounts, precision, recall, scoreDraft, type Counts, type FileScore } from './score.ts';

export interface CaseResult {
  file: string;
  about: string;
  pages: number;
  /** Inspect + read + extract: wall-clock time, and this process's CPU time (steady under machine load). */
  ms: number;
  cpuMs: number;
  /** As expected: the right error, or a scored draft. */
  ok: boolean;
  error?: { stage: 'upload' | 'extraction'; message: string };
  draft?: MenuDraft;
  score?: FileScore;
}

export interface CorpusTotals {
  sections: Counts;
  items: Counts;
  prices: Counts;
  allergens: Counts;
  pages: number;
  ms: number;
  cpuMs: number;
}

/** Runs one corpus file through the upload checks and the extractor, as the job does. */
export async function runCase(c: CorpusCase): Promise<CaseResult> {
  const bytes = await c.build();
  const started = performance.now();
  const cpu = process.cpuUsage();
  const cpuMs = () => {
    const d = process.cpuUsage(cpu);
    return (d.user + d.system) / 1000;
  };
  const base = { file: c.file, about: c.about };
  const inspected = await inspectPdf(bytes);
  if (!inspected.ok) {
    const error = { stage: 'upload' as const, message: inspected.problem.message };
    return {
      ...base,
      pages: 0,
      ms: performance.now() - started,
      cpuMs: cpuMs(),
      error,
      ok: c.expected.kind === 'error' && c.expected.stage === 'upload' && c.expected.message === error.message,
    };
  }
  const pages = inspected.pages;
  try {
    const draft = await extractPdf(inspected.doc);
    const ms = performance.now() - started;
    const cpuTime = cpuMs();
    if (c.expected.kind !== 'menu') return { ...base, pages, ms, cpuMs: cpuTime, draft, ok: false };
    const score = scoreDraft(draft, c.expected.sections);
    // Matrix cases (pages 0) only score; corpus files also fix page count and currency.
    const shape = c.expected.pages === 0 || (draft.pages === c.expected.pages && draft.currency === c.expected.currency);
    return { ...base, pages, ms, cpuMs: cpuTime, draft, score, ok: shape };
  } catch (err) {
    if (!(err instanceof ExtractionError)) throw err;
    const error = { stage: 'extraction' as const, message: err.message };
    return {
      ...base,
      pages,
      ms: performance.now() - started,
      cpuMs: cpuMs(),
      error,
      ok: c.expected.kind === 'error' && c.expected.stage === 'extraction' && c.expected.message === err.message,
    };
  } finally {
    await inspected.doc.destroy();
  }
}

/** The whole corpus, after one warm-up run (module loading and JIT are not per-page costs). */
export async function runCorpus(cases: CorpusCase[] = corpus): Promise<{ results: CaseResult[]; totals: CorpusTotals }> {
  const first = cases.find((c) => c.expected.kind === 'menu');
  if (first) await runCase(first);
  const results: CaseResult[] = [];
  for (const c of cases) results.push(await runCase(c));
  const zero = (): Counts => ({ expected: 0, extracted: 0, matched: 0 });
  const totals: CorpusTotals = { sections: zero(), items: zero(), prices: zero(), allergens: zero(), pages: 0, ms: 0, cpuMs: 0 };
  for (const r of results) {
    if (!r.score) continue;
    totals.sections = addCounts(totals.sections, r.score.sections);
    totals.items = addCounts(totals.items, r.score.items);
    totals.prices = addCounts(totals.prices, r.score.prices);
    totals.allergens = addCounts(totals.allergens, r.score.allergens);
    totals.pages += r.pages;
    totals.ms += r.ms;
    totals.cpuMs += r.cpuMs;
  }
  return { results, totals };
}

const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
const pr = (c: Counts) => `${pct(precision(c))} / ${pct(recall(c))}`;

/** The bench table: per file precision/recall of sections, items and prices, and time per page. */
export function formatReport(results: CaseResult[], totals: CorpusTotals): string {
  const rows = [['file', 'pages', 'sections P/R', 'items P/R', 'prices P/R', 'ms/page', 'cpu ms/page', 'result']];
  for (const r of results) {
    const perPage = r.pages ? (r.ms / r.pages).toFixed(1) : '-';
    const cpuPerPage = r.pages ? (r.cpuMs / r.pages).toFixed(1) : '-';
    if (r.score)
      rows.push([
        r.file,
        String(r.pages),
        pr(r.score.sections),
        pr(r.score.items),
        pr(r.score.prices),
        perPage,
        cpuPerPage,
        r.ok ? 'ok' : 'MISMATCH',
      ]);
    else
      rows.push([
        r.file,
        String(r.pages || '-'),
        '-',
        '-',
        '-',
        perPage,
        cpuPerPage,
        `${r.ok ? 'ok' : 'UNEXPECTED'}: ${r.error?.stage ?? 'no'} error "${r.error?.message ?? ''}"`,
      ]);
  }
  const pages = Math.max(1, totals.pages);
  rows.push([
    'TOTAL (text PDFs)',
    String(totals.pages),
    pr(totals.sections),
    pr(totals.items),
    pr(totals.prices),
    (totals.ms / pages).toFixed(1),
    (totals.cpuMs / pages).toFixed(1),
    `allergens ${pr(totals.allergens)}`,
  ]);
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  const sep = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  const misses = results.flatMap((r) => (r.score?.misses ?? []).map((m) => `  ${r.file}: ${m}`));
  return [line(rows[0] as string[]), sep, ...rows.slice(1).map(line), ...(misses.length ? ['', 'Differences:', ...misses] : [])].join('\n');
}
