import { randomBytes, randomInt } from 'node:crypto';

const LOWER_ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

// Random bytes are drawn from a pool: one OpenSSL call per 4 KiB instead of one per id.
const POOL_SIZE = 4096;
let pool = randomBytes(POOL_SIZE);
let poolOffset = 0;

function nextByte(): number {
  if (poolOffset >= POOL_SIZE) {
    pool = randomBytes(POOL_SIZE);
    poolOffset = 0;
  }
  return pool[poolOffset++] as number;
}

/** Unbiased random string over an alphabet (rejection sampling on random bytes). */
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

export function randomDigits(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String(randomInt(10));
  return out;
}

export { LOWER_ALNUM, ALNUM };
