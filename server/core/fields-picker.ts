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
      const args = (m[2] ?? '').split(',').map((a) => a.trim()).filter(Boolean);
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

const STRIP_BLOCKS = /<(head|style|script|svg|iframe|form|select|textarea|button)[^>]*>[\s\S]*?<\/\1>/gi;

function makeExcerpt(value: string, max: number, ellipsis: boolean): string {
  const text = value.replace(STRIP_BLOCKS, ' ').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  const chars = [...text];
  if (chars.length <= max) return text;
  return chars.slice(0, max).join('') + (ellipsis ? '...' : '');
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
