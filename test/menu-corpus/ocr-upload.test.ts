import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ocrToolsMissing } from '../../server/test/ocr-tools.ts';
import { uploadsTestApp } from '../../server/test/upload-client.ts';
import type { MenuDraft } from '../../server/modules/uploads/extract/index.ts';
import { itemRight } from './calibrate.ts';
import { metrics, scoreDraft } from './score.ts';
import { FILES_DIR, loadMenu } from './truth.ts';

/**
 * Corpus scans and photos (made by pdftoppm, sharp and pixel arithmetic from hand-written truth,
 * see producers/raster.ts) through the real upload route and the OCR job, scored against their
 * truth. The bounds are what OCR reaches today, well below issue 21's targets (the bench reports
 * those): they catch a pipeline that stops reading, not the last percent.
 */
const skip = await ocrToolsMissing();

describe.skipIf(skip)('corpus scans and photos through the upload route', () => {
  let app: Awaited<ReturnType<typeof uploadsTestApp>>;
  beforeAll(async () => {
    app = await uploadsTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  // The OCR items' flags, as the review shows them (the calibration's threshold for OCR items and
  // Tesseract's word confidences): on these three files the model fitted on 2026-11-27 after OCR
  // round 9 flags 2 of the 4 wrong items and 3 of the 28 right ones (round 8: 6 of 9 wrong, 4 of
  // 20 right; the raised marks are now read right). The calibration lets the OCR threshold flag
  // up to 20 % of the corpus's right items. The bounds catch flags that stopped following OCR's
  // doubt (a confidence lost on the way, the text-layer threshold used): a wrong item is then
  // flagged no more often than a right one. The calibration's out-of-fold numbers are in the
  // README.
  const flags: Array<{ right: boolean; flagged: boolean }> = [];

  const cases = [
    // Allergen codes are raised marks a few pixels tall on this scan; read again enlarged
    // (ocr/marks.ts) 9 of 11 items get theirs right (none before, 2026-11-27).
    {
      file: 'de-gasthaus-linde.writer.scan.pdf',
      menu: 'de-gasthaus-linde',
      type: 'application/pdf',
      recall: 0.7,
      amount: 0.75,
      allergens: 0.6,
    },
    // Amount precision 0.65 since OCR round 3 (was 0.75): more of this photo's items are read, and
    // some of their prices with a misread digit ("12,00" as "17,00"); see README "OCR round 3".
    { file: 'it-ristorante-roma.chromium.photo.jpg', menu: 'it-ristorante-roma', type: 'image/jpeg', recall: 0.6, amount: 0.65 },
    // A phone camera's photo (200 dpi): a three-column pub menu with a name wrapped over three
    // lines and raised allergen codes; 11 of its 12 items read (2026-11-27, OCR round 6).
    { file: 'en-pub-fox.chromium.phone.jpg', menu: 'en-pub-fox', type: 'image/jpeg', recall: 0.85, amount: 0.9 },
  ];
  for (const c of cases) {
    it(`reads ${c.file} into items with prices`, async () => {
      const bytes = fs.readFileSync(path.join(FILES_DIR, c.file));
      const res = await app.upload('Corpus', { file: { bytes, filename: c.file, type: c.type } });
      expect(res.statusCode).toBe(200);
      const done = await app.settled(res.json().id, 180_000);
      expect(done).toMatchObject({ status: 'ready', error: '' });
      const draft = done.draft as MenuDraft;
      const scored = scoreDraft(draft, loadMenu(c.menu));
      draft.sections
        .flatMap((sec) => sec.items)
        .forEach((item, i) => {
          const verdict = scored.verdicts[i];
          if (verdict) flags.push({ right: itemRight(verdict), flagged: item.flagged });
        });
      const m = metrics(scored.counts);
      expect(m.itemRecall).toBeGreaterThanOrEqual(c.recall);
      expect(m.amountPrecision).toBeGreaterThanOrEqual(c.amount);
      if (c.allergens !== undefined) expect(m.allergenAccuracy).toBeGreaterThanOrEqual(c.allergens);
    }, 240_000);
  }

  it('flags most wrong OCR items and few right ones', () => {
    expect(flags.length, 'the cases above ran').toBeGreaterThanOrEqual(25);
    const wrong = flags.filter((f) => !f.right);
    const right = flags.filter((f) => f.right);
    expect(wrong.length).toBeGreaterThanOrEqual(3);
    const wrongFlagged = wrong.filter((f) => f.flagged).length / wrong.length;
    const rightFlagged = right.filter((f) => f.flagged).length / right.length;
    expect(rightFlagged).toBeLessThanOrEqual(0.3);
    expect(wrongFlagged).toBeGreaterThanOrEqual(Math.max(0.25, 2 * rightFlagged));
  });
});
