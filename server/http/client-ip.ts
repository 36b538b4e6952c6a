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

/**
 * The network a rate limit counts a client by: an IPv4 address as is, an IPv6 address by its /64
 * prefix. One IPv6 subscriber usually holds a whole /64 and can pick a fresh address for every
 * request, so per-address counting would not limit anyone. IPv4-mapped IPv6 (`::ffff:1.2.3.4`) is
 * the IPv4 address.
 */
export function rateLimitKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (net.isIPv6(ip)) return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
  return ip;
}

/** The eight 16-bit groups of an IPv6 address, lower-case hex without leading zeros. */
function expandIPv6(ip: string): string[] {
  const address = ip.split('%')[0] ?? ip;
  const [head = '', tail] = address.split('::');
  const part = (s: string) => (s ? s.split(':') : []);
  // A trailing dotted IPv4 (::1.2.3.4) takes two groups.
  const ipv4 = (groups: string[]) =>
    groups.flatMap((g) => {
      if (!g.includes('.')) return [g];
      const [a = 0, b = 0, c = 0, d = 0] = g.split('.').map(Number);
      return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
    });
  const left = ipv4(part(head));
  const right = tail === undefined ? [] : ipv4(part(tail));
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((g) => Number.parseInt(g || '0', 16).toString(16));
}
