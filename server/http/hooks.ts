import type { FastifyInstance } from 'fastify';
import type { TokenService } from '../core/auth/tokens.ts';
import { applyFields, parseFields } from '../core/fields-picker.ts';
import { queryString } from './request-info.ts';

/** Resolves `request.auth` from the Authorization header; bad tokens silently mean "guest". */
export function registerAuth(app: FastifyInstance, tokens: TokenService): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header) return;
    const token = header.startsWith('Bearer ') ? header.slice(7) : header;
    const state = tokens.verify(token.trim(), ['auth']);
    request.auth = state ? { collection: state.collection, row: state.row } : null;
  });
}

const BASE_HEADERS = { 'X-XSS-Protection': '1; mode=block', 'X-Content-Type-Options': 'nosniff', 'X-Frame-Options': 'SAMEORIGIN' };
const API_HEADERS = { ...BASE_HEADERS, Vary: 'Origin' };

/** The `Access-Control-Allow-Origin` value for a request's Origin (`*` = any site), or null when not allowed. */
export function allowedOrigin(origins: '*' | readonly string[], origin: string | undefined): string | null {
  if (origins === '*') return '*';
  return origin && origins.includes(origin) ? origin : null;
}

/** Global response headers and CORS for /api (any origin by default, as PocketBase; or the configured ones). */
export function registerHeaders(app: FastifyInstance, corsOrigins: '*' | readonly string[] = '*'): void {
  app.addHook('onRequest', async (request, reply) => {
    const api = request.url.startsWith('/api/');
    void reply.headers(api ? API_HEADERS : BASE_HEADERS);
    if (!api) return;
    const allow = allowedOrigin(corsOrigins, request.headers.origin);
    if (allow) void reply.header('Access-Control-Allow-Origin', allow);
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      if (allow) {
        void reply.header('Access-Control-Allow-Methods', 'GET,HEAD,PUT,PATCH,POST,DELETE');
        const requested = request.headers['access-control-request-headers'];
        if (requested) void reply.header('Access-Control-Allow-Headers', requested);
      }
      return reply.status(204).send();
    }
  });
}

/** The universal `?fields=` picker, applied to every 2xx JSON payload. */
export function registerFieldsPicker(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (reply.statusCode >= 300 || !payload || typeof payload !== 'object') return payload;
    const fields = queryString(request, 'fields');
    if (!fields) return payload;
    const picker = parseFields(fields);
    const isList = 'items' in (payload as object) && 'perPage' in (payload as object);
    return applyFields(payload, picker, isList);
  });
}
