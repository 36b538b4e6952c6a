/**
 * A few lines of DOM building for the page that runs without React (service mode,
 * service-main.ts): `h('button', { class: 'x', onclick: fn }, 'Text')`. Text always goes in as
 * text nodes, never as HTML.
 */
type Child = Node | string | null | undefined | false;
type AttrValue = string | number | boolean | null | undefined;
export type Attrs = Record<string, AttrValue | ((event: Event) => void)>;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs?: Attrs | null, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

/** Sets attributes (`true`: present, `false`/null/undefined: left out) and `on…` handlers. */
export function setAttrs(el: Element, attrs?: Attrs | null): void {
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (typeof value === 'function') el.addEventListener(name.slice(2), value);
    else if (value === true) el.setAttribute(name, '');
    else if (value !== false && value !== null && value !== undefined) el.setAttribute(name, String(value));
  }
}

export function append(el: Element, children: readonly Child[]): void {
  for (const child of children) if (child !== null && child !== undefined && child !== false) el.append(child);
}

/** An icon's drawing from lucide (`import Clock from 'lucide-data:clock'`), drawn as lucide-react draws it. */
export interface IconData {
  node: readonly (readonly [string, Record<string, string>])[];
}

const SVG = 'http://www.w3.org/2000/svg';

export function icon(data: IconData, className = 'size-5'): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  for (const [name, value] of Object.entries({
    width: '24',
    height: '24',
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '2',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    class: className,
    'aria-hidden': 'true',
  }))
    svg.setAttribute(name, value);
  for (const [tag, attrs] of data.node) {
    const part = document.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(attrs)) if (name !== 'key') part.setAttribute(name, value);
    svg.append(part);
  }
  return svg;
}
