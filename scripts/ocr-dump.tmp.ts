import fs from 'node:fs';
import { ocrImages, ocrPdf } from '../server/modules/uploads/ocr/index.ts';
import { inspectPdf } from '../server/modules/uploads/pdf.ts';
import { extractPages } from '../server/modules/uploads/extract/index.ts';
const file = process.argv[2]!;
const bytes = new Uint8Array(fs.readFileSync(`test/menu-corpus/files/${file}`));
let pages;
if (!file.endsWith('.pdf')) pages = await ocrImages([bytes]);
else {
  const inspected = await inspectPdf(bytes);
  if (!inspected.ok) throw new Error('refused');
  const sizes = [];
  for (let i = 1; i <= inspected.pages; i++) { const p = await inspected.doc.getPage(i); const v = p.getViewport({ scale: 1 }); sizes.push({ width: v.width, height: v.height }); }
  pages = await ocrPdf(bytes, sizes);
}
const grep = process.argv[3] ? new RegExp(process.argv[3], 'i') : null;
for (const p of pages) {
  const lines = new Map<number, typeof p.runs>();
  for (const r of p.runs) { const k = Math.round(r.y / 3); lines.set(k, [...(lines.get(k) ?? []), r]); }
  for (const [k, rs] of [...lines].sort((a, b) => a[0] - b[0])) {
    const t = rs.sort((a, b) => a.x - b.x).map((r) => `[${r.text}@${r.x.toFixed(0)}-${(r.x + r.width).toFixed(0)} s${r.size.toFixed(1)}]`).join(' ');
    if (!grep || grep.test(t)) console.log(p.page, (k * 3).toString().padStart(4), t);
  }
}
const draft = extractPages(pages);
for (const s of draft.sections) { console.log('##', s.name); for (const i of s.items) console.log('  ', i.name, JSON.stringify(i.prices)); }
