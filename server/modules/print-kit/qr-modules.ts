import QRCode from 'qrcode';

/** Quiet zone around every code, in modules (ISO/IEC 18004 asks for at least 4). */
export const QUIET_ZONE = 4;

/**
 * A code's dark modules as horizontal runs (row, first column, length), so a code is drawn as a
 * few hundred rectangles instead of one per module. Error correction Q: a printed code survives
 * about a quarter of its area being scuffed or stained.
 */
export interface QrRuns {
  /** Modules per side, without the quiet zone. */
  size: number;
  runs: { row: number; col: number; len: number }[];
}

export function qrRuns(text: string): QrRuns {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'Q' });
  const runs: QrRuns['runs'] = [];
  for (let row = 0; row < modules.size; row += 1) {
    let start = -1;
    for (let col = 0; col <= modules.size; col += 1) {
      const dark = col < modules.size && modules.get(row, col);
      if (dark && start < 0) start = col;
      else if (!dark && start >= 0) {
        runs.push({ row, col: start, len: col - start });
        start = -1;
      }
    }
  }
  return { size: modules.size, runs };
}

/**
 * A standalone SVG of the code, quiet zone included: one path in module units. `widthMm` sets its
 * printed size; `px` (instead) a pixel size that is a whole multiple of the module count, for a
 * crisp PNG.
 */
export function qrSvgDocument(code: QrRuns, size: { widthMm: number } | { px: number }): string {
  const side = code.size + 2 * QUIET_ZONE;
  const d = code.runs.map((r) => `M${r.col + QUIET_ZONE} ${r.row + QUIET_ZONE}h${r.len}v1h-${r.len}z`).join('');
  const dims = 'widthMm' in size ? `width="${size.widthMm}mm" height="${size.widthMm}mm"` : `width="${size.px}" height="${size.px}"`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" ${dims} viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">` +
    `<rect width="${side}" height="${side}" fill="#ffffff"/><path fill="#000000" d="${d}"/></svg>`
  );
}
