import type { Browser } from 'playwright-core';
import type { TruthMenu, TruthSection } from '../truth.ts';
import { itemPieces, legendBlock, pages, pick, xml } from './common.ts';

/**
 * Producer "chromium": HTML and CSS printed by headless Chromium. Per menu it varies the font,
 * the column technique (CSS multi-column or a grid of sections), leaders (a row of dots clipped
 * by overflow, or a dotted border), `font-variant: small-caps`, `letter-spacing` on headings and
 * raised allergen codes (<sup>).
 */
const FONTS = ['Liberation Serif', 'DejaVu Sans', 'Noto Serif', 'Liberation Sans', 'Noto Sans'];

function section(menu: TruthMenu, s: TruthSection, dotsAsText: boolean): string {
  const head = `<h2>${xml(s.name)}</h2>${s.note ? `<p class="note">${xml(s.note)}</p>` : ''}`;
  const nameHtml = (p: ReturnType<typeof itemPieces>) =>
    `<span class="name">${xml(p.name)}</span>${p.markers ? ` <span class="mk">${xml(p.markers)}</span>` : ''}${p.codes ? `<sup>${xml(p.codes)}</sup>` : ''}`;
  if (s.variants) {
    const rows = s.items.map((i) => {
      const p = itemPieces(menu, s, i);
      const desc = p.description ? `<div class="desc">${xml(p.description)}</div>` : '';
      const extra = p.price ? ` <span class="extra">${xml(p.price)}</span>` : '';
      return `<tr><td>${nameHtml(p)}${extra}${desc}</td>${p.cells.map((c) => `<td class="num">${xml(c)}</td>`).join('')}</tr>`;
    });
    return `<section>${head}<table><thead><tr><th></th>${s.variants.map((v) => `<th class="num">${xml(v)}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table></section>`;
  }
  const items = s.items.map((i) => {
    const p = itemPieces(menu, s, i);
    const lead = menu.style.leaders ? `<span class="lead${dotsAsText ? ' dots' : ''}"></span>` : '<span class="gap"></span>';
    const desc = p.description ? `<div class="desc">${xml(p.description)}</div>` : '';
    return `<div class="item"><div class="line"><span class="nm">${nameHtml(p)}</span>${lead}<span class="price">${xml(p.price)}</span></div>${desc}</div>`;
  });
  return `<section>${head}${items.join('')}</section>`;
}

export function menuHtml(menu: TruthMenu): string {
  const font = FONTS[pick(menu.id, FONTS.length)] ?? 'Liberation Serif';
  const grid = pick(`${menu.id}/grid`, 2) === 1;
  const dotsAsText = pick(`${menu.id}/dots`, 2) === 1;
  const cols = menu.style.columns;
  const legend = legendBlock(menu);
  const body = pages(menu)
    .map((sections, n) => {
      const inner = sections.map((s) => section(menu, s, dotsAsText)).join('');
      return `<div class="page${n ? ' break' : ''}"><div class="${grid ? 'grid' : 'cols'}">${inner}</div></div>`;
    })
    .join('');
  const css = `
@page { size: A4; margin: 16mm 14mm; }
body { font-family: '${font}'; font-size: ${cols === 3 ? 9 : 10.5}pt; color: #222; font-variant-ligatures: common-ligatures; }
header { text-align: center; margin-bottom: 6mm; }
header h1 { font-size: 22pt; margin: 0; ${menu.style.letterspaced ? 'letter-spacing: 0.3em;' : ''} }
header .title { font-size: 13pt; font-style: italic; margin: 1mm 0; }
header p { margin: 0.5mm 0; font-size: 9pt; }
.break { break-before: page; }
.cols { column-count: ${cols}; column-gap: 9mm; }
.grid { display: grid; grid-template-columns: repeat(${cols}, minmax(0, 1fr)); gap: 4mm 9mm; align-items: start; }
section { break-inside: avoid; margin-bottom: 4mm; min-width: 0; }
h2 { font-size: 12.5pt; margin: 0 0 2mm; text-transform: ${menu.style.letterspaced ? 'uppercase' : 'none'}; ${menu.style.letterspaced ? 'letter-spacing: 0.45em;' : ''} border-bottom: 0.5pt solid #999; }
.note { font-style: italic; font-size: 8.5pt; margin: 0 0 1.5mm; }
.item { margin-bottom: 1.8mm; break-inside: avoid; }
.line { display: flex; align-items: baseline; }
.nm { font-weight: 600; }
.name { ${menu.style.smallcaps ? 'font-variant: small-caps;' : ''} }
.mk { font-size: 7.5pt; font-weight: normal; border: 0.4pt solid #555; padding: 0 0.6mm; }
sup { font-size: 6.5pt; font-weight: normal; margin-left: 0.5mm; }
.gap { flex: 1; min-width: 3mm; }
.lead { flex: 1; min-width: 3mm; margin: 0 1mm; border-bottom: 0.8pt dotted #777; }
.lead.dots { border: 0; overflow: hidden; white-space: nowrap; flex: 1 1 0; width: 0; }
.lead.dots::after { content: '${' .'.repeat(120)}'; }
.price { white-space: nowrap; }
.desc { font-size: 0.85em; font-style: italic; color: #444; }
table { width: 100%; border-collapse: collapse; }
th { font-size: 8.5pt; font-weight: 600; }
td { padding: 0.6mm 0; vertical-align: top; }
.num { text-align: right; white-space: nowrap; padding-left: 2mm; width: 15%; }
footer { margin-top: 5mm; font-size: 8pt; border-top: 0.5pt solid #999; padding-top: 2mm; }
footer p { margin: 0.5mm 0; }
.legend span { margin-right: 3mm; }`;
  return `<!doctype html><html lang="${menu.language}"><head><meta charset="utf-8"><style>${css}</style></head><body>
<header><h1>${xml(menu.venue)}</h1>${menu.title ? `<div class="title">${xml(menu.title)}</div>` : ''}${menu.header.map((h) => `<p>${xml(h)}</p>`).join('')}</header>
${body}
<footer>${menu.footer.map((f) => `<p>${xml(f)}</p>`).join('')}${
    legend ? `<p class="legend"><b>${xml(legend.title)}:</b> ${legend.lines.map((l) => `<span>${xml(l)}</span>`).join(' ')}</p>` : ''
  }</footer>
</body></html>`;
}

/** Prints the menu's HTML to a PDF with the given browser. */
export async function chromiumPdf(browser: Browser, menu: TruthMenu): Promise<Uint8Array> {
  const page = await browser.newPage();
  try {
    await page.setContent(menuHtml(menu), { waitUntil: 'load' });
    return await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
  } finally {
    await page.close();
  }
}
