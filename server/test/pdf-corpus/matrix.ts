import * as menus from './menus.ts';
import type { CorpusCase } from './index.ts';
import { renderMenu, type CorpusMenu, type ItemLayout, type PriceFormat, type RenderOptions } from './render.ts';

const LAYOUTS: ItemLayout[] = ['leaders', 'right', 'descPrice', 'left', 'inline', 'centered'];
const FORMATS: PriceFormat[] = ['eu', 'us', 'dot', 'swiss'];
/** Tables and variant lists have their own corpus files. */
const MENUS = Object.entries(menus).filter(([name]) => name !== 'wineList' && name !== 'drinks') as Array<[string, CorpusMenu]>;

/**
 * Every corpus menu in every item layout, one and two columns, with rotating price formats,
 * heading styles and fragmented text: a check that the extractor generalises beyond the
 * hand-picked corpus files. Headings always differ from item names in size, weight or capitals
 * (a heading printed exactly like a name is only recognised by extra space above it).
 * `every` keeps one combination in n (CI runs a sample).
 */
export function layoutMatrix(every = 1): CorpusCase[] {
  const cases: CorpusCase[] = [];
  let n = 0;
  for (const [name, menu] of MENUS) {
    for (const layout of LAYOUTS) {
      for (const columns of [1, 2] as const) {
        const index = n++;
        if (index % every !== 0) continue;
        const size = [15, 12, 11][index % 3] as number;
        const options: RenderOptions = {
          layout,
          columns,
          priceFormat: FORMATS[index % FORMATS.length] as PriceFormat,
          heading: { size: layout === 'centered' ? Math.max(size, 13) : size, caps: index % 2 === 0 || size <= 11 },
          fragmented: index % 5 === 0,
          ...(columns === 2 ? { pageSize: [595, 600] as [number, number] } : {}),
        };
        const pages = 0; // not checked for matrix cases
        cases.push({
          file: `matrix-${name}-${layout}-${columns}col-${options.priceFormat}${options.fragmented ? '-fragmented' : ''}.pdf`,
          about: JSON.stringify(options),
          build: () => renderMenu(menu, options),
          expected: { kind: 'menu', sections: menu.sections, pages },
        });
      }
    }
  }
  return cases;
}
