import { normalizeHeaders } from '../request-info.ts';

/** One parsed subscription string, e.g. `posts/*?options={"query":{"expand":"author"}}`. */
export interface Subscription {
  /** The exact string the client submitted: the SSE event name. */
  raw: string;
  /** The part before `?`. */
  topic: string;
  /** Record topics: the collection (id or name) and `*` or a record id. */
  collection: string | null;
  recordId: string | null;
  query: Record<string, string>;
  headers: Record<string, string>;
}

function stringMap(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    out[k] = typeof v === 'string' ? v : JSON.stringify(v);
  }
  return out;
}

export function parseSubscription(raw: string): Subscription {
  const q = raw.indexOf('?');
  const topic = q === -1 ? raw : raw.slice(0, q);
  let query: Record<string, string> = {};
  let headers: Record<string, string> = {};
  if (q !== -1) {
    const options = new URLSearchParams(raw.slice(q + 1)).get('options');
    if (options) {
      try {
        const parsed = JSON.parse(options) as { query?: unknown; headers?: unknown };
        query = stringMap(parsed.query);
        headers = normalizeHeaders(stringMap(parsed.headers));
      } catch {
        // Unreadable options are ignored, as PocketBase does.
      }
    }
  }
  let collection: string | null = null;
  let recordId: string | null = null;
  if (!topic.startsWith('@') && topic !== 'PB_CONNECT') {
    const slash = topic.indexOf('/');
    collection = slash === -1 ? topic : topic.slice(0, slash);
    recordId = slash === -1 ? '*' : topic.slice(slash + 1) || '*';
  }
  return { raw, topic, collection, recordId, query, headers };
}
