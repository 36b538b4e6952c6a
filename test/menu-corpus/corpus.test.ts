import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAYOUT_CLASSES, PRODUCERS, TEXT_PRODUCERS } from './producers/plan.ts';
import { isRaster, loadManifest, runFile } from './run.ts';
import { metrics } from './score.ts';
import { FILES_DIR, LANGUAGES, loadAllMenus, menuIds } from './truth.ts';

/**
 * The menu corpus is whole: every truth file parses and has its files, the manifest lists exactly
 * the files on disk, and the corpus keeps its breadth (menus, languages, producers, classes).
 * A smoke run scores a few files end to end. How well the extractor does is the bench's business
 * (`npm run bench:extract`), not this test's: it does not assert the targets.
 */
const manifest = loadManifest();
const menus = loadAllMenus();

describe('menu corpus integrity', () => {
  it('has at least 80 valid truth files in at least six languages', () => {
    expect(menus.length).toBeGreaterThanOrEqual(80);
    const languages = new Set(menus.map((m) => m.language));
    expect(languages.size).toBeGreaterThanOrEqual(6);
    for (const l of ['en', 'de', 'fr', 'it', 'es', 'nl']) expect(languages, l).toContain(l);
    for (const m of menus) expect(LANGUAGES).toContain(m.language);
  });

  it('file names and ids agree', () => {
    expect(menuIds()).toEqual(menus.map((m) => m.id));
  });

  it('lists exactly the files on disk, each with a known producer, language and classes', () => {
    const onDisk = fs.readdirSync(FILES_DIR).sort();
    expect(manifest.files.map((f) => f.file).sort()).toEqual(onDisk);
    const ids = new Set(menuIds());
    for (const f of manifest.files) {
      expect(ids.has(f.menu), f.file).toBe(true);
      expect(PRODUCERS, f.file).toContain(f.producer);
      expect(f.language, f.file).toBe(menus.find((m) => m.id === f.menu)?.language);
      expect(f.classes.length, f.file).toBeGreaterThan(0);
      for (const c of f.classes) expect(LAYOUT_CLASSES, f.file).toContain(c);
      if (isRaster(f)) expect(f.source && onDisk.includes(f.source), f.file).toBe(true);
      expect(fs.statSync(path.join(FILES_DIR, f.file)).size, f.file).toBeGreaterThan(1000);
    }
  });

  it('gives every menu at least two text PDFs from different producers', () => {
    for (const m of menus) {
      const producers = new Set(manifest.files.filter((f) => f.menu === m.id && !isRaster(f)).map((f) => f.producer));
      expect(producers.size, m.id).toBeGreaterThanOrEqual(2);
    }
  });

  it('covers at least five producers and every layout class', () => {
    const producers = new Set(manifest.files.map((f) => f.producer));
    expect(producers.size).toBeGreaterThanOrEqual(5);
    for (const p of [...TEXT_PRODUCERS, 'draw', 'scan', 'photo', 'phone']) expect(producers, p).toContain(p);
    const classes = new Set(manifest.files.flatMap((f) => f.classes));
    for (const c of LAYOUT_CLASSES) expect(classes, c).toContain(c);
  });

  it('stays small enough to commit (< 30 MB)', () => {
    const bytes = manifest.files.reduce((n, f) => n + fs.statSync(path.join(FILES_DIR, f.file)).size, 0);
    expect(bytes).toBeLessThan(30 * 1024 * 1024);
  });
});

describe('menu corpus smoke run', () => {
  const pickOne = (producer: string) => manifest.files.find((f) => f.producer === producer);

  it.each(TEXT_PRODUCERS.map((p) => [p]))('scores a %s PDF end to end', async (producer) => {
    const entry = pickOne(producer);
    expect(entry).toBeDefined();
    const result = await runFile(entry!);
    const m = metrics(result.score.counts);
    expect(result.score.counts.truthItems).toBeGreaterThan(0);
    // Every metric is a ratio (or absent); the values themselves are the bench's to report.
    for (const v of Object.values(m)) if (v !== null) expect(v).toBeGreaterThanOrEqual(0);
    if (!result.refused) expect(result.pages).toBe(entry!.pages);
  });

  it('runs a photo through the same path (refused until OCR exists, then scored)', async () => {
    const entry = pickOne('photo');
    const result = await runFile(entry!);
    if (result.refused) expect(result.score.counts.matchedItems).toBe(0);
    else expect(result.score.counts.extractedItems).toBeGreaterThan(0);
  });
});
