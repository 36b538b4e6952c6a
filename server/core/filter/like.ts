// PocketBase's `~` pattern rule (tools/search/filter.go, wrapLikeParams): a text with an
// unescaped `%` is used as written; any other text is wrapped in `%…%` after escaping its
// unescaped `\`, `%` and `_`, so `50\%` stays "a literal 50%" instead of becoming `50\\%`.

/** Whether `ch` occurs in `text` without a backslash right before it (`\\` escapes itself). */
export function containsUnescapedChar(text: string, ch: string): boolean {
  let prev = '';
  for (const c of text) {
    if (c === ch && prev !== '\\') return true;
    prev = c === '\\' && prev === '\\' ? '' : c;
  }
  return false;
}

/**
 * Prefixes a backslash to every char of `chars` not already escaped, scanning from the end as
 * PocketBase does: a char preceded by `\` counts as escaped (that `\` itself is then left alone).
 */
export function escapeUnescapedChars(text: string, chars: string): string {
  const rs = [...text];
  const out: string[] = [];
  let match = false;
  for (let i = rs.length - 1; i >= 0; i--) {
    const c = rs[i] as string;
    if (match) {
      if (c !== '\\') out.push('\\');
      match = false;
    } else if (chars.includes(c)) {
      match = true;
    }
    out.push(c);
    if (i === 0 && match) out.push('\\');
  }
  return out.reverse().join('');
}

/** The LIKE pattern (with ESCAPE '\') for the text on the right of `~` / `!~`. */
export function likePattern(text: string): string {
  if (containsUnescapedChar(text, '%')) return text;
  return `%${escapeUnescapedChars(text, '\\%_')}%`;
}
