import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { STAFF_LANGUAGES } from '../shared/i18n/staff-languages.ts';

/**
 * The staff app's and the emails' message files (issue 19, item 5): every shipped language has
 * exactly English's keys (plural keys with exactly the categories `Intl.PluralRules` gives that
 * language), no empty text and the same placeholders; and every key the code uses exists in English.
 * The code scan is static: `t('key')` / `t('ns:key')` calls, plus string literals shaped like a key
 * of a group the file's namespaces have (labels in tables, `t(item.label)`), plus template-literal
 * prefixes (`t(`status.${s}`)`) whose group must exist.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CATALOGS = [
  { name: 'web', dir: 'web/src/locales', sources: ['web/src'], defaultNs: 'common' },
  { name: 'server', dir: 'server/mail/locales', sources: ['server'], defaultNs: 'email' },
] as const;
const PLURAL = /_(zero|one|two|few|many|other)$/;

type Flat = Map<string, string>;

function flatten(value: unknown, prefix = '', out: Flat = new Map()): Flat {
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  else throw new Error(`${prefix}: not a string`);
  return out;
}

function readCatalog(dir: string): Map<string, Map<string, Flat>> {
  const byLang = new Map<string, Map<string, Flat>>();
  for (const lang of readdirSync(path.join(root, dir))) {
    const files = new Map<string, Flat>();
    for (const file of readdirSync(path.join(root, dir, lang)).filter((f) => f.endsWith('.json')))
      files.set(file.slice(0, -5), flatten(JSON.parse(readFileSync(path.join(root, dir, lang, file), 'utf8'))));
    byLang.set(lang, files);
  }
  return byLang;
}

const placeholders = (s: string) => [...new Set([...s.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]))].sort();

/** Problems of one language's namespace against English's. */
export function compareMessages(lang: string, en: Flat, other: Flat | undefined): string[] {
  if (!other) return ['namespace missing'];
  const problems: string[] = [];
  const bases = (flat: Flat) => new Set([...flat.keys()].map((k) => k.replace(PLURAL, '')));
  const enBases = bases(en);
  const otherBases = bases(other);
  for (const key of enBases) if (!otherBases.has(key)) problems.push(`missing ${key}`);
  for (const key of otherBases) if (!enBases.has(key)) problems.push(`not in English: ${key}`);
  const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories.slice().sort();
  const pluralBases = new Set([...other.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')));
  for (const base of pluralBases) {
    const have = [...other.keys()]
      .filter((k) => k.replace(PLURAL, '') === base && PLURAL.test(k))
      .map((k) => PLURAL.exec(k)?.[1])
      .sort();
    if (JSON.stringify(have) !== JSON.stringify(categories))
      problems.push(`${base}: plural forms ${have.join('/')}, needs ${categories.join('/')}`);
  }
  for (const [key, text] of other) {
    if (!text.trim()) problems.push(`empty ${key}`);
    const enText = en.get(key) ?? en.get(key.replace(PLURAL, '_other'));
    if (enText !== undefined && JSON.stringify(placeholders(text)) !== JSON.stringify(placeholders(enText)))
      problems.push(`${key}: placeholders ${placeholders(text).join(',')} vs English ${placeholders(enText).join(',')}`);
  }
  return problems;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir))) {
    const rel = path.join(dir, entry);
    if (entry === 'node_modules' || entry === 'locales') continue;
    if (statSync(path.join(root, rel)).isDirectory()) out.push(...sourceFiles(rel));
    else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)) out.push(rel);
  }
  return out;
}

/** Keys a source file uses that English lacks. `english` maps namespace → its flat English keys. */
export function unknownKeys(source: string, english: Map<string, Flat>, defaultNs: string): string[] {
  // `useTranslation('ns')` in React files; `// i18n-namespace: 'ns'` where a plain `t` is passed in (service mode's page).
  const declared = [...source.matchAll(/(?:useTranslation\(|i18n-namespace:)\s*(?:'(\w+)'|\[([^\]]*)\])?/g)].flatMap((m) =>
    m[1] ? [m[1]] : m[2] ? [...m[2].matchAll(/'(\w+)'/g)].map((x) => x[1] as string) : [defaultNs],
  );
  const fileNs = declared.length ? declared : [defaultNs];
  const primary = fileNs[0] ?? defaultNs;
  const has = (ns: string, key: string) => {
    const flat = english.get(ns);
    return Boolean(flat && (flat.has(key) || flat.has(`${key}_one`) || flat.has(`${key}_other`)));
  };
  const split = (raw: string): [string, string] => {
    const i = raw.indexOf(':');
    return i > 0 && english.has(raw.slice(0, i)) ? [raw.slice(0, i), raw.slice(i + 1)] : [primary, raw];
  };
  const missing = new Set<string>();
  for (const m of source.matchAll(/\bt\(\s*(['"])([^'"]+)\1/g)) {
    const [ns, key] = split(m[2] as string);
    if (!has(ns, key)) missing.add(`${ns}:${key}`);
  }
  const groups = (ns: string) => new Set([...(english.get(ns)?.keys() ?? [])].map((k) => k.split('.')[0]));
  for (const m of source.matchAll(/'((?:\w+:)?[a-z]\w*(?:\.\w+)+)'/g)) {
    const [ns, key] = split(m[1] as string);
    if (groups(ns).has(key.split('.')[0] as string) && !has(ns, key)) missing.add(`${ns}:${key}`);
  }
  for (const m of source.matchAll(/\bt\(\s*`((?:\w+:)?[\w.]+)\.\$\{/g)) {
    const [ns, prefix] = split(m[1] as string);
    if (![...(english.get(ns)?.keys() ?? [])].some((k) => k.startsWith(`${prefix}.`))) missing.add(`${ns}:${prefix}.*`);
  }
  return [...missing];
}

describe.each(CATALOGS)('$name messages', ({ dir, sources, defaultNs }) => {
  const catalog = readCatalog(dir);
  const english = catalog.get('en') ?? new Map<string, Flat>();

  it('ships exactly the staff languages', () => {
    expect([...catalog.keys()].sort()).toEqual([...STAFF_LANGUAGES].sort());
    expect(english.size).toBeGreaterThan(0);
  });

  it.each(STAFF_LANGUAGES.filter((l) => l !== 'en'))('%s has every key of English and no other, with its plural forms', (lang) => {
    const files = catalog.get(lang) ?? new Map<string, Flat>();
    expect([...files.keys()].sort()).toEqual([...english.keys()].sort());
    const problems = [...english].flatMap(([ns, flat]) => compareMessages(lang, flat, files.get(ns)).map((p) => `${lang}/${ns}: ${p}`));
    expect(problems).toEqual([]);
  });

  it('English has every key the code uses', () => {
    const problems = sourceFiles(sources[0]).flatMap((file) =>
      unknownKeys(readFileSync(path.join(root, file), 'utf8'), english, defaultNs).map((k) => `${file}: ${k}`),
    );
    expect(problems).toEqual([]);
  });
});

describe('the checks themselves', () => {
  const en = new Map([
    [
      'common',
      new Map([
        ['a.b', 'x'],
        ['n.days_one', '{{count}} day'],
        ['n.days_other', '{{count}} days'],
      ]),
    ],
  ]);

  it('find a missing, an extra and a wrongly pluralised key, and a changed placeholder', () => {
    const fr = new Map([
      ['a.c', 'y'],
      ['n.days_one', '{{count}} jour'],
      ['n.days_other', '{{n}} jours'],
    ]);
    expect(compareMessages('fr', en.get('common') as Flat, fr)).toEqual([
      'missing a.b',
      'not in English: a.c',
      'n.days: plural forms one/other, needs many/one/other',
      'n.days_other: placeholders n vs English count',
    ]);
  });

  it('find keys the code uses that English lacks, in calls, tables and template prefixes', () => {
    const code = "const { t } = useTranslation();\nt('a.b'); t('n.days', { count }); t('a.zz'); const L = ['a.yy']; t(`q.${x}`);";
    expect(unknownKeys(code, en, 'common')).toEqual(['common:a.zz', 'common:a.yy', 'common:q.*']);
  });
});
