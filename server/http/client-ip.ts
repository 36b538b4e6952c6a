import net from 'node:net';
import type { FastifyRequest } from 'fastify';

export interface TrustedProxy {
  /** Headers carrying the client IP set by a trusted proxy, e.g. X-Real-IP, CF-Connecting-IP, X-Forwarded-For. */
  headers: readonly string[];
  /** For comma-separated lists (X-Forwarded-For): the leftmost (original client) instead of the rightmost (last proxy's view). */
  useLeftmostIP: boolean;
}

/**
 * The client's IP: from the first configured trusted-proxy header that holds a valid IP
 * (settings.trustedProxy), else Fastify's `request.ip`, which honours TRUSTED_PROXIES.
 */
export function clientIp(request: FastifyRequest, proxy: TrustedProxy): string {
  for (const name of proxy.headers) {
    const raw = request.headers[name.toLowerCase()];
    const value = Array.isArray(raw) ? raw.join(',') : raw;
    if (!value) continue;
    const ips = value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const ip = proxy.useLeftmostIP ? ips[0] : ips[ips.length - 1];
    if (ip && net.isIP(ip)) return ip;
  }
  return request.ip;
}
