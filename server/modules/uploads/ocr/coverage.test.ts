import { describe, expect, it } from 'vitest';
import { cropPgm, placeLines, uncoveredRegions } from './coverage.ts';
import { parseHocr } from './hocr.ts';

/** A white page with "letters": 6 × 20 px ink bars 4 px apart along a line of text. */
function page(width: number, height: number, textLines: Array<[x0: number, y0: number, x1: number]>): Uint8Array {
  const grey = new Uint8Array(width * height).fill(255);
  for (const [x0, y0, x1] of textLines)
    for (let x = x0; x + 6 <= x1; x += 10) for (let y = y0; y < y0 + 20; y++) grey.fill(0, y * width + x, y * width + x + 6);
  return grey;
}

/** Hand-written hOCR (Tesseract's subset): lines of words with boxes in pixels. */
function hocr(lines: Array<Array<[string, number, number, number, number]>>): string {
  const body = lines
    .map((words, i) => {
      const box = [Math.min(...words.map((w) => w[1])), Math.min(...words.map((w) => w[2])), Math.max(...words.map((w) => w[3])), Math.max(...words.map((w) => w[4]))];
      return (
        `<span class='ocr_line' id='line_1_${i}' title="bbox ${box.join(' ')}; baseline 0 0; x_size 26; x_descenders 5; x_ascenders 6">` +
        words.map((w, j) => `<span class='ocrx_word' id='word_1_${i}_${j}' title='bbox ${w.slice(1).join(' ')}; x_wconf 90'>${w[0]}</span>`).join(' ') +
        '</span>'
      );
    })
    .join('\n');
  return `<div class='ocr_page' id='page_1' title='bbox 0 0 1000 800'>${body}</div>`;
}

describe('text Tesseract left out', () => {
  // Two columns of three lines; Tesseract wrote words for the left one only.
  const grey = page(1000, 800, [
    [100, 100, 400],
    [100, 140, 360],
    [100, 180, 380],
    [550, 100, 850],
    [550, 140, 800],
    [550, 180, 830],
  ]);
  const read = parseHocr(
    hocr([
      [['Baguette', 100, 100, 250, 120], ['tradition', 260, 100, 400, 120]],
      [['Pain', 100, 140, 170, 160], ['de', 180, 140, 210, 160], ['campagne', 220, 140, 360, 160]],
      [['Fougasse', 100, 180, 380, 200]],
    ]),
  );

  it('finds the ink no word covers, as one region around the unread column', () => {
    const regions = uncoveredRegions(grey, 1000, 800, read);
    expect(regions).toHaveLength(1);
    const [r] = regions;
    expect(r!.x0).toBeLessThanOrEqual(550);
    expect(r!.x1).toBeGreaterThanOrEqual(846);
    expect(r!.y0).toBeLessThanOrEqual(100);
    expect(r!.y1).toBeGreaterThanOrEqual(200);
    // Nothing left out: nothing to read again.
    const all = parseHocr(hocr([...[100, 140, 180].map((y): Array<[string, number, number, number, number]> => [['a', 100, y, 400, y + 20], ['b', 550, y, 850, y + 20]])]));
    expect(uncoveredRegions(grey, 1000, 800, all)).toEqual([]);
  });

  it('ignores specks and thin rules: not shaped like text', () => {
    const noisy = page(1000, 800, []);
    for (const [x, y] of [[300, 500], [620, 90], [700, 700]] as const) noisy[y * 1000 + x] = 0;
    // A rule 4 px thick across two rows of cells.
    for (let y = 598; y < 602; y++) noisy.fill(0, y * 1000 + 100, y * 1000 + 900);
    expect(uncoveredRegions(noisy, 1000, 800, [])).toEqual([]);
  });

  it('crops a region with a white margin and puts the words read in it back on the page', () => {
    const region = { x0: 544, y0: 96, x1: 856, y1: 208 };
    const crop = cropPgm(grey, 1000, region, 16);
    expect([crop.width, crop.height]).toEqual([344, 144]);
    expect(crop.grey[0]).toBe(255);
    // The first bar of the right column's first line at the crop's (16 + 6, 16 + 4).
    expect(crop.grey[(16 + 4) * 344 + 16 + 6]).toBe(0);
    expect(crop.pgm.subarray(0, 15).toString('latin1')).toBe('P5\n344 144\n255\n');
    // As Tesseract reads the crop: the right column, and a sliver of a left-column word at its edge.
    const inCrop = parseHocr(
      hocr([
        [['Croissant', 22, 20, 150, 40], ['au', 160, 20, 190, 40], ['beurre', 200, 20, 322, 40]],
        [['Pain', 22, 60, 90, 80], ['au', 100, 60, 130, 80], ['chocolat', 140, 60, 272, 80]],
      ]),
    );
    const placed = placeLines(inCrop, region, 16, read);
    expect(placed.map((l) => l.words.map((w) => w.text).join(' '))).toEqual(['Croissant au beurre', 'Pain au chocolat']);
    expect(placed[0]!.words[0]).toMatchObject({ x0: 550, y0: 100, x1: 678, y1: 120 });
    expect(placed[1]!).toMatchObject({ x0: 550, y0: 140 });
    // A crop whose edge holds the end of a word the page has: that piece is not read twice.
    const edge = parseHocr(hocr([[['sse', 16, 26, 36, 46], ['4,20', 60, 26, 100, 46]]]));
    const beside = placeLines(edge, { x0: 360, y0: 170, x1: 460, y1: 210 }, 16, read);
    expect(beside.map((l) => l.words.map((w) => w.text))).toEqual([['4,20']]);
  });
});
