/**
 * How deeply submitted JSON may nest. Parsing a deep value is cheap, but every later recursive walk
 * (JSON.stringify in validation, serialising, realtime) can overflow the stack on it: a 5,000-level
 * array once turned a record create into a 500. Real menu data nests a few levels; 128 leaves room
 * for any document an integrator stores in a JSON field, plus a batch request's own wrapping.
 */
export const MAX_JSON_DEPTH = 128;

/** Whether a parsed JSON value nests deeper than `max` levels. Iterative, so it never overflows itself. */
export function jsonTooDeep(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth >= max) return true;
    const children = Array.isArray(current) ? current : Object.values(current);
    for (const child of children) {
      if (child !== null && typeof child === 'object') stack.push({ value: child, depth: depth + 1 });
    }
  }
  return false;
}
