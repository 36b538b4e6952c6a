/**
 * PocketBase's form value inference: `"true"`/`"false"` become booleans and numeric strings whose
 * canonical formatting equals the text become numbers; everything else stays a string.
 */
export function inferFormValue(raw: string): unknown {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  if (raw !== '' && /^-?\d+(\.\d+)?$/.test(raw)) {
    const n = Number(raw);
    if (Number.isFinite(n) && String(n) === raw) return n;
  }
  return raw;
}

/** Collects form pairs: a key seen once is a scalar, a repeated key an array; `@jsonPayload` is merged. */
export class FormAccumulator {
  private readonly values = new Map<string, unknown[]>();
  private readonly payloads: Record<string, unknown>[] = [];

  add(key: string, raw: string): void {
    if (key === '@jsonPayload') {
      const parsed: unknown = JSON.parse(raw);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new SyntaxError('@jsonPayload must be a JSON object');
      this.payloads.push(parsed as Record<string, unknown>);
      return;
    }
    const list = this.values.get(key) ?? [];
    list.push(inferFormValue(raw));
    this.values.set(key, list);
  }

  result(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [k, list] of this.values) out[k] = list.length === 1 ? list[0] : list;
    for (const p of this.payloads) Object.assign(out, p);
    return out;
  }
}
