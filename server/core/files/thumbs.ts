import type { FileStorage } from './storage.ts';

export interface ThumbSize {
  width: number;
  height: number;
  mode: 'center' | 'top' | 'bottom' | 'fit';
}

const MAX_SIDE = 2000;
// Canonical numbers only ("0100x50" rejected): each accepted string maps to one cache key.
const SIZE_RE = /^(0|[1-9]\d{0,3})x(0|[1-9]\d{0,3})([tbf])?$/;

/**
 * "WxH" center crop, "WxHt" top crop, "WxHb" bottom crop, "WxHf" fit inside,
 * "0xH"/"Wx0" keep aspect ratio (no suffix). null for anything else.
 */
export function parseThumbSize(s: string): ThumbSize | null {
  const m = SIZE_RE.exec(s);
  if (!m) return null;
  const width = Number(m[1]);
  const height = Number(m[2]);
  const suffix = m[3];
  if (width > MAX_SIDE || height > MAX_SIDE) return null;
  if (width === 0 && height === 0) return null;
  // A crop/fit suffix means nothing when one side is derived from the aspect ratio.
  if ((width === 0 || height === 0) && suffix) return null;
  const mode = suffix === 't' ? 'top' : suffix === 'b' ? 'bottom' : suffix === 'f' ? 'fit' : 'center';
  return { width, height, mode };
}

/** Original mime -> output format (gif thumbs are a still first frame, so png). */
const OUTPUT: Record<string, { input: string; output: 'png' | 'jpeg' | 'webp' }> = {
  'image/png': { input: 'png', output: 'png' },
  'image/jpeg': { input: 'jpeg', output: 'jpeg' },
  'image/gif': { input: 'gif', output: 'png' },
  'image/webp': { input: 'webp', output: 'webp' },
};

function outputFor(mime: string) {
  return OUTPUT[(mime.split(';')[0] ?? '').trim().toLowerCase()];
}

// Decompression-bomb guard (sharp's default allows ~268MP, i.e. >1GB of RAM); still fits 108MP photos.
const MAX_INPUT_PIXELS = 120_000_000;

/** Thumbnail bytes, or null when unsupported / undecodable (the caller then serves the original). */
export async function makeThumb(data: Buffer, size: ThumbSize, mime: string): Promise<Buffer | null> {
  const fmt = outputFor(mime);
  if (!fmt) return null;
  try {
    // Loaded at the first thumbnail, not at every start (a fifth of a second).
    const { default: sharp } = await import('sharp');
    // Default page option decodes only the first frame of animated gif/webp.
    const img = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS });
    // Don't let a mislabeled buffer reach other decoders (svg, pdf, tiff...).
    if ((await img.metadata()).format !== fmt.input) return null;
    img.autoOrient();
    if (size.width === 0 || size.height === 0) {
      img.resize({ width: size.width || undefined, height: size.height || undefined });
    } else if (size.mode === 'fit') {
      img.resize({ width: size.width, height: size.height, fit: 'inside', withoutEnlargement: true });
    } else {
      const position = size.mode === 'top' ? 'top' : size.mode === 'bottom' ? 'bottom' : 'centre';
      img.resize({ width: size.width, height: size.height, fit: 'cover', position });
    }
    return await img.toFormat(fmt.output).toBuffer();
  } catch {
    return null;
  }
}

export function thumbKey(recordPrefix: string, fileName: string, size: string): string {
  return `${recordPrefix}/thumbs_${fileName}/${size}_${fileName}`;
}

/** In-flight generations per storage, so N concurrent requests for a new thumb decode the image once. */
const inFlight = new WeakMap<FileStorage, Map<string, Promise<{ key: string } | null>>>();

/**
 * Cached thumb key, generating and storing it on first use. null when the size is
 * invalid, the original is missing, or it cannot be thumbnailed (serve the original).
 * The route must only pass sizes allowed by the field's `thumbs` option, otherwise
 * clients can make the server render and store arbitrarily many variants.
 */
export async function getOrCreateThumb(
  storage: FileStorage,
  recordPrefix: string,
  fileName: string,
  size: string,
  mime: string,
): Promise<{ key: string } | null> {
  const parsed = parseThumbSize(size);
  if (!parsed || !outputFor(mime)) return null;
  const key = thumbKey(recordPrefix, fileName, size);
  if (await storage.exists(key)) return { key };

  let pending = inFlight.get(storage);
  if (!pending) inFlight.set(storage, (pending = new Map()));
  const existing = pending.get(key);
  if (existing) return existing;

  const job = (async () => {
    const original = await storage.read(`${recordPrefix}/${fileName}`);
    if (!original) return null;
    const thumb = await makeThumb(original, parsed, mime);
    if (!thumb) return null;
    await storage.put(key, thumb);
    return { key };
  })();
  const map = pending;
  map.set(key, job);
  // Cleanup is attached after set() so even a synchronously failing job is removed.
  const cleanup = () => {
    if (map.get(key) === job) map.delete(key);
  };
  job.then(cleanup, cleanup);
  return job;
}

/** Deletes one stored file together with its cached thumbs (e.g. when a record's file is replaced). */
export async function deleteFileWithThumbs(storage: FileStorage, recordPrefix: string, fileName: string): Promise<void> {
  await storage.delete(`${recordPrefix}/${fileName}`);
  await storage.deletePrefix(`${recordPrefix}/thumbs_${fileName}`);
}
