import { z } from 'zod';
import { fieldError, type FieldError } from '../core/errors.ts';
import { isValidCron } from './cron.ts';
import { MAX_LAPSE_GRACE_DAYS } from '../../shared/lapse.ts';

/**
 * The one description of the application settings: each field's type, its checks with the
 * contract's field codes and messages, and (given the environment's values) its default. Parsing
 * a superuser's partial overrides yields the effective settings, or the nested field errors.
 */

// ---- Field errors ----------------------------------------------------------------------------

const INVALID = () => fieldError('validation_invalid_value', 'Invalid value.');
const REQUIRED = () => fieldError('validation_required', 'Cannot be blank.');
const between = (v: number, min: number, max: number): FieldError | null => {
  if (v < min) return fieldError('validation_min_greater_equal_than_required', `Must be no less than ${min}.`, { threshold: min });
  if (v > max) return fieldError('validation_max_less_equal_than_required', `Must be no greater than ${max}.`, { threshold: max });
  return null;
};
const maxLength = (v: string, max: number): FieldError | null =>
  v.length > max ? fieldError('validation_length_too_long', `The length must be no more than ${max}.`, { max }) : null;
const oneOf = (v: string, values: readonly string[]): FieldError | null =>
  values.includes(v) ? null : fieldError('validation_in_invalid', 'Must be a valid value.');

type Issues = Pick<z.RefinementCtx, 'addIssue'>;

/** Reports a field error as a zod issue that carries it (see `fieldErrorsOf`). */
function report(ctx: Issues, error: FieldError | null, path: PropertyKey[] = []): void {
  if (error) ctx.addIssue({ code: 'custom', message: error.message, params: { fieldError: error }, path });
}

/** A value check with the contract's field error. */
const check =
  <T>(fn: (value: T) => FieldError | null) =>
  (value: T, ctx: Issues) =>
    report(ctx, fn(value));

// ---- Field types -----------------------------------------------------------------------------

/** Wrong types are one generic error (a type issue has no field error of its own). */
const int = () => z.number().refine(Number.isSafeInteger, { abort: true });
const strings = () => z.custom<string[]>((v) => Array.isArray(v) && v.every((s) => typeof s === 'string'));

function url(v: string): FieldError | null {
  if (v === '') return REQUIRED();
  let parsed: URL | null = null;
  try {
    parsed = new URL(v);
  } catch {
    parsed = null;
  }
  return !parsed || !/^https?:$/.test(parsed.protocol) ? fieldError('validation_is_url', 'Must be a valid url.') : null;
}

const optionalUrl = (v: string): FieldError | null => (v === '' ? null : url(v));

/** The `machineTranslation.provider` values: '' = whichever is configured, or one by name, or off. */
export const MACHINE_TRANSLATION_PROVIDERS = ['', 'deepl', 'libretranslate', 'off'] as const;

const RATE_LIMIT_LABEL = /^(?:(?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) )?\/[\w/.-]*$|^(?:\*|\w+):\w+$/;
const AUDIENCES = ['', '@guest', '@auth'] as const;

/** One rate limit rule; missing keys are empty (and then reported as such). */
const zRateLimitRule = z.object({
  label: z
    .string()
    .prefault('')
    .superRefine(
      check((v) =>
        v === ''
          ? REQUIRED()
          : RATE_LIMIT_LABEL.test(v)
            ? null
            : fieldError('validation_invalid_rate_limit_label', 'Invalid label format.'),
      ),
    ),
  audience: z
    .string()
    .prefault('')
    .superRefine(check((v) => oneOf(v, AUDIENCES)))
    .transform((v) => v as (typeof AUDIENCES)[number]),
  duration: int()
    .prefault(0)
    .superRefine(check((v) => between(v, 1, 86400 * 365))),
  maxRequests: int()
    .prefault(0)
    .superRefine(check((v) => between(v, 1, 1_000_000))),
});

/** Every section's fields, without defaults (those come from the environment: `settingsSchema`). */
const SECTIONS = {
  meta: {
    appName: z.string().superRefine(check((v) => (v.trim() === '' ? REQUIRED() : maxLength(v, 255)))),
    appURL: z.string().superRefine(check(url)),
    senderName: z.string().superRefine(check((v) => maxLength(v, 255))),
    senderAddress: z
      .string()
      .superRefine(
        check((v) =>
          v === ''
            ? REQUIRED()
            : /^[^\s@<>"]+@[^\s@<>"]+$/.test(v)
              ? null
              : fieldError('validation_is_email', 'Must be a valid email address.'),
        ),
      ),
    hideControls: z.boolean(),
  },
  smtp: {
    enabled: z.boolean(),
    host: z.string(),
    port: int(),
    username: z.string(),
    password: z.string(),
    authMethod: z.string().superRefine(check((v) => oneOf(v, ['PLAIN', 'LOGIN', '']))),
    tls: z.boolean(),
    localName: z.string().superRefine(check((v) => maxLength(v, 255))),
  },
  logs: {
    maxDays: int().superRefine(check((v) => between(v, 0, 100000))),
    minLevel: int().superRefine(check((v) => between(v, -100, 100))),
    logIP: z.boolean(),
    logAuthId: z.boolean(),
  },
  backups: {
    cron: z
      .string()
      .superRefine(check((v) => (v !== '' && !isValidCron(v) ? fieldError('validation_invalid_cron', 'Invalid cron expression.') : null))),
    cronMaxKeep: int().superRefine(check((v) => between(v, 1, 10000))),
  },
  batch: {
    enabled: z.boolean(),
    maxRequests: int(),
    timeout: int(),
    maxBodySize: int().superRefine(check((v) => between(v, 0, Number.MAX_SAFE_INTEGER))),
  },
  rateLimits: {
    enabled: z.boolean(),
    rules: z.array(zRateLimitRule),
  },
  trustedProxy: {
    headers: strings().superRefine((list, ctx) =>
      list.forEach((h, i) => {
        if (!/^[A-Za-z0-9-]{1,100}$/.test(h)) report(ctx, fieldError('validation_match_invalid', 'Must be in a valid format.'), [i]);
      }),
    ),
    useLeftmostIP: z.boolean(),
  },
  fileToken: {
    duration: int().superRefine(check((v) => between(v, 10, 86400 * 30))),
  },
  machineTranslation: {
    /**
     * '' picks what is configured (DeepL when it has a key, else LibreTranslate when it has an
     * address); 'off' turns machine translation off whatever is configured.
     */
    provider: z.string().superRefine(check((v) => oneOf(v, MACHINE_TRANSLATION_PROVIDERS))),
    deeplApiKey: z.string().superRefine(check((v) => maxLength(v, 500))),
    deeplApiUrl: z.string().superRefine(check(optionalUrl)),
    libreTranslateUrl: z.string().superRefine(check(optionalUrl)),
    libreTranslateApiKey: z.string().superRefine(check((v) => maxLength(v, 500))),
  },
  billing: {
    /**
     * Days a lapsed organization's guest pages keep serving its menu (its printed QR codes keep
     * working) before they show the "temporarily unavailable" page. 0: unavailable at once.
     */
    lapseGraceDays: int().superRefine(check((v) => between(v, 0, MAX_LAPSE_GRACE_DAYS))),
  },
};

type SectionName = keyof typeof SECTIONS;
type Section<S extends SectionName> = { [K in keyof (typeof SECTIONS)[S]]: z.output<(typeof SECTIONS)[S][K]> };

/**
 * The settings, PocketBase's shape minus S3, plus `fileToken` (PocketBase keeps it per collection)
 * and the product's own `billing` section.
 */
export type Settings = { [S in SectionName]: Section<S> };
export type RateLimitRule = z.output<typeof zRateLimitRule>;

/** Checks that need several fields of a section (run once the section's fields have their types). */
const CROSS_FIELD: { [S in SectionName]?: (section: Section<S>, ctx: Issues) => void } = {
  smtp: (s, ctx) => {
    if (!s.enabled) return;
    report(
      ctx,
      s.host.trim() === ''
        ? REQUIRED()
        : !/^[\w.-]+$|^\[[\da-f:.]+\]$/i.test(s.host)
          ? fieldError('validation_is_host', 'Must be a valid host.')
          : null,
      ['host'],
    );
    report(ctx, between(s.port, 1, 65535), ['port']);
  },
  machineTranslation: (s, ctx) => {
    if (s.provider === 'deepl' && !s.deeplApiKey) report(ctx, REQUIRED(), ['deeplApiKey']);
    if (s.provider === 'libretranslate' && !s.libreTranslateUrl) report(ctx, REQUIRED(), ['libreTranslateUrl']);
  },
  batch: (s, ctx) => {
    report(ctx, s.enabled && s.maxRequests <= 0 ? REQUIRED() : between(s.maxRequests, 0, 10000), ['maxRequests']);
    report(ctx, s.enabled && s.timeout <= 0 ? REQUIRED() : between(s.timeout, 0, 600), ['timeout']);
  },
};

/** The settings schema whose missing values are `defaults` (checked like any other value). */
export function settingsSchema(defaults: Settings): z.ZodType<Settings> {
  const sections = Object.fromEntries(
    Object.entries(SECTIONS).map(([name, fields]) => {
      const defaulted = Object.fromEntries(
        Object.entries(fields).map(([key, schema]) => {
          const value = (defaults as Record<string, Record<string, unknown>>)[name]?.[key];
          return [key, (schema as z.ZodType).prefault(() => structuredClone(value))];
        }),
      );
      const cross = CROSS_FIELD[name as SectionName] as ((s: unknown, ctx: Issues) => void) | undefined;
      const section = z.object(defaulted);
      return [name, (cross ? section.superRefine(cross) : section).prefault({})];
    }),
  );
  return z.object(sections) as unknown as z.ZodType<Settings>;
}

/** The keys of every section (unknown sections and keys of a PATCH or stored value are dropped). */
export const SETTINGS_KEYS: { [S in SectionName]: string[] } = Object.fromEntries(
  Object.entries(SECTIONS).map(([name, fields]) => [name, Object.keys(fields)]),
) as { [S in SectionName]: string[] };

/**
 * The issues as nested `data` of the error envelope (`{ smtp: { port: {code, message} } }`): a
 * value check's own field error, or "Invalid value." for a wrong type. The first issue of a path wins.
 */
export function fieldErrorsOf(error: z.ZodError): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String);
    const last = path.pop();
    if (last === undefined) continue;
    let node = out;
    let blocked = false;
    for (const key of path) {
      const next = node[key];
      if (next !== undefined && !isPlainFieldTree(next)) {
        blocked = true;
        break;
      }
      node = (node[key] ??= {}) as Record<string, unknown>;
    }
    if (blocked || node[last] !== undefined) continue;
    const carried = (issue as { params?: { fieldError?: FieldError } }).params?.fieldError;
    node[last] = carried ?? INVALID();
  }
  return out;
}

/** A nested error object (not a field error, which has a `code`). */
function isPlainFieldTree(v: unknown): boolean {
  return typeof v === 'object' && v !== null && !('code' in v);
}

/** A stored or patched issue that is about the type of a value (no field error of its own). */
export function isTypeIssue(issue: z.core.$ZodIssue): boolean {
  return !(issue as { params?: { fieldError?: FieldError } }).params?.fieldError;
}
