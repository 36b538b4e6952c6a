import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ExtractionError, extractPages, extractPdf } from '../../server/modules/uploads/extract/index.ts';
import { ocrImages, ocrPdf, ToolError } from '../../server/modules/uploads/ocr/index.ts';
import { inspectPdf } from '../../server/modules/uploads/pdf.ts';
import { LAYOUT_CLASSES, PRODUCERS, type Manifest, type ManifestEntry } from './producers/plan.ts';
import { addCounts, metrics, scoreDraft, TEXT_TARGETS, zeroCounts, type Counts, type FileScore, type Metrics } from './score.ts';
import { FILES_DIR, loadMenu, MANIFEST_FILE, type TruthMenu } from './truth.ts';

/**
 * Runs the extractor over the menu corpus the way the upload job does (upload checks, then
 * `extractPdf`, OCR for pages without a text layer and for photos) and scores every file against
 * its truth. Files the extractor refuses are scored as extracting nothing and counted as refused;
 * scans and photos are kept out of the text-PDF totals.
 */

export function loadManifest(): Manifest {
  return JSON.parse(fs.readFileSync(MANIFEST_FILE, 'utf8')) as Manifest;
}

export interface FileResult {
  entry: ManifestEntry;
  /** Why the upload or the extraction refused the file. */
  refused?: string;
  score: FileScore;
  /** The extractor's flag of each extracted item, in the order of `score.verdicts`. */
  flags: boolean[];
  /** The language and currency the extractor read from the document. */
  detected?: { language: string | null; currency: string | null };
  ms: number;
  pages: number;
}

/** The producers of images (a scan's PDF holds one too): read by OCR. */
export const RASTER_PRODUCERS: readonly string[] = ['scan', 'photo', 'phone'];
export const isRaster = (e: ManifestEntry) => RASTER_PRODUCERS.includes(e.producer);

/**
 * The tuning split: per language, the menus whose id sorts into the first half are "dev" (the
 * extractor's heuristics may be tuned on them), the rest "held-out" (only ever reported).
 */
export function menuSplit(ids: string[]): Map<string, 'dev' | 'held-out'> {
  const byLanguage = new Map<string, string[]>();
  for (const id of [...new Set(ids)].sort()) {
    const lang = id.slice(0, 2);
    byLanguage.set(lang, [...(byLanguage.get(lang) ?? []), id]);
  }
  const out = new Map<string, 'dev' | 'held-out'>();
  for (const list of byLanguage.values()) list.forEach((id, i) => out.set(id, i < list.length / 2 ? 'dev' : 'held-out'));
  return out;
}

export async function runFile(entry: ManifestEntry, truth: TruthMenu = loadMenu(entry.menu)): Promise<FileResult> {
  const bytes = new Uint8Array(fs.readFileSync(path.join(FILES_DIR, entry.file)));
  const started = performance.now();
  if (!entry.file.endsWith('.pdf')) {
    // A photo: OCR'd as the upload job does, one page.
    try {
      const draft = extractPages(await ocrImages([bytes]));
      const flags = draft.sections.flatMap((s) => s.items.map((i) => i.flagged));
      return { entry, score: scoreDraft(draft, truth), flags, ms: performance.now() - started, pages: 1 };
    } catch (err) {
      if (!(err instanceof ExtractionError || err instanceof ToolError)) throw err;
      return { entry, refused: err.message, score: scoreDraft(null, truth), flags: [], ms: performance.now() - started, pages: 1 };
    }
  }
  const inspected = await inspectPdf(bytes);
  if (!inspected.ok)
    return {
      entry,
      refused: inspected.problem.message,
      score: scoreDraft(null, truth),
      flags: [],
      ms: performance.now() - started,
      pages: 0,
    };
  try {
    const draft = await extractPdf(inspected.doc, { ocr: (sizes) => ocrPdf(bytes, sizes) });
    const flags = draft.sections.flatMap((s) => s.items.map((i) => i.flagged));
    const detected = { language: draft.language ?? null, currency: draft.currency ?? null };
    return { entry, score: scoreDraft(draft, truth), flags, detected, ms: performance.now() - started, pages: inspected.pages };
  } catch (err) {
    if (!(err instanceof ExtractionError || err instanceof ToolError)) throw err;
    return {
      entry,
      refused: err.message,
      score: scoreDraft(null, truth),
      flags: [],
      ms: performance.now() - started,
      pages: inspected.pages,
    };
  } finally {
    await inspected.doc.destroy();
  }
}

/** Every file of the manifest (or those given), after one unmeasured warm-up. */
export async function runMenuCorpus(entries: ManifestEntry[] = loadManifest().files): Promise<FileResult[]> {
  const first = entries.find((e) => !isRaster(e));
  if (first) await runFile(first);
  const results: FileResult[] = [];
  for (const e of entries) results.push(await runFile(e));
  return results;
}

/** Wall time of OCR + extraction of the corpus photos as the `pages` pages of one upload, as the job runs it. */
export async function timePhotoMenu(pages: number): Promise<{ ms: number; items: number; load: string }> {
  const photos = loadManifest()
    .files.filter((e) => e.producer === 'photo')
    .slice(0, pages)
    .map((e) => new Uint8Array(fs.readFileSync(path.join(FILES_DIR, e.file))));
  const started = performance.now();
  const draft = extractPages(await ocrImages(photos));
  const ms = performance.now() - started;
  return {
    ms,
    items: draft.sections.reduce((n, s) => n + s.items.length, 0),
    load: os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' '),
  };
}

export interface Group {
  name: string;
  files: number;
  refused: number;
  pages: number;
  ms: number;
  counts: Counts;
}

function group(name: string, results: FileResult[]): Group {
  return {
    name,
    files: results.length,
    refused: results.filter((r) => r.refused).length,
    pages: results.reduce((n, r) => n + r.pages, 0),
    ms: results.reduce((n, r) => n + r.ms, 0),
    counts: results.reduce((c, r) => addCounts(c, r.score.counts), zeroCounts()),
  };
}

/**
 * Scans and photos split by menu: the "dev" half (menu ids sorting into the first half of their
 * language, what OCR heuristics may be tuned on) and the held-out half, each per producer.
 */
export function rasterSplit(results: FileResult[]): Group[] {
  const menus = loadManifest().files.map((e) => e.menu);
  const byLang = new Map<string, string[]>();
  for (const m of [...new Set(menus)].sort()) {
    const lang = m.split('-')[0] ?? '';
    byLang.set(lang, [...(byLang.get(lang) ?? []), m]);
  }
  const dev = new Set([...byLang.values()].flatMap((ms) => ms.slice(0, Math.ceil(ms.length / 2))));
  const raster = results.filter((r) => isRaster(r.entry));
  return RASTER_PRODUCERS.flatMap((p) => [
    group(
      `${p} dev`,
      raster.filter((r) => r.entry.producer === p && dev.has(r.entry.menu)),
    ),
    group(
      `${p} held-out`,
      raster.filter((r) => r.entry.producer === p && !dev.has(r.entry.menu)),
    ),
  ]).concat([
    group(
      'all dev',
      raster.filter((r) => dev.has(r.entry.menu)),
    ),
    group(
      'all held-out',
      raster.filter((r) => !dev.has(r.entry.menu)),
    ),
  ]);
}

export interface CorpusReport {
  /** All text PDFs (every producer but scan and photo). */
  text: Group;
  raster: Group;
  byProducer: Group[];
  byClass: Group[];
  /** Text-PDF producers that miss a target of issue 21, with what they miss. */
  missed: Array<{ producer: string; metric: keyof Metrics; value: number }>;
}

export function summarize(results: FileResult[]): CorpusReport {
  const text = results.filter((r) => !isRaster(r.entry));
  const byProducer = PRODUCERS.map((p) =>
    group(
      p,
      results.filter((r) => r.entry.producer === p),
    ),
  ).filter((g) => g.files);
  const byClass = LAYOUT_CLASSES.map((c) => {
    const rs = results.filter((r) => r.entry.classes.includes(c));
    // Raster classes are reported over their own files; the others over text PDFs only.
    return group(c, RASTER_PRODUCERS.includes(c) ? rs : rs.filter((r) => !isRaster(r.entry)));
  }).filter((g) => g.files);
  const missed: CorpusReport['missed'] = [];
  for (const g of byProducer) {
    if (RASTER_PRODUCERS.includes(g.name)) continue;
    const m = metrics(g.counts);
    for (const [metric, t] of Object.entries(TEXT_TARGETS) as Array<[keyof Metrics, { min?: number; max?: number }]>) {
      const v = m[metric];
      if (v === null) continue;
      if ((t.min !== undefined && v < t.min) || (t.max !== undefined && v > t.max)) missed.push({ producer: g.name, metric, value: v });
    }
  }
  return {
    text: group('TEXT PDFs', text),
    raster: group(
      'SCANS + PHOTOS',
      results.filter((r) => isRaster(r.entry)),
    ),
    byProducer,
    byClass,
    missed,
  };
}

const pct = (v: number | null) => (v === null ? '-' : `${(v * 100).toFixed(1)}`);

/** One table: a row per group with the issue's metrics (percentages) and time per page. */
export function formatGroups(title: string, groups: Group[]): string {
  const rows = [
    [
      title,
      'files',
      'refused',
      'items',
      'recall',
      'false',
      'furn.',
      'price P',
      'amount P',
      'price R',
      'variant R',
      'section',
      'allergen',
      'ms/page',
    ],
  ];
  for (const g of groups) {
    const m = metrics(g.counts);
    rows.push([
      g.name,
      String(g.files),
      String(g.refused),
      String(g.counts.truthItems),
      pct(m.itemRecall),
      pct(m.falseItems),
      String(g.counts.furnitureItems),
      pct(m.pricePrecision),
      pct(m.amountPrecision),
      pct(m.priceRecall),
      pct(m.variantRecall),
      pct(m.sectionAccuracy),
      pct(m.allergenAccuracy),
      g.pages ? (g.ms / g.pages).toFixed(0) : '-',
    ]);
  }
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  const line = (r: string[]) => `| ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ')} |`;
  const sep = `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(rows[0] ?? []), sep, ...rows.slice(1).map(line)].join('\n');
}

export function formatMenuCorpusReport(report: CorpusReport): string {
  return [
    'Metrics in % (recall = item recall, false = false items among extracted, furn. = furniture turned into items,',
    'price P = right amount and label, amount P = right amount whatever the label; definitions in test/menu-corpus/score.ts).',
    '',
    formatGroups('producer', [...report.byProducer, report.text, report.raster]),
    '',
    formatGroups('layout class', report.byClass),
    '',
    report.missed.length
      ? `Targets of issue 21 missed (text PDFs, per producer): ${report.missed.length}\n${report.missed
          .map((m) => `  ${m.producer}: ${m.metric} ${(m.value * 100).toFixed(1)}%`)
          .join('\n')}`
      : 'Every text producer meets the targets of issue 21.',
  ].join('\n');
}
