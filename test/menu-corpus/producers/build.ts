/**
 * `npm run corpus:build`: turns every truth file (menus/*.json) into PDFs with independent tools
 * and writes files/ and manifest.json. Needs (Debian 12): chromium, libreoffice-writer,
 * libreoffice-draw, texlive-latex-base, texlive-latex-recommended, texlive-latex-extra,
 * texlive-fonts-recommended, poppler-utils, fonts-dejavu, fonts-liberation, fonts-noto-core.
 * The generated files are committed: tests and CI never run this.
 *
 * `npm run corpus:build -- <menu-id> ...` rebuilds only those menus (the manifest keeps the rest).
 */
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { chromium } from 'playwright-core';
import { chromiumPath } from '../../../web/e2e/chromium.ts';
import { FILES_DIR, loadAllMenus, MANIFEST_FILE } from '../truth.ts';
import { chromiumPdf } from './html.ts';
import { latexPdf } from './latex.ts';
import { menuFodg, menuFodt, sofficePdfs } from './libreoffice.ts';
import { pdfkitPdf } from './pdfkit.ts';
import { contentClasses, planText, type Manifest, type ManifestEntry } from './plan.ts';
import { photoOf, scanPdf } from './raster.ts';

const only = new Set(process.argv.slice(2).filter((a) => !a.startsWith('-')));
const menus = loadAllMenus();
const selected = only.size ? menus.filter((m) => only.has(m.id)) : menus;
const plan = planText(menus);
const todo = plan.filter((p) => selected.includes(p.menu));
fs.mkdirSync(FILES_DIR, { recursive: true });

const pageCount = async (bytes: Uint8Array) => (await PDFDocument.load(bytes)).getPageCount();
const write = (file: string, bytes: Uint8Array) => fs.writeFileSync(path.join(FILES_DIR, file), bytes);

// LibreOffice converts all its files in one run.
const odf = todo.filter((p) => p.producer === 'writer' || p.producer === 'draw');
console.log(`LibreOffice: ${odf.length} files`);
const converted =
  odf.length === 0
    ? new Map<string, Uint8Array>()
    : sofficePdfs(
        odf.map((p) => ({
          name: `${p.menu.id}.${p.producer}`,
          content: p.producer === 'writer' ? menuFodt(p.menu) : menuFodg(p.menu),
          ext: p.producer === 'writer' ? ('fodt' as const) : ('fodg' as const),
        })),
      );
for (const [name, bytes] of converted) write(`${name}.pdf`, bytes);

const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  for (const p of todo) {
    if (p.producer === 'chromium') write(p.file, await chromiumPdf(browser, p.menu));
    else if (p.producer === 'pdfkit') write(p.file, await pdfkitPdf(p.menu));
    else if (p.producer === 'latex') write(p.file, latexPdf(p.menu));
  }
} finally {
  await browser.close();
}
console.log(`text PDFs: ${todo.length}`);

const entries: ManifestEntry[] = [];
for (const p of plan) {
  const bytes = fs.readFileSync(path.join(FILES_DIR, p.file));
  const pages = await pageCount(bytes);
  const classes = contentClasses(p.menu);
  if (pages > 1) classes.push('multipage');
  if (p.producer === 'draw') classes.push('poster');
  entries.push({ file: p.file, menu: p.menu.id, producer: p.producer, language: p.menu.language, pages, classes });
}

// Scans: every fifth text PDF, cycling resolution, skew and compression.
const DPI = [300, 200, 150];
const ANGLE = [0, 1.5, -2.2, 2.8, -1];
const QUALITY = [55, 45, 65];
const scans = entries.filter((_, i) => i % 5 === 2);
for (const [k, src] of scans.entries()) {
  const file = src.file.replace(/\.pdf$/, '.scan.pdf');
  const raster = { dpi: DPI[k % 3] ?? 200, angle: ANGLE[k % 5] ?? 0, quality: QUALITY[k % 3] ?? 55 };
  if (selected.some((m) => m.id === src.menu)) {
    const bytes = await scanPdf(fs.readFileSync(path.join(FILES_DIR, src.file)), { ...raster, gray: k % 2 === 0, noise: 18, seed: k + 1 });
    write(file, bytes);
  }
  const classes = [...src.classes.filter((c) => c !== 'poster'), 'scan' as const];
  entries.push({ file, menu: src.menu, producer: 'scan', language: src.language, source: src.file, raster, pages: src.pages, classes });
}

// Photos: the first page of every tenth menu's first text PDF, seen at an angle.
const CORNERS: Array<Array<[number, number]>> = [
  [
    [0.06, 0.02],
    [0.01, 0.05],
    [0.03, 0.01],
    [0.0, 0.03],
  ],
  [
    [0.0, 0.05],
    [0.08, 0.0],
    [0.02, 0.04],
    [0.05, 0.0],
  ],
  [
    [0.04, 0.0],
    [0.0, 0.02],
    [0.07, 0.03],
    [0.02, 0.05],
  ],
];
const photoSources = menus
  .filter((_, i) => i % 10 === 4)
  .map((m) => entries.find((e) => e.menu === m.id && e.producer !== 'draw' && e.pages === 1));
for (const [k, src] of photoSources.entries()) {
  if (!src) continue;
  const format = k % 3 === 2 ? ('png' as const) : ('jpeg' as const);
  const file = src.file.replace(/\.pdf$/, `.photo.${format === 'png' ? 'png' : 'jpg'}`);
  if (selected.some((m) => m.id === src.menu)) {
    write(file, await photoOf(fs.readFileSync(path.join(FILES_DIR, src.file)), { corners: CORNERS[k % 3] ?? [], format, seed: 100 + k }));
  }
  const classes = [...src.classes.filter((c) => c !== 'multipage'), 'photo' as const];
  entries.push({
    file,
    menu: src.menu,
    producer: 'photo',
    language: src.language,
    source: src.file,
    raster: { format },
    pages: 1,
    classes,
  });
}

// The same pages as a phone camera takes them (200 dpi, JPEG), from another angle. A file missing
// is made even when its menu was not asked for (`npm run corpus:build -- none` adds them alone).
for (const [k, src] of photoSources.entries()) {
  if (!src) continue;
  const file = src.file.replace(/\.pdf$/, '.phone.jpg');
  if (selected.some((m) => m.id === src.menu) || !fs.existsSync(path.join(FILES_DIR, file))) {
    const corners = CORNERS[(k + 1) % 3] ?? [];
    write(file, await photoOf(fs.readFileSync(path.join(FILES_DIR, src.file)), { corners, format: 'jpeg', seed: 200 + k, dpi: 200 }));
  }
  entries.push({
    file,
    menu: src.menu,
    producer: 'phone',
    language: src.language,
    source: src.file,
    raster: { format: 'jpeg', dpi: 200 },
    pages: 1,
    classes: [...src.classes.filter((c) => c !== 'multipage'), 'phone' as const],
  });
}

const manifest: Manifest = {
  note: 'Generated by `npm run corpus:build` (test/menu-corpus/producers/build.ts). Photos show only the first page of their source.',
  files: entries,
};
fs.writeFileSync(MANIFEST_FILE, `${JSON.stringify(manifest, null, 2)}\n`);
const wanted = new Set(entries.map((e) => e.file));
for (const f of fs.readdirSync(FILES_DIR)) if (!wanted.has(f)) fs.rmSync(path.join(FILES_DIR, f));
const bytes = [...wanted].reduce((n, f) => n + fs.statSync(path.join(FILES_DIR, f)).size, 0);
console.log(`manifest: ${entries.length} files, ${(bytes / 1024 / 1024).toFixed(1)} MB`);
