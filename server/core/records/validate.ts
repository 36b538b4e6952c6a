import { DEFAULT_JSON_MAX_SIZE, DEFAULT_TEXT_MAX, isMultiValue, type Collection, type FieldDef } from '../collections.ts';
import { fieldError, type FieldError } from '../errors.ts';

/** What validation needs from the database, kept as callbacks so this module stays pure. */
export interface ValidationLookups {
  /** Ids among `ids` that exist in the target collection of the relation field. */
  existingRelationIds(field: FieldDef & { type: 'relation' }, ids: string[]): Set<string>;
}

const EMAIL_RE = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

function runeLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

function isEmpty(field: FieldDef, v: unknown): boolean {
  if (Array.isArray(v)) return v.length === 0;
  if (field.type === 'number') return v === 0;
  if (field.type === 'bool') return v !== true;
  if (field.type === 'json')
    return (
      v === null || v === '' || (Array.isArray(v) && v.length === 0) || (typeof v === 'object' && v !== null && Object.keys(v).length === 0)
    );
  return v === '' || v === null || v === undefined;
}

function domainOf(value: string, isEmail: boolean): string {
  if (isEmail) return value.slice(value.lastIndexOf('@') + 1).toLowerCase();
  try {
    return new URL(value).hostname.toLowerCase();
  } catch {
    return '';
  }
}

function checkDomains(field: { onlyDomains?: string[]; exceptDomains?: string[] }, domain: string, isEmail: boolean): FieldError | null {
  const code = isEmail ? 'validation_email_domain_not_allowed' : 'validation_url_domain_not_allowed';
  const message = isEmail ? 'Email domain is not allowed.' : 'Url domain is not allowed.';
  if (field.onlyDomains?.length && !field.onlyDomains.map((d) => d.toLowerCase()).includes(domain)) return fieldError(code, message);
  if (field.exceptDomains?.length && field.exceptDomains.map((d) => d.toLowerCase()).includes(domain)) return fieldError(code, message);
  return null;
}

/** Go's `%f` formatting, which PocketBase's number messages use. */
function goFloat(n: number): string {
  return n.toFixed(6);
}

/** Validates one typed value; returns the first error or null. File fields are checked elsewhere. */
export function validateField(field: FieldDef, v: unknown, lookups: ValidationLookups): FieldError | null {
  if (isEmpty(field, v)) {
    return field.required ? fieldError('validation_required', 'Cannot be blank.') : null;
  }
  switch (field.type) {
    case 'text':
    case 'editor':
    case 'password': {
      const s = String(v);
      const len = runeLength(s);
      const min = field.min ?? 0;
      const max = field.max || (field.type === 'text' ? DEFAULT_TEXT_MAX : field.type === 'password' ? 71 : 0);
      if (min && len < min) return fieldError('validation_min_text_constraint', `Must be at least ${min} character(s).`, { min });
      if (max && len > max) {
        return field.type === 'password'
          ? fieldError('validation_max_text_constraint', `Must be less than ${max} character(s).`, { max })
          : fieldError('validation_max_text_constraint', `Must be no more than ${max} character(s).`, { max });
      }
      if ('pattern' in field && field.pattern && !new RegExp(field.pattern).test(s))
        return fieldError('validation_invalid_format', 'Invalid value format.');
      return null;
    }
    case 'number': {
      const n = v as number;
      if (field.onlyInt && !Number.isInteger(n)) return fieldError('validation_only_int_constraint', 'Decimal numbers are not allowed.');
      if (field.min !== undefined && n < field.min)
        return fieldError('validation_min_number_constraint', `Must be larger than ${goFloat(field.min)}.`, { min: field.min });
      if (field.max !== undefined && n > field.max)
        return fieldError('validation_max_number_constraint', `Must be less than ${goFloat(field.max)}.`, { max: field.max });
      return null;
    }
    case 'email': {
      const s = String(v);
      if (s.length > 255 || !EMAIL_RE.test(s)) return fieldError('validation_is_email', 'Must be a valid email address.');
      return checkDomains(field, domainOf(s, true), true);
    }
    case 'url': {
      const s = String(v);
      let url: URL;
      try {
        url = new URL(s);
      } catch {
        return fieldError('validation_invalid_url', 'Must be a valid url.');
      }
      if (!['http:', 'https:'].includes(url.protocol) && !/^[a-z][a-z0-9+.-]*:/.test(s))
        return fieldError('validation_invalid_url', 'Must be a valid url.');
      return checkDomains(field, domainOf(s, false), false);
    }
    case 'date': {
      const s = String(v);
      if (field.min && s < field.min)
        return fieldError('validation_min_greater_equal_than_required', `Must be no less than ${field.min}.`, { threshold: field.min });
      if (field.max && s > field.max)
        return fieldError('validation_max_less_equal_than_required', `Must be no greater than ${field.max}.`, { threshold: field.max });
      return null;
    }
    case 'select': {
      const values = Array.isArray(v) ? (v as string[]) : [String(v)];
      for (const item of values) {
        if (!field.values.includes(item)) return fieldError('validation_invalid_value', `Invalid value ${item}.`, { value: item });
      }
      const max = field.maxSelect ?? 1;
      if (isMultiValue(field) && values.length > max)
        return fieldError('validation_too_many_values', `Select no more than ${max}.`, { maxSelect: max });
      return null;
    }
    case 'relation': {
      const ids = Array.isArray(v) ? (v as string[]) : [String(v)];
      const max = field.maxSelect ?? 1;
      if (isMultiValue(field) && ids.length > max)
        return fieldError('validation_too_many_values', `Select no more than ${max}.`, { maxSelect: max });
      if (field.minSelect && ids.length < field.minSelect)
        return fieldError('validation_not_enough_values', `Select at least ${field.minSelect}.`, { minSelect: field.minSelect });
      const found = lookups.existingRelationIds(field, ids);
      if (ids.some((id) => !found.has(id)))
        return fieldError('validation_missing_rel_records', 'Failed to find all relation records with the provided ids.');
      return null;
    }
    case 'json': {
      const size = Buffer.byteLength(JSON.stringify(v) ?? '');
      const max = field.maxSize || DEFAULT_JSON_MAX_SIZE;
      if (size > max) return fieldError('validation_json_size_limit', `The maximum allowed JSON size is ${max} bytes.`, { maxSize: max });
      return null;
    }
    default:
      return null;
  }
}

/** Validates every non-file field of a record's typed values. */
export function validateRecord(
  collection: Collection,
  values: Record<string, unknown>,
  lookups: ValidationLookups,
  skip: Set<string>,
): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  for (const field of collection.fields) {
    if (field.type === 'file' || field.type === 'autodate' || skip.has(field.name)) continue;
    const err = validateField(field, values[field.name], lookups);
    if (err) errors[field.name] = err;
  }
  return errors;
}
