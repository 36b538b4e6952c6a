/**
 * The seed of every randomised test (fast-check properties, shuffled scenario tables): fixed, so a
 * run is repeatable and CI never fails "by chance"; printed, so a failure names what to replay;
 * overridable with `FC_SEED=<n>` to explore other inputs or replay a failure.
 */
const DEFAULT_SEED = 20261125;

function readSeed(): number {
  const raw = process.env.FC_SEED;
  if (raw === undefined || raw === '') return DEFAULT_SEED;
  const seed = Number(raw);
  if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED must be an integer, got "${raw}"`);
  return seed;
}

export const TEST_SEED = readSeed();

/** Prints the seed once per test file that uses it (the file name says which suite it was). */
export function announceSeed(what: string): number {
  console.info(`[seed] ${what}: FC_SEED=${TEST_SEED}${process.env.FC_SEED ? '' : ' (default; set FC_SEED to change it)'}`);
  return TEST_SEED;
}

/** A small, fast, seedable PRNG (mulberry32): the same seed gives the same sequence everywhere. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

/** A copy of `items` in an order fixed by `seed` (Fisher–Yates). */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const random = seededRandom(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
