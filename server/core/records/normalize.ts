import { isMultiValue, type FieldDef } from '../collections.ts';
import { parseDateTimeInput } from '../datetime.ts';
import { jsonTooDeep, MAX_JSON_DEPTH } from '../json-depth.ts';

/**
 * Turns a submitted value into the field's typed value (before validation). Returns `invalid`
 * when the value cannot be read as that type at all, so validation can name the problem.
 */
export type Normalized = { ok: true; value: unknown } | { ok: false; code: string; message: string };

const ok = (value: unknown): Normalized => ({ ok: true, value });

function toStringList(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value];
  const out: string[] = [];
  for (const item of list) {
    if (item === null || item === undefined) continue;
    const s = typeof item === 'string' ? item : typeof item === 'number' || typeof item === 'boolean' ? String(item) : '';
    if (s !== '' && !out.includes(s)) out.push(s);
  }
  return out;
}

export function normalizeValue(field: FieldDef, value: unknown, fromForm: boolean): Normalized {
  switch (field.type) {
    case 'text':
    case 'editor':
    case 'email':
    case 'url':
    case 'password':
      if (value === null || value === undefined) return ok('');
      if (typeof value === 'string') return ok(value);
      if (typeof value === 'number' || typeof value === 'boolean') return ok(String(value));
      return { ok: false, code: 'validation_invalid_value', message: 'Invalid value.' };
    case 'number': {
      if (value === null || value === undefined || value === '') return ok(0);
      const n =
        typeof value === 'number'
          ? value
          : typeof value === 'string'
            ? Number(value.trim())
            : typeof value === 'boolean'
              ? Number(value)
              : Number.NaN;
      if (!Number.isFinite(n))
        return { ok: false, code: 'validation_not_a_number', message: 'The submitted number is not properly formatted.' };
      return ok(n);
    }
    case 'bool':
      if (typeof value === 'boolean') return ok(value);
      if (value === 1 || value === '1' || value === 'true' || value === 'TRUE' || value === 'True') return ok(true);
      return ok(false);
    case 'date':
    case 'autodate': {
      if (value === null || value === undefined || value === '') return ok('');
      const d = parseDateTimeInput(value);
      return d === null ? { ok: false, code: 'validation_invalid_date', message: 'Must be a valid date.' } : ok(d);
    }
    case 'select':
    case 'relation':
    case 'file': {
      const list = toStringList(value);
      // Single-value fields keep the last submitted value, as PocketBase does.
      return isMultiValue(field) ? ok(list) : ok(list.length ? list[list.length - 1] : '');
    }
    case 'json': {
      if (value === undefined) return ok(null);
      let parsed = value;
      if (fromForm && typeof value === 'string') {
        try {
          parsed = JSON.parse(value);
        } catch {
          return ok(value);
        }
      }
      // Every path in (JSON body, form field, @jsonPayload, batch) ends here before anything walks the value.
      if (jsonTooDeep(parsed))
        return { ok: false, code: 'validation_json_too_deep', message: `The JSON value nests deeper than ${MAX_JSON_DEPTH} levels.` };
      return ok(parsed);
    }
  }
}

/** The modifier keys of a field name in submission order of application (shortest key first). */
export function modifierKeys(name: string): { set: string; append: string; prepend: string; remove: string } {
  return { set: name, append: `${name}+`, prepend: `+${name}`, remove: `${name}-` };
}
