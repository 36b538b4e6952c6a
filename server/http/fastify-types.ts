import type { AuthState } from '../core/request-info.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The record authenticated by the request's token; null for guests and invalid tokens. */
    auth: AuthState | null;
  }
}

export {};
