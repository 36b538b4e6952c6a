import { ApiError } from './errors.ts';

/**
 * The universal `?fields=` response picker: `id,title,expand.author.name`, `*`, and the
 * `:excerpt(maxLength, withEllipsis)` modifier on a key.
 */
interface PickNode {
  children: Map<string, PickNode>;
  excerpt?: { max: number; ellipsis: boolean };
}

function newNode(): PickNode {
  return { children: new Map() };
}

/** Splits on commas outside parentheses (`a,b:excerpt(10,true)` is two items). */
function splitTopLevel(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (ch === ',' && depth === 0) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out;
}

export function parseFields(fields: string): PickNode | null {
  const root = newNode();
  let any = false;
  for (const raw of splitTopLevel(fields)) {
    const item = raw.trim();
    if (!item) continue;
    any = true;
    let path = item;
    let excerpt: PickNode['excerpt'];
    const m = /^(.*):excerpt\(([^)]*)\)$/.exec(item);
    if (m) {
      path = m[1] ?? '';
      const args = (m[2] ?? '')
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean);
      const max = Number(args[0]);
      if (args.length < 1 || args.length > 2 || !Number.isInteger(max) || max <= 0) {
        throw new ApiError(400, 'Invalid fields excerpt modifier.');
      }
      excerpt = { max, ellipsis: ['1', 't', 'true', 'TRUE', 'True'].includes(args[1] ?? '') };
    }
    let node = root;
    for (const seg of path.split('.')) {
      let next = node.children.get(seg);
      if (!next) {
        next = newNode();
        node.children.set(seg, next);
      }
      node = next;
    }
    if (excerpt) node.excerpt = excerpt;
  }
  return any ? root : null;
}

// PocketBase's excerpt modifier (tools/picker/excerpt_modifier.go): the content of these
// elements is dropped; inline elements vanish without a trace; every other element separates
// words (a space before and after); whitespace collapses and the result is trimmed.
const EXCLUDED_TAGS = new Set([
  'head',
  'style',
  'script',
  'iframe',
  'embed',
  'applet',
  'object',
  'svg',
  'img',
  'picture',
  'dialog',
  'template',
  'button',
  'form',
  'textarea',
  'input',
  'select',
  'option',
]);
const INLINE_TAGS = new Set([
  'a',
  'abbr',
  'acronym',
  'b',
  'bdo',
  'big',
  'br',
  'button',
  'cite',
  'code',
  'em',
  'i',
  'label',
  'q',
  'small',
  'span',
  'strong',
  'strike',
  'sub',
  'sup',
  'time',
]);
// Elements without content: excluding them drops the tag only.
const VOID_TAGS = new Set(['img', 'input', 'embed']);
// Go's \s (ASCII only): a no-break space stays a character, as in PocketBase.
const WHITESPACE = /[\t\n\f\r ]+/g;
const TAG = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)\b[^>]*>/;
const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]+);/g, (whole, code: string) => {
    if (code[0] !== '#') return NAMED_ENTITIES[code.toLowerCase()] ?? whole;
    const cp = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
    return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : whole;
  });
}

/** Plain text of an HTML string, stopping once `limit` characters are collected. */
function htmlToText(html: string, limit: number): string {
  let out = '';
  let prevSpace = false;
  const space = () => {
    if (!prevSpace) {
      out += ' ';
      prevSpace = true;
    }
  };
  const text = (raw: string) => {
    let t = decodeEntities(raw).replace(WHITESPACE, ' ');
    if (prevSpace) t = t.replace(/^ +/, '');
    if (t) {
      prevSpace = t.endsWith(' ');
      out += t;
    }
  };
  let i = 0;
  // +2 for a leading and a trailing space that the final trim removes.
  while (i < html.length && out.length <= limit + 2) {
    const lt = html.indexOf('<', i);
    if (lt === -1) {
      text(html.slice(i));
      break;
    }
    if (lt > i) text(html.slice(i, lt));
    i = lt;
    if (html.startsWith('<!--', i)) {
      const end = html.indexOf('-->', i + 4);
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    if (html[i + 1] === '!' || html[i + 1] === '?') {
      const end = html.indexOf('>', i);
      i = end === -1 ? html.length : end + 1;
      continue;
    }
    const m = TAG.exec(html.slice(i, i + 1000));
    if (!m) {
      // Not a tag ("a < b"): the "<" is text, as for an HTML parser.
      text('<');
      i++;
      continue;
    }
    i += m[0].length;
    const closing = m[1] === '/';
    const name = (m[2] ?? '').toLowerCase();
    if (EXCLUDED_TAGS.has(name)) {
      if (!closing && !VOID_TAGS.has(name) && !m[0].endsWith('/>')) {
        const end = html.toLowerCase().indexOf(`</${name}`, i);
        const close = end === -1 ? -1 : html.indexOf('>', end);
        i = close === -1 ? html.length : close + 1;
      }
      continue;
    }
    if (!INLINE_TAGS.has(name)) space();
  }
  return out.trim();
}

function makeExcerpt(value: string, max: number, ellipsis: boolean): string {
  const chars = [...htmlToText(value, max)];
  if (chars.length <= max) return chars.join('');
  return chars.slice(0, max).join('').trim() + (ellipsis ? '...' : '');
}

function pickValue(value: unknown, node: PickNode): unknown {
  if (node.excerpt && typeof value === 'string') return makeExcerpt(value, node.excerpt.max, node.excerpt.ellipsis);
  if (node.children.size === 0) return value;
  if (Array.isArray(value)) return value.map((v) => pickValue(v, node));
  if (value && typeof value === 'object') return pickObject(value as Record<string, unknown>, node);
  return value;
}

function pickObject(obj: Record<string, unknown>, node: PickNode): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const star = node.children.get('*');
  if (star) for (const [k, v] of Object.entries(obj)) out[k] = pickValue(v, star);
  for (const [key, child] of node.children) {
    if (key === '*' || !Object.hasOwn(obj, key)) continue;
    out[key] = pickValue(obj[key], child);
  }
  return out;
}

/** Applies a parsed picker to a payload; list envelopes are picked per item. */
export function applyFields(payload: unknown, picker: PickNode | null, isList = false): unknown {
  if (!picker) return payload;
  if (isList && payload && typeof payload === 'object' && Array.isArray((payload as { items?: unknown }).items)) {
    const env = payload as { items: unknown[] };
    return { ...env, items: env.items.map((i) => pickValue(i, picker)) };
  }
  return pickValue(payload, picker);
}

export type { PickNode };
