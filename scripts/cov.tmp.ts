import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { preparePage } from '../server/modules/uploads/ocr/preprocess.ts';
import { parseHocr } from '../server/modules/uploads/ocr/hocr.ts';
import { uncoveredRegions } from '../server/modules/uploads/ocr/coverage.ts';
const p = await preparePage(new Uint8Array(fs.readFileSync(`test/menu-corpus/files/${process.argv[2]}`)));
const hocr = execFileSync('tesseract', ['stdin', 'stdout', '-l', process.argv[3] ?? 'eng', '--psm', '3', '--dpi', '300', '-c', 'hocr_char_boxes=1', 'hocr'], { input: p.pgm, env: { ...process.env, OMP_THREAD_LIMIT: '1' }, maxBuffer: 1e8 }).toString();
const lines = parseHocr(hocr);
const k = 595.3 / p.width;
const regions = uncoveredRegions(p.grey, p.width, p.height, lines);
console.log('regions', regions.length);
for (const r of regions) console.log((r.x0 * k).toFixed(0), (r.y0 * k).toFixed(0), (r.x1 * k).toFixed(0), (r.y1 * k).toFixed(0));
for (const l of lines) { const t = l.words.map((w) => w.text).join(' '); if (/£/.test(t)) console.log((l.words[0]!.x0 * k).toFixed(0), (l.y1 * k).toFixed(0), t); }
