import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/**
 * The websites allowed to show a venue's guest page in an `<iframe>` (issue 22 item 5): each one
 * becomes a source of the page's CSP `frame-ancestors`, so each must be a CSP host-source the
 * browsers read the same way: `https://host[:port]`, optionally `https://*.example.com` (the
 * subdomains of example.com, not example.com itself), `http://` only for localhost (a site in
 * development). No path, query, user or `*` alone. Stored normalized: lower case, no trailing
 * slash, no default port, an internationalized host in its ASCII (punycode) form.
 */

export const MAX_EMBED_ORIGINS = 10;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);

/** The normalized origin, or null when it is not one we accept. */
export function normalizeEmbedOrigin(value: string): string | null {
  const m = /^(https?):\/\/(\*\.)?([^/:?#@\s]+)(?::(\d{1,5}))?\/?$/i.exec(value.trim());
  if (!m) return null;
  const scheme = (m[1] ?? '').toLowerCase();
  const wildcard = Boolean(m[2]);
  let host: string;
  try {
    host = new URL(`https://${m[3] ?? ''}`).hostname;
  } catch {
    return null;
  }
  const port = m[4] === undefined ? '' : String(Number(m[4]));
  if (port !== '' && (Number(port) < 1 || Number(port) > 65535)) return null;
  if (scheme === 'http' && (wildcard || !LOCAL_HOSTS.has(host))) return null;
  const labels = host.split('.');
  if (host !== '127.0.0.1' && (!labels.every((l) => LABEL.test(l)) || (labels.length < 2 && host !== 'localhost'))) return null;
  // A wildcard over a bare top-level domain (`*.com`) would let every site of it frame the page.
  if (wildcard && labels.length < 2) return null;
  const defaultPort = scheme === 'https' ? '443' : '80';
  return `${scheme}://${wildcard ? '*.' : ''}${host}${port && port !== defaultPort ? `:${port}` : ''}`;
}

const zEmbedOrigin = z.string().refine((v) => normalizeEmbedOrigin(v) !== null, MESSAGES.embedOrigin);

/** The list as typed: at most ten valid origins, none twice once normalized. */
export const zEmbedOriginList = z
  .array(zEmbedOrigin)
  .max(MAX_EMBED_ORIGINS, MESSAGES.embedOriginsMax)
  .refine((list) => new Set(list.map(normalizeEmbedOrigin)).size === list.length, MESSAGES.embedOriginTwice);

/** The venue field: null or a list (empty: framed by our own pages only). */
export const zEmbedOrigins = z.union([z.null(), zEmbedOriginList], 'Must be a list of website origins');

/** A valid list in its stored form. */
export const normalizeEmbedOrigins = (list: readonly string[]): string[] => list.map((o) => normalizeEmbedOrigin(o) ?? o);

/** Where the auto-height script for embedding websites is served (server/modules/guest-menu/embed-script.ts). */
export const EMBED_SCRIPT_PATH = '/m-assets/embed.js';

/** The `postMessage` type the framed guest page sends its height with, and embed.js listens for. */
export const EMBED_HEIGHT_MESSAGE = 'qrmenu:height';
