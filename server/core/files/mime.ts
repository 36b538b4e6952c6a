import * as fsp from 'node:fs/promises';
import { fileTypeFromBuffer, fileTypeFromFile, type FileTypeResult } from 'file-type';

/** Extension fallbacks for text formats that magic-byte sniffing cannot detect. */
const TEXT_EXT_MIME: Record<string, string> = {
  '.txt': 'text/plain',
  '.json': 'application/json',
  '.csv': 'text/csv',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
};

/** Only sniff a prefix: enough to classify, and keeps huge uploads cheap. */
const SNIFF_BYTES = 64 * 1024;

function lowerExt(fileName: string): string {
  const i = fileName.lastIndexOf('.');
  return i === -1 ? '' : fileName.slice(i).toLowerCase();
}

/** Decoded prefix if it is valid UTF-8 without NUL bytes, else null. */
function textPrefix(data: Buffer): string | null {
  const head = data.subarray(0, SNIFF_BYTES);
  if (head.includes(0)) return null;
  try {
    // stream: true tolerates a multi-byte char cut off at the prefix boundary.
    return new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    return null;
  }
}

function looksLikeSvg(text: string): boolean {
  const t = text.replace(/^\uFEFF/, '').trimStart();
  return t.startsWith('<') && /<svg[\s>/]/i.test(t);
}

/**
 * Content type from the bytes, never from the client. The file name only picks
 * between text-ish types, and only when the bytes actually are text.
 */
export async function sniffMime(data: Buffer, fileName: string): Promise<string> {
  return classify(await fileTypeFromBuffer(data), data, fileName);
}

/**
 * sniffMime for a file on disk (an upload streamed to a temp file): file-type reads only what
 * it needs, the text checks only the first SNIFF_BYTES, so a large file is never loaded.
 */
export async function sniffMimeOfFile(file: string, fileName: string): Promise<string> {
  const fh = await fsp.open(file, 'r');
  let head: Buffer;
  try {
    const buf = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await fh.read(buf, 0, SNIFF_BYTES, 0);
    head = buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
  return classify(head.length ? await fileTypeFromFile(file) : undefined, head, fileName);
}

function classify(detected: FileTypeResult | undefined, data: Buffer, fileName: string): string {
  const ext = lowerExt(fileName);
  // file-type reports SVGs with an <?xml prolog as application/xml.
  if (detected && !(detected.mime === 'application/xml' && ext === '.svg')) return detected.mime;

  const text = textPrefix(data);
  if (text === null) return 'application/octet-stream';
  if (ext === '.svg') return looksLikeSvg(text) ? 'image/svg+xml' : 'text/plain; charset=utf-8';
  const byExt = TEXT_EXT_MIME[ext];
  if (byExt) return byExt;
  if (data.length === 0) return 'application/octet-stream';
  // Never text/html etc.: unknown text is served as plain text.
  return 'text/plain; charset=utf-8';
}

function baseType(mime: string): string {
  return (mime.split(';')[0] ?? '').trim().toLowerCase();
}

/** Empty list = anything goes. Compares the type without parameters; "image/*" style wildcards allowed. */
export function mimeAllowed(mime: string, allowed: string[]): boolean {
  if (allowed.length === 0) return true;
  const m = baseType(mime);
  return allowed.some((a) => {
    const b = baseType(a);
    return b.endsWith('/*') ? m.startsWith(b.slice(0, -1)) : b === m;
  });
}

/** Types a browser may render in place; everything else is downloaded. */
const INLINE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/jpg',
  'image/gif',
  'image/webp',
  'image/x-icon',
  'image/vnd.microsoft.icon',
  'image/bmp',
  'image/svg+xml',
  'video/webm',
  'video/mp4',
  'video/ogg',
  'video/3gpp',
  'video/quicktime',
  'audio/mpeg',
  'audio/mp3',
  'audio/mp4',
  'audio/x-m4a',
  'audio/aac',
  'audio/ogg',
  'audio/opus',
  'audio/wav',
  'audio/wave',
  'audio/x-wav',
  'audio/webm',
  'audio/flac',
  'audio/x-flac',
  'application/pdf',
  'application/x-pdf',
]);

/**
 * Headers the route should send with every served file: inline SVG/PDF can carry
 * scripts, so they must render sandboxed and the browser must not re-sniff types.
 */
export const FILE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; media-src 'self'; style-src 'unsafe-inline'; sandbox",
};

// Lone surrogates would make encodeURIComponent throw.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** RFC 5987 attr-char encoding: encodeURIComponent leaves ' ( ) * unescaped, which are not allowed. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
}

export function contentDisposition(mime: string, fileName: string, forceDownload: boolean): string {
  const type = !forceDownload && INLINE_TYPES.has(baseType(mime)) ? 'inline' : 'attachment';
  // Control chars (CR/LF!) would allow header injection.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point here
  const name = fileName.replace(LONE_SURROGATE, '\uFFFD').replace(/[\x00-\x1f\x7f]/g, '_') || 'file';
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '\\$&');
  let header = `${type}; filename="${ascii}"`;
  if (/[^\x20-\x7e]/.test(name)) header += `; filename*=UTF-8''${rfc5987(name)}`;
  return header;
}
