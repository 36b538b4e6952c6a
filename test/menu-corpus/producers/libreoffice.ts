import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TruthMenu, TruthSection } from '../truth.ts';
import { itemPieces, legendBlock, pages, pick, xml } from './common.ts';

/**
 * Producers "writer" and "draw": LibreOffice (Debian's libreoffice-writer and libreoffice-draw)
 * converting flat OpenDocument files headless. Writer gets a text document with column sections,
 * right tab stops with dot leaders, small caps and letter-spacing as character attributes, raised
 * allergen codes and tables for variant prices. Draw gets a poster: a text frame per section placed
 * on a grid, the way a designer lays out a bar card.
 */
const WRITER_FONTS = ['Liberation Serif', 'DejaVu Sans', 'Noto Serif', 'Liberation Sans'];

const NS = `xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"`;

/** The page's text width in cm (A4, 1.6 cm margins) and one column's width. */
const TEXT_CM = 21 - 3.2;
const GAP_CM = 0.8;
const colCm = (cols: number) => (TEXT_CM - (cols - 1) * GAP_CM) / cols;

export function menuFodt(menu: TruthMenu): string {
  const font = WRITER_FONTS[pick(menu.id, WRITER_FONTS.length)] ?? 'Liberation Serif';
  const cols = menu.style.columns;
  const size = cols === 3 ? 8.5 : 10;
  const tab = `${colCm(cols).toFixed(2)}cm`;
  const leader = menu.style.leaders ? ' style:leader-style="dotted" style:leader-text="."' : '';
  const sc = menu.style.smallcaps ? ' fo:font-variant="small-caps"' : '';
  const body: string[] = [];
  const para = (styleName: string, content: string) => body.push(`<text:p text:style-name="${styleName}">${content}</text:p>`);
  const nameSpan = (p: ReturnType<typeof itemPieces>) =>
    `<text:span text:style-name="Name">${xml(p.name)}</text:span>${p.markers ? ` <text:span text:style-name="Marker">${xml(p.markers)}</text:span>` : ''}${
      p.codes ? `<text:span text:style-name="Sup">${xml(p.codes)}</text:span>` : ''
    }`;
  let tables = 0;
  const section = (s: TruthSection) => {
    para('Heading', xml(menu.style.letterspaced ? s.name.toUpperCase() : s.name));
    if (s.note) para('Note', xml(s.note));
    if (s.variants) {
      const n = s.variants.length;
      const t = ++tables;
      body.push(
        `<table:table table:name="Prices${t}" table:style-name="Tbl"><table:table-column table:style-name="TName${n}"/><table:table-column table:style-name="TCell" table:number-columns-repeated="${n}"/>`,
      );
      body.push(
        `<table:table-header-rows><table:table-row><table:table-cell><text:p text:style-name="Item"/></table:table-cell>${s.variants.map((v) => `<table:table-cell><text:p text:style-name="Head">${xml(v)}</text:p></table:table-cell>`).join('')}</table:table-row></table:table-header-rows>`,
      );
      for (const i of s.items) {
        const p = itemPieces(menu, s, i);
        const desc = p.description ? `<text:p text:style-name="Desc">${xml(p.description)}</text:p>` : '';
        const extra = p.price ? ` ${xml(p.price)}` : '';
        body.push(
          `<table:table-row><table:table-cell><text:p text:style-name="Item">${nameSpan(p)}${extra}</text:p>${desc}</table:table-cell>${p.cells
            .map((c) => `<table:table-cell><text:p text:style-name="Num">${xml(c)}</text:p></table:table-cell>`)
            .join('')}</table:table-row>`,
        );
      }
      body.push('</table:table>');
      return;
    }
    for (const i of s.items) {
      const p = itemPieces(menu, s, i);
      para('Item', `${nameSpan(p)}<text:tab/>${xml(p.price)}`);
      if (p.description) para('Desc', xml(p.description));
    }
  };
  para('Title', xml(menu.venue));
  if (menu.title) para('Subtitle', xml(menu.title));
  for (const h of menu.header) para('Centered', xml(h));
  pages(menu).forEach((ss, n) => {
    if (n) para('Break', '');
    body.push(`<text:section text:style-name="Cols" text:name="Page${n + 1}">`);
    for (const s of ss) section(s);
    body.push('</text:section>');
  });
  for (const f of menu.footer) para('Foot', xml(f));
  const legend = legendBlock(menu);
  if (legend) para('Foot', `<text:span text:style-name="Bold">${xml(legend.title)}:</text:span> ${legend.lines.map(xml).join(' · ')}`);
  const cell = Math.min(1.6, colCm(cols) / 5);
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document ${NS} office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
<office:font-face-decls><style:font-face style:name="${font}" svg:font-family="'${font}'"/></office:font-face-decls>
<office:styles>
<style:default-style style:family="paragraph"><style:text-properties style:font-name="${font}" fo:font-size="${size}pt" fo:language="${menu.language}"/></style:default-style>
<style:style style:name="Standard" style:family="paragraph"/>
<style:style style:name="Title" style:family="paragraph"><style:paragraph-properties fo:text-align="center"/><style:text-properties fo:font-size="22pt" fo:font-weight="bold"${menu.style.letterspaced ? ' fo:letter-spacing="0.15cm"' : ''}/></style:style>
<style:style style:name="Subtitle" style:family="paragraph"><style:paragraph-properties fo:text-align="center" fo:margin-bottom="0.1cm"/><style:text-properties fo:font-size="13pt" fo:font-style="italic"/></style:style>
<style:style style:name="Centered" style:family="paragraph"><style:paragraph-properties fo:text-align="center"/><style:text-properties fo:font-size="8.5pt"/></style:style>
<style:style style:name="Heading" style:family="paragraph"><style:paragraph-properties fo:margin-top="0.35cm" fo:margin-bottom="0.15cm" fo:keep-with-next="always" fo:border-bottom="0.5pt solid #888888" fo:padding-bottom="0.05cm"/><style:text-properties fo:font-size="${size + 3}pt" fo:font-weight="bold"${menu.style.letterspaced ? ' fo:letter-spacing="0.12cm"' : ''}/></style:style>
<style:style style:name="Note" style:family="paragraph"><style:text-properties fo:font-style="italic" fo:font-size="${size - 1.5}pt"/></style:style>
<style:style style:name="Item" style:family="paragraph"><style:paragraph-properties fo:margin-top="0.12cm" fo:keep-with-next="always"><style:tab-stops><style:tab-stop style:position="${tab}" style:type="right"${leader}/></style:tab-stops></style:paragraph-properties></style:style>
<style:style style:name="Desc" style:family="paragraph"><style:paragraph-properties fo:margin-right="1.5cm"/><style:text-properties fo:font-style="italic" fo:font-size="${size - 1.5}pt" fo:color="#444444"/></style:style>
<style:style style:name="Head" style:family="paragraph"><style:paragraph-properties fo:text-align="end"/><style:text-properties fo:font-size="${size - 1.5}pt" fo:font-weight="bold"/></style:style>
<style:style style:name="Num" style:family="paragraph"><style:paragraph-properties fo:text-align="end" fo:margin-top="0.12cm"/></style:style>
<style:style style:name="Foot" style:family="paragraph"><style:paragraph-properties fo:margin-top="0.1cm"/><style:text-properties fo:font-size="7.5pt"/></style:style>
<style:style style:name="Break" style:family="paragraph"><style:paragraph-properties fo:break-before="page"/><style:text-properties fo:font-size="2pt"/></style:style>
<style:style style:name="Name" style:family="text"><style:text-properties fo:font-weight="bold"${sc}/></style:style>
<style:style style:name="Marker" style:family="text"><style:text-properties fo:font-size="${size - 2.5}pt"/></style:style>
<style:style style:name="Sup" style:family="text"><style:text-properties style:text-position="super 58%"/></style:style>
<style:style style:name="Bold" style:family="text"><style:text-properties fo:font-weight="bold"/></style:style>
</office:styles>
<office:automatic-styles>
<style:page-layout style:name="PL"><style:page-layout-properties fo:page-width="21cm" fo:page-height="29.7cm" fo:margin-top="1.6cm" fo:margin-bottom="1.6cm" fo:margin-left="1.6cm" fo:margin-right="1.6cm"/></style:page-layout>
<style:style style:name="Cols" style:family="section"><style:section-properties text:dont-balance-text-columns="false"><style:columns fo:column-count="${cols}" fo:column-gap="${GAP_CM}cm"/></style:section-properties></style:style>
<style:style style:name="Tbl" style:family="table"><style:table-properties style:width="${colCm(cols).toFixed(2)}cm" table:align="left"/></style:style>
${[2, 3, 4]
  .map(
    (k) =>
      `<style:style style:name="TName${k}" style:family="table-column"><style:table-column-properties style:column-width="${(colCm(cols) - k * cell).toFixed(2)}cm"/></style:style>`,
  )
  .join('\n')}
<style:style style:name="TCell" style:family="table-column"><style:table-column-properties style:column-width="${cell.toFixed(2)}cm"/></style:style>
</office:automatic-styles>
<office:master-styles><style:master-page style:name="Standard" style:page-layout-name="PL"/></office:master-styles>
<office:body><office:text>
${body.join('\n')}
</office:text></office:body></office:document>
`;
}

/**
 * A poster in Draw: one landscape or portrait page per page of the menu, each section a text
 * frame on a grid of `columns` columns, the venue as a large title frame, the footer at the bottom.
 */
export function menuFodg(menu: TruthMenu): string {
  const cols = menu.style.columns;
  const landscape = cols === 3;
  const W = landscape ? 29.7 : 21;
  const H = landscape ? 21 : 29.7;
  const M = 1.4;
  const gap = 0.9;
  const cw = (W - 2 * M - (cols - 1) * gap) / cols;
  const size = 10;
  const sc = menu.style.smallcaps ? ' fo:font-variant="small-caps"' : '';
  const frames: string[][] = [];
  const frame = (x: number, y: number, w: number, h: number, paras: string[]) =>
    `<draw:frame draw:style-name="Fr" svg:x="${x.toFixed(2)}cm" svg:y="${y.toFixed(2)}cm" svg:width="${w.toFixed(2)}cm" svg:height="${h.toFixed(2)}cm"><draw:text-box>${paras.join('')}</draw:text-box></draw:frame>`;
  const p = (style: string, content: string) => `<text:p text:style-name="${style}">${content}</text:p>`;
  const legend = legendBlock(menu);
  pages(menu).forEach((ss, n) => {
    const page: string[] = [];
    let top = M;
    if (n === 0) {
      page.push(
        frame(M, M, W - 2 * M, 3, [
          p('PTitle', xml(menu.venue)),
          ...(menu.title ? [p('PSub', xml(menu.title))] : []),
          ...menu.header.map((h) => p('PSmall', xml(h))),
        ]),
      );
      top = M + 3.4;
    }
    const colY = Array.from({ length: cols }, () => top);
    ss.forEach((s, k) => {
      const c = k % cols;
      const paras: string[] = [p('PHead', xml(menu.style.letterspaced ? s.name.toUpperCase() : s.name))];
      if (s.note) paras.push(p('PSmall', xml(s.note)));
      if (s.variants) paras.push(p('PVar', `<text:tab/>${s.variants.map(xml).join('<text:tab/>')}`));
      for (const i of s.items) {
        const q = itemPieces(menu, s, i);
        const name = `<text:span text:style-name="TName">${xml(q.name)}</text:span>${q.markers ? ` ${xml(q.markers)}` : ''}${
          q.codes ? `<text:span text:style-name="TSup">${xml(q.codes)}</text:span>` : ''
        }`;
        const price = s.variants
          ? `${q.price ? ` ${xml(q.price)}` : ''}<text:tab/>${q.cells.map(xml).join('<text:tab/>')}`
          : `<text:tab/>${xml(q.price)}`;
        paras.push(p(s.variants ? 'PVar' : 'PItem', `${name}${price}`));
        if (q.description) paras.push(p('PDesc', xml(q.description)));
      }
      const lines = 1.6 + (s.note ? 0.8 : 0) + (s.variants ? 1.1 : 0) + s.items.reduce((k, i) => k + 1.15 + (i.description ? 0.85 : 0), 0);
      const h = lines * 0.62 + 0.5;
      page.push(frame(M + c * (cw + gap), colY[c] ?? top, cw, h, paras));
      colY[c] = (colY[c] ?? top) + h + 0.5;
    });
    frames.push(page);
  });
  const last = frames[frames.length - 1];
  const footParas = [
    ...menu.footer.map((f) => p('PSmall', xml(f))),
    ...(legend ? [p('PSmall', `${xml(legend.title)}: ${legend.lines.map(xml).join(' · ')}`)] : []),
  ];
  last?.push(frame(M, H - M - 0.45 * footParas.length - 0.4, W - 2 * M, 0.45 * footParas.length + 0.4, footParas));
  const tabs = (n: number) =>
    Array.from(
      { length: n },
      (_, i) => `<style:tab-stop style:position="${(cw - 0.6 - (n - 1 - i) * 1.5).toFixed(2)}cm" style:type="right"/>`,
    ).join('');
  const maxVariants = Math.max(1, ...menu.sections.map((s) => s.variants?.length ?? 1));
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document ${NS} office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.graphics">
<office:styles>
<style:default-style style:family="graphic"><style:text-properties style:font-name="DejaVu Sans" fo:font-family="'DejaVu Sans'" fo:font-size="${size}pt" fo:language="${menu.language}"/></style:default-style>
</office:styles>
<office:automatic-styles>
<style:page-layout style:name="PM"><style:page-layout-properties fo:page-width="${W}cm" fo:page-height="${H}cm" fo:margin-top="0cm" fo:margin-bottom="0cm" fo:margin-left="0cm" fo:margin-right="0cm" style:print-orientation="${landscape ? 'landscape' : 'portrait'}"/></style:page-layout>
<style:style style:name="Fr" style:family="graphic"><style:graphic-properties draw:stroke="none" draw:fill="none" draw:textarea-vertical-align="top" draw:auto-grow-height="true" fo:padding="0cm"/></style:style>
<style:style style:name="PTitle" style:family="paragraph"><style:paragraph-properties fo:text-align="center"/><style:text-properties fo:font-size="30pt" fo:font-weight="bold"${menu.style.letterspaced ? ' fo:letter-spacing="0.2cm"' : ''}/></style:style>
<style:style style:name="PSub" style:family="paragraph"><style:paragraph-properties fo:text-align="center"/><style:text-properties fo:font-size="15pt" fo:font-style="italic"/></style:style>
<style:style style:name="PSmall" style:family="paragraph"><style:text-properties fo:font-size="8pt"/></style:style>
<style:style style:name="PHead" style:family="paragraph"><style:paragraph-properties fo:margin-bottom="0.15cm"/><style:text-properties fo:font-size="${size + 4}pt" fo:font-weight="bold"${menu.style.letterspaced ? ' fo:letter-spacing="0.15cm"' : ''} fo:color="#8a2b0f"/></style:style>
<style:style style:name="PItem" style:family="paragraph"><style:paragraph-properties fo:margin-top="0.1cm"><style:tab-stops><style:tab-stop style:position="${(cw - 0.6).toFixed(2)}cm" style:type="right"${menu.style.leaders ? ' style:leader-style="dotted" style:leader-text="."' : ''}/></style:tab-stops></style:paragraph-properties><style:text-properties fo:font-size="${size}pt"/></style:style>
<style:style style:name="PVar" style:family="paragraph"><style:paragraph-properties fo:margin-top="0.1cm"><style:tab-stops>${tabs(maxVariants)}</style:tab-stops></style:paragraph-properties><style:text-properties fo:font-size="${size}pt"/></style:style>
<style:style style:name="PDesc" style:family="paragraph"><style:text-properties fo:font-size="${size - 2.5}pt" fo:font-style="italic"/></style:style>
<style:style style:name="TName" style:family="text"><style:text-properties fo:font-weight="bold"${sc}/></style:style>
<style:style style:name="TSup" style:family="text"><style:text-properties style:text-position="super 58%"/></style:style>
</office:automatic-styles>
<office:master-styles><style:master-page style:name="Default" style:page-layout-name="PM"/></office:master-styles>
<office:body><office:drawing>
${frames.map((f, i) => `<draw:page draw:name="page${i + 1}" draw:master-page-name="Default">${f.join('\n')}</draw:page>`).join('\n')}
</office:drawing></office:body></office:document>
`;
}

/**
 * Converts flat ODF files to PDF with one headless LibreOffice run (a private profile so a
 * desktop session does not interfere); returns the PDFs by input base name.
 */
export function sofficePdfs(files: Array<{ name: string; content: string; ext: 'fodt' | 'fodg' }>): Map<string, Uint8Array> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'menu-odf-'));
  try {
    const inputs = files.map((f) => {
      const file = path.join(dir, `${f.name}.${f.ext}`);
      fs.writeFileSync(file, f.content);
      return file;
    });
    const out = path.join(dir, 'out');
    execFileSync(
      'soffice',
      [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', out, ...inputs],
      {
        stdio: 'pipe',
        timeout: 600_000,
      },
    );
    const result = new Map<string, Uint8Array>();
    for (const f of files) {
      const pdf = path.join(out, `${f.name}.pdf`);
      if (!fs.existsSync(pdf)) throw new Error(`LibreOffice did not convert ${f.name}.${f.ext}`);
      result.set(f.name, fs.readFileSync(pdf));
    }
    return result;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
