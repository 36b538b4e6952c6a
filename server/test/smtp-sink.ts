import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

/**
 * A real SMTP server for tests: mail goes through nodemailer's actual SMTP client and wire
 * encoding, and is decoded here. mailparser isn't a dependency, so this file carries a small
 * MIME parser covering what nodemailer produces: folded headers, RFC 2047 words,
 * nested multiparts, quoted-printable, base64 and 7/8bit bodies.
 */

export interface ReceivedMail {
  /** Envelope sender (MAIL FROM). */
  from: string;
  /** Envelope recipients (RCPT TO). */
  to: string[];
  subject: string;
  /** Decoded text/plain body, line endings normalised to \n ('' when absent). */
  text: string;
  /** Decoded text/html body, line endings normalised to \n ('' when absent). */
  html: string;
  /** Top-level headers, lower-cased names, unfolded and RFC 2047-decoded. */
  headers: Record<string, string>;
  /** The message exactly as received (UTF-8). */
  raw: string;
}

export interface SmtpSink {
  /** Usable as `smtpUrl` of createMailer. */
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** The first received (or future) message matching `predicate`. */
  waitFor(predicate: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  clear(): void;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<(m: ReceivedMail) => void>();

  const server = new SMTPServer({
    authOptional: true,
    // Plain TCP only: no STARTTLS means no certificate and no TLS warning.
    disabledCommands: ['STARTTLS'],
    // Accept credentials anyway, so mailers configured with user:pass can be tested too.
    allowInsecureAuth: true,
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'test' });
    },
    logger: false,
    // The client is always 127.0.0.1; a reverse DNS lookup per connection only slows tests down.
    disableReverseLookup: true,
    closeTimeout: 1000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        try {
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          const to = session.envelope.rcptTo.map((r) => r.address);
          const mail = parseMail(Buffer.concat(chunks), from, to);
          // Stored before the 250 reply, so a resolved sendMail implies the message is here.
          messages.push(mail);
          for (const waiter of [...waiters]) waiter(mail);
          callback();
        } catch (err) {
          callback(err as Error);
        }
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  return {
    // ignoreTLS: never attempt STARTTLS even if a future server version advertised it.
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    port,
    messages,
    waitFor(predicate, timeoutMs = 5000) {
      const existing = messages.find(predicate);
      if (existing) return Promise.resolve(existing);
      return new Promise((resolve, reject) => {
        const waiter = (m: ReceivedMail): void => {
          if (!predicate(m)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(m);
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const seen = messages.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ') || 'none';
          reject(new Error(`No matching email within ${timeoutMs} ms (received: ${seen})`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    clear() {
      messages.length = 0;
    },
    close() {
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// ---------------------------------------------------------------------------------------------
// MIME parsing. Work on latin1 strings (one char per byte) so byte offsets and 8bit bodies
// survive; bodies are turned back into bytes and decoded with their charset at the end.

interface Part {
  headers: Map<string, string>;
  body: string;
}

export function parseMail(raw: Buffer, from = '', to: string[] = []): ReceivedMail {
  // The last line break ends the DATA payload (before the "." line), it isn't body content.
  const root = splitPart(raw.toString('latin1').replace(/\r?\n$/, ''));
  const found: { text?: string; html?: string } = {};
  collectBodies(root, found);
  const headers: Record<string, string> = {};
  for (const [name, value] of root.headers) headers[name] = decodeWords(value);
  return {
    from,
    to,
    subject: headers.subject ?? '',
    text: found.text ?? '',
    html: found.html ?? '',
    headers,
    raw: raw.toString('utf8'),
  };
}

function splitPart(source: string): Part {
  const match = /\r?\n\r?\n/.exec(source);
  const head = match ? source.slice(0, match.index) : source;
  const body = match ? source.slice(match.index + match[0].length) : '';
  return { headers: parseHeaders(head), body };
}

/** Unfolds continuation lines (CRLF + whitespace) and keeps the first value of each name. */
function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n(?=[ \t])/g, '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return headers;
}

/** `text/plain; charset="utf-8"` → type and lower-cased parameter names. */
function parseContentType(value: string | undefined): { type: string; params: Map<string, string> } {
  const [type = '', ...rest] = (value ?? 'text/plain').split(';');
  const params = new Map<string, string>();
  const re = /;\s*([^=\s;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/g;
  const tail = rest.length ? `;${rest.join(';')}` : '';
  for (let m = re.exec(tail); m; m = re.exec(tail)) {
    params.set(m[1]!.toLowerCase(), m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : (m[3] ?? ''));
  }
  return { type: type.trim().toLowerCase(), params };
}

function collectBodies(part: Part, found: { text?: string; html?: string }): void {
  const { type, params } = parseContentType(part.headers.get('content-type'));
  const boundary = params.get('boundary');
  if (type.startsWith('multipart/') && boundary) {
    for (const child of splitMultipart(part.body, boundary)) collectBodies(splitPart(child), found);
    return;
  }
  if (/^attachment\b/i.test(part.headers.get('content-disposition') ?? '')) return;
  const key = type === 'text/plain' ? 'text' : type === 'text/html' ? 'html' : undefined;
  if (!key || found[key] !== undefined) return;
  const bytes = decodeTransfer(part.body, part.headers.get('content-transfer-encoding'));
  found[key] = decodeCharset(bytes, params.get('charset')).replace(/\r\n/g, '\n');
}

/** Bodies between `--boundary` lines, up to the closing `--boundary--`; preamble and epilogue dropped. */
function splitMultipart(body: string, boundary: string): string[] {
  const escaped = boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // The line break before a delimiter belongs to the delimiter (RFC 2046 §5.1.1).
  const delimiter = new RegExp(`(?:^|\\r?\\n)--${escaped}(--)?[ \\t]*(?:\\r?\\n|$)`, 'g');
  const parts: string[] = [];
  let start = -1;
  for (let m = delimiter.exec(body); m; m = delimiter.exec(body)) {
    if (start >= 0) parts.push(body.slice(start, m.index));
    if (m[1]) break;
    start = m.index + m[0].length;
  }
  return parts;
}

function decodeTransfer(body: string, encoding: string | undefined): Buffer {
  switch ((encoding ?? '7bit').trim().toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    default:
      return Buffer.from(body, 'latin1');
  }
}

/** Soft breaks (`=` at line end) vanish; `=XX` becomes the byte XX; everything else is literal. */
function decodeQuotedPrintable(body: string): Buffer {
  const joined = body.replace(/[ \t]+(?=\r?\n)/g, '').replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(joined.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

function decodeCharset(bytes: Buffer, charset: string | undefined): string {
  try {
    return new TextDecoder(charset || 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/**
 * RFC 2047 encoded words in a (latin1) header value. Whitespace between adjacent words is
 * dropped and their bytes joined before decoding, since a multi-byte character may be split
 * across two words.
 */
function decodeWords(value: string): string {
  const word = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g;
  let out = '';
  let last = 0;
  let charset = '';
  let bytes: Buffer[] = [];
  for (let m = word.exec(value); m; m = word.exec(value)) {
    const between = value.slice(last, m.index);
    const wordCharset = m[1]!.split('*')[0]!.toLowerCase(); // drop an RFC 2231 language suffix
    const adjacent = bytes.length > 0 && /^[ \t]*$/.test(between);
    if (!adjacent || wordCharset !== charset) {
      out += decodeCharset(Buffer.concat(bytes), charset);
      if (!adjacent) out += decodeCharset(Buffer.from(between, 'latin1'), 'utf-8');
      bytes = [];
      charset = wordCharset;
    }
    const text = m[3]!;
    bytes.push(m[2]!.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : decodeQuotedPrintable(text.replace(/_/g, ' ')));
    last = m.index + m[0].length;
  }
  out += decodeCharset(Buffer.concat(bytes), charset || 'utf-8');
  return out + decodeCharset(Buffer.from(value.slice(last), 'latin1'), 'utf-8');
}
