import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TruthMenu, TruthSection } from '../truth.ts';
import { itemPieces, legendBlock, pages, pick } from './common.ts';

/**
 * Producer "latex": pdflatex from Debian's TeX Live (texlive-latex-base, -latex-recommended,
 * -fonts-recommended): T1 fonts with real fi/ff/fl ligatures, \textsc small capitals,
 * microtype's \textls letter-spacing, multicol columns, \dotfill leaders, tabular variant tables
 * and \textsuperscript allergen codes.
 */
const FONTS = [
  '\\usepackage{lmodern}',
  '\\usepackage{mathptmx}',
  '\\usepackage[scaled=0.92]{helvet}\\renewcommand{\\familydefault}{\\sfdefault}',
  '\\usepackage[sc]{mathpazo}',
  '\\usepackage{charter}',
];

export function tex(s: string): string {
  return s
    .replace(/\\/g, '\\textbackslash{}')
    .replace(/([&%$#_{}])/g, '\\$1')
    .replace(/~/g, '\\textasciitilde{}')
    .replace(/\^/g, '\\textasciicircum{}')
    .replace(/"/g, '\\textquotedbl{}')
    .replace(/'/g, '\\textquotesingle{}');
}

function section(menu: TruthMenu, s: TruthSection): string {
  const heading = menu.style.letterspaced ? `\\textls[300]{\\MakeUppercase{${tex(s.name)}}}` : tex(s.name);
  const lines: string[] = [`\\section*{${heading}}`];
  if (s.note) lines.push(`{\\small\\itshape ${tex(s.note)}}\\par\\smallskip`);
  const name = (n: string) => (menu.style.smallcaps ? `\\textsc{${tex(n)}}` : `\\textbf{${tex(n)}}`);
  const after = (p: ReturnType<typeof itemPieces>) =>
    `${p.markers ? ` {\\footnotesize(${tex(p.markers)})}` : ''}${p.codes ? `\\textsuperscript{${tex(p.codes)}}` : ''}`;
  if (s.variants) {
    const n = s.variants.length;
    lines.push(
      `\\noindent\\begin{tabular*}{\\linewidth}{@{}p{${(0.9 - 0.17 * n).toFixed(2)}\\linewidth}@{\\extracolsep{\\fill}}${'r'.repeat(n)}@{}}`,
    );
    lines.push(` & ${s.variants.map((v) => `\\footnotesize\\textit{${tex(v)}}`).join(' & ')} \\\\`);
    for (const i of s.items) {
      const p = itemPieces(menu, s, i);
      const extra = p.price ? ` ${tex(p.price)}` : '';
      const desc = p.description ? `\\newline{\\footnotesize\\itshape ${tex(p.description)}}` : '';
      lines.push(`\\raggedright ${name(p.name)}${after(p)}${extra}${desc} & ${p.cells.map(tex).join(' & ')} \\\\[2pt]`);
    }
    lines.push('\\end{tabular*}\\par');
    return lines.join('\n');
  }
  for (const i of s.items) {
    const p = itemPieces(menu, s, i);
    const fill = menu.style.leaders ? '\\dotfill' : '\\hfill';
    lines.push(`\\noindent ${name(p.name)}${after(p)}${fill}\\mbox{${tex(p.price)}}\\par`);
    if (p.description) lines.push(`{\\small\\itshape ${tex(p.description)}}\\par`);
    lines.push('\\smallskip');
  }
  return lines.join('\n');
}

export function menuTex(menu: TruthMenu): string {
  const font = FONTS[pick(menu.id, FONTS.length)] ?? FONTS[0];
  const cols = menu.style.columns;
  const legend = legendBlock(menu);
  const body = pages(menu)
    .map((ss, n) => {
      const inner = ss.map((s) => section(menu, s)).join('\n\n');
      const wrapped = cols > 1 ? `\\begin{multicols}{${cols}}\n${inner}\n\\end{multicols}` : inner;
      return `${n ? '\\newpage\n' : ''}${wrapped}`;
    })
    .join('\n');
  // glyphtounicode: ToUnicode maps for the Type 1 fonts, as careful LaTeX users set it.
  return `\\documentclass[${cols === 3 ? '9pt' : '10pt'}]{extarticle}
\\input{glyphtounicode}
\\pdfgentounicode=1
\\usepackage[T1]{fontenc}
\\usepackage[utf8]{inputenc}
${font}
\\usepackage{textcomp}
% Times, Helvetica, Charter and Palatino have no euro glyph (textcomp fakes one from a "C"): take Latin Modern's.
\\DeclareUnicodeCharacter{20AC}{{\\fontfamily{lmr}\\selectfont\\texteuro}}
\\usepackage[a4paper,margin=16mm]{geometry}
\\usepackage{multicol}
\\usepackage[letterspace=300]{microtype}
\\usepackage{titlesec}
\\titleformat*{\\section}{\\large\\bfseries}
\\titlespacing*{\\section}{0pt}{8pt}{4pt}
\\setlength{\\parindent}{0pt}
\\setlength{\\columnsep}{8mm}
\\pagestyle{empty}
\\begin{document}
\\begin{center}
{\\LARGE\\bfseries ${tex(menu.venue)}}\\par
${menu.title ? `{\\large\\itshape ${tex(menu.title)}}\\par` : ''}
${menu.header.map((h) => `{\\small ${tex(h)}}\\par`).join('\n')}
\\end{center}
\\medskip
${body}
\\vfill
\\rule{\\linewidth}{0.4pt}\\par
{\\footnotesize
${menu.footer.map((f) => `${tex(f)}\\par`).join('\n')}
${legend ? `\\textbf{${tex(legend.title)}:} ${legend.lines.map(tex).join(' \\quad ')}\\par` : ''}
}
\\end{document}
`;
}

/** Runs pdflatex twice-free (no references) in a temporary folder; returns the PDF. */
export function latexPdf(menu: TruthMenu): Uint8Array {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'menu-tex-'));
  try {
    fs.writeFileSync(path.join(dir, 'menu.tex'), menuTex(menu));
    try {
      execFileSync('pdflatex', ['-interaction=nonstopmode', '-halt-on-error', 'menu.tex'], { cwd: dir, stdio: 'pipe', timeout: 60_000 });
    } catch (err) {
      const log = fs.existsSync(path.join(dir, 'menu.log')) ? fs.readFileSync(path.join(dir, 'menu.log'), 'utf8') : '';
      throw new Error(
        `pdflatex failed for ${menu.id}: ${
          log
            .split('\n')
            .filter((l) => l.startsWith('!'))
            .join(' | ') || String(err)
        }`,
      );
    }
    return fs.readFileSync(path.join(dir, 'menu.pdf'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
