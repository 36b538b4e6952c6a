import type { Collection } from './collections.ts';

/** The authenticated record of a request, as loaded from its token. */
export interface AuthState {
  collection: Collection;
  /** The stored row (column values as in SQLite). */
  row: Record<string, unknown>;
}

/** What rules can see of a request: `@request.*`. */
export interface RequestInfo {
  auth: AuthState | null;
  method: string;
  /** default | expand | realtime | protectedFile | batch | oauth2 | otp | password */
  context: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** The submitted body after modifier resolution (create/update only). */
  body: Record<string, unknown>;
}

export function isSuperuser(info: Pick<RequestInfo, 'auth'>): boolean {
  return info.auth?.collection.name === '_superusers';
}

/**
 * The same request seen in another context (expand, oauth2…). Unlike `{ ...req, context }` it
 * does not read `headers`, which the HTTP layer normalises lazily, on first use only.
 */
export function inContext(req: RequestInfo, context: string): RequestInfo {
  return {
    auth: req.auth,
    method: req.method,
    context,
    query: req.query,
    body: req.body,
    get headers() {
      return req.headers;
    },
  };
}

export function guestRequest(method = 'GET', context = 'default'): RequestInfo {
  return { auth: null, method, context, query: {}, headers: {}, body: {} };
}

/** Lower-cases header names and turns `-` into `_`, as rules address them. */
export function normalizeHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined) continue;
    out[k.toLowerCase().replace(/-/g, '_')] = Array.isArray(v) ? (v[0] ?? '') : v;
  }
  return out;
}
