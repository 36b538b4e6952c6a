import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers (helmet) and the Content-Security-Policy of our HTML pages.
 *
 * Scripts: only same-origin files plus the few inline scripts we ship, allowed by their sha256
 * (the SPA's theme script is read from the built `index.html` at boot; modules declare the
 * inline scripts of their pages). No nonces, no 'unsafe-inline' for scripts.
 * Styles: 'unsafe-inline' (the guest page inlines its CSS and per-tag colours in style
 * attributes; the SPA's UI library injects style elements). Images also from data:/blob:.
 * Everything else is same-origin. Not set here: HSTS (TLS ends at the proxy, which should send it)
 * and `upgrade-insecure-requests` (self-hosters may serve plain HTTP on a LAN).
 * X-Frame-Options, X-Content-Type-Options and X-XSS-Protection keep the contract's values from
 * `registerHeaders` (file downloads remove the frame header and set their own CSP).
 */

/** Bodies of the inline scripts of an HTML document (scripts with a src, or data blocks such as JSON-LD, excluded). */
export function inlineScriptsOf(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1] ?? '';
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript' && type !== 'application/javascript') continue;
    out.push(m[2] ?? '');
  }
  return out;
}

export function scriptHash(body: string): string {
  return `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
}

/** The inline scripts of the built staff app's pages (the SPA and service mode's page; none when not built). */
export function spaInlineScripts(webDist: string): string[] {
  return ['index.html', 'service.html'].flatMap((page) => {
    try {
      return inlineScriptsOf(fs.readFileSync(path.join(webDist, page), 'utf8'));
    } catch {
      return [];
    }
  });
}

export function contentSecurityPolicy(inlineScripts: readonly string[]): Record<string, string[]> {
  const hashes = [...new Set(inlineScripts.map(scriptHash))];
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'connect-src': ["'self'"],
    'font-src': ["'self'", 'data:'],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'manifest-src': ["'self'"],
    'media-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'script-src': ["'self'", ...hashes],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'worker-src': ["'self'", 'blob:'],
  };
}

function helmetOptions(inlineScripts: readonly string[]): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(inlineScripts) },
    // OAuth2 sign-in opens the provider in a popup: it must keep its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Integrators show our images (menu photos, logos) on their own sites.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    strictTransportSecurity: false,
    // Set by registerHeaders with the contract's values (and removable per reply).
    xFrameOptions: false,
    xContentTypeOptions: false,
    xXssProtection: false,
  };
}

/**
 * The headers helmet sets, computed once: our policy is static, so running helmet's middleware
 * (which re-parses the CSP directives) on every request would be wasted work on the hot path.
 */
export function securityHeaders(inlineScripts: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions(inlineScripts))({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, inlineScripts: readonly string[]): void {
  const headers = securityHeaders(inlineScripts);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * The page's CSP with `frame-ancestors` allowing our own pages and `origins` too (a venue's
 * embeds: CSP host-sources, validated by shared/schemas/embeds.ts). Browsers that read
 * `frame-ancestors` ignore X-Frame-Options; the caller removes it as well, for the others.
 */
export function withFrameAncestors(csp: string, origins: readonly string[]): string {
  return csp.replace(/frame-ancestors [^;]*/, `frame-ancestors 'self' ${origins.join(' ')}`);
}
