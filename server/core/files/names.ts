import { LOWER_ALNUM, randomString } from '../../../shared/ids.ts';

/** Crypto-random `[a-z0-9]{n}` (the random part makes stored names unguessable and unique). */
export function randomSuffix(n = 10): string {
  return randomString(n, LOWER_ALNUM);
}

/** ".tar.gz" for "a.tar.gz", ".png" for "a.png", "" when there is no dot (mirrors PocketBase). */
function extractExtension(name: string): string {
  const primary = name.lastIndexOf('.');
  if (primary === -1) return '';
  const secondary = name.lastIndexOf('.', primary - 1);
  return secondary >= 0 ? name.slice(secondary) : name.slice(primary);
}

function cleanExtension(ext: string): string {
  let clean = ext.replace(/[^\w.*\-+=#]+/g, '');
  if (!/[^.]/.test(clean)) return ''; // only dots left ("file.") -> treat as no extension
  if (!clean.startsWith('.')) clean = '.' + clean;
  // Same as PocketBase: keep only the last 20 chars, re-adding the leading dot.
  if (clean.length > 20) clean = '.' + clean.slice(-20);
  return clean;
}

/**
 * PocketBase-style stored file name: "<snake_base>_<10 random><ext>".
 * The client's name is only a hint; the result contains only `[a-z0-9_]` plus a
 * sanitized extension, so it is always safe as a single storage key segment.
 */
export function storedFileName(originalName: string, detectedExt?: string): string {
  // Clients may send full paths ("C:\\x\\a.png", "../../a.png"); only the last segment matters.
  const name = originalName.split(/[\\/]/).pop() ?? '';
  const rawExt = extractExtension(name);
  let ext = cleanExtension(rawExt);
  if (ext === '' && detectedExt) ext = cleanExtension(detectedExt);

  let base = name
    .slice(0, name.length - rawExt.length)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (base.length < 3) base += randomSuffix(10);
  base = base.slice(0, 100);

  return `${base}_${randomSuffix(10)}${ext}`;
}
