/**
 * Parses a single-range `Range: bytes=...` header for a file of `size` bytes.
 * Returns the inclusive byte range, 'unsatisfiable' (-> 416), or null meaning
 * "ignore the header and serve the whole file" (absent, malformed, non-bytes
 * unit, or multi-range, which we don't implement; RFC 9110 allows ignoring it).
 */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!m) return null; // includes multi-ranges: the comma makes the regex fail
  const [, a = '', b = ''] = m;

  if (a === '') {
    if (b === '') return null;
    // Suffix range: the last n bytes.
    const n = Number(b);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }

  const start = Number(a);
  if (b !== '' && Number(b) < start) return null; // syntactically invalid -> ignored
  if (start >= size) return 'unsatisfiable';
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  return { start, end };
}
