import type { FastifyRequest } from 'fastify';
import { normalizeHeaders, type RequestInfo } from '../core/request-info.ts';

/** `@request.*` for an HTTP request: first value of each query key, snake_case headers. */
export function requestInfo(request: FastifyRequest, context = 'default'): RequestInfo {
  const query: Record<string, string> = {};
  for (const [k, v] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    const first = Array.isArray(v) ? v[0] : v;
    if (first !== undefined) query[k] = String(first);
  }
  const info = { auth: request.auth, method: request.method, context, query, body: {} } as RequestInfo;
  // Few rules read headers: normalise them only when something asks.
  let headers: Record<string, string> | undefined;
  Object.defineProperty(info, 'headers', {
    enumerable: true,
    get: () => (headers ??= normalizeHeaders(request.headers)),
    set: (value: Record<string, string>) => {
      headers = value;
    },
  });
  return info;
}

/** A query param's first value as a string ('' when absent). */
export function queryString(request: FastifyRequest, key: string): string {
  const v = (request.query as Record<string, unknown> | undefined)?.[key];
  const first = Array.isArray(v) ? v[0] : v;
  return first === undefined || first === null ? '' : String(first);
}
