/**
 * Record ids and other random tokens, the one generator for the server and the web app (which
 * makes ids itself when it writes a menu and its children in one batch). Crypto-random in both:
 * `globalThis.crypto.getRandomValues` is the Web Crypto API of browsers and of Node 20.
 */

export const LOWER_ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
export const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const DIGITS = '0123456789';

/** A record id: 15 characters of [a-z0-9] (PocketBase's default id pattern). */
export const RECORD_ID_PATTERN = /^[a-z0-9]{15}$/;

// Random bytes are drawn from a pool: one call into the platform per 4 KiB instead of one per id.
const POOL_SIZE = 4096;
let pool = new Uint8Array(POOL_SIZE);
let poolOffset = POOL_SIZE;

function nextByte(): number {
  if (poolOffset >= POOL_SIZE) {
    pool = globalThis.crypto.getRandomValues(new Uint8Array(POOL_SIZE));
    poolOffset = 0;
  }
  return pool[poolOffset++] as number;
}

/** Unbiased random string over an alphabet (rejection sampling on crypto-random bytes). */
export function randomString(length: number, alphabet = ALNUM): string {
  let out = '';
  const limit = 256 - (256 % alphabet.length);
  while (out.length < length) {
    const byte = nextByte();
    if (byte < limit) out += alphabet[byte % alphabet.length];
  }
  return out;
}

/** A new record id: 15 characters of [a-z0-9]. */
export function newRecordId(): string {
  return randomString(15, LOWER_ALNUM);
}

/**
 * A 15-character id like newRecordId's whose first 9 characters are the time in base 36, so ids
 * made later sort later: inserts land at the end of the primary-key index instead of at random
 * pages (the request log takes thousands a second and grows to millions of rows).
 */
export function timeOrderedId(now = Date.now()): string {
  return now.toString(36).padStart(9, '0') + randomString(6, LOWER_ALNUM);
}

/** Crypto-random decimal digits (one-time codes). */
export function randomDigits(length: number): string {
  return randomString(length, DIGITS);
}
