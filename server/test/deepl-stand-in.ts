import { JsonStandIn, type JsonRequest, type SendJson } from './json-stand-in.ts';
import { fakeTranslate } from './fake-dictionary.ts';

/**
 * DeepL API v2 without the internet: `POST /v2/translate` and `GET /v2/languages` as documented
 * (https://developers.deepl.com/docs/api-reference/translate). It checks the
 * `Authorization: DeepL-Auth-Key` header, the JSON body (`text` array of at most 50, language
 * codes DeepL accepts: no bare EN/PT target, no variant on a source), parses `tag_handling: "xml"`
 * strictly and leaves the content of `ignore_tags` untouched. It records every request, and
 * `failWith` makes it answer with one of DeepL's error statuses; `hang` makes it never answer.
 */

const SOURCES = [
  'BG',
  'CS',
  'DA',
  'DE',
  'EL',
  'EN',
  'ES',
  'ET',
  'FI',
  'FR',
  'HU',
  'ID',
  'IT',
  'JA',
  'KO',
  'LT',
  'LV',
  'NB',
  'NL',
  'PL',
  'PT',
  'RO',
  'RU',
  'SK',
  'SL',
  'SV',
  'TR',
  'UK',
  'ZH',
];
const TARGETS = [...SOURCES.filter((l) => l !== 'EN' && l !== 'PT'), 'EN-GB', 'EN-US', 'PT-PT', 'PT-BR'];

const MESSAGES: Record<number, string> = {
  403: 'Authorization failure, check auth_key',
  429: 'Too many requests, DeepL servers are currently experiencing high load',
  456: 'Quota exceeded',
  500: 'Internal server error',
};

export class DeepLStandIn extends JsonStandIn {
  /** Answer every request with this status (429, 456, 500…) and DeepL's body for it. */
  failWith: number | null = null;

  constructor(readonly apiKey = 'stand-in-deepl-key:fx') {
    super();
  }

  override reset(): void {
    super.reset();
    this.failWith = null;
  }

  protected respond(req: JsonRequest, url: URL, send: SendJson): void {
    const { body } = req;
    if (req.headers.authorization !== `DeepL-Auth-Key ${this.apiKey}`) return send(403, { message: MESSAGES[403] });
    if (this.failWith) return send(this.failWith, { message: MESSAGES[this.failWith] ?? 'Error' });

    if (req.method === 'GET' && url.pathname === '/v2/languages') {
      const list = url.searchParams.get('type') === 'target' ? TARGETS : SOURCES;
      return send(
        200,
        list.map((language) => ({ language, name: language, supports_formality: false })),
      );
    }
    if (req.method !== 'POST' || url.pathname !== '/v2/translate') return send(404, { message: 'Not found' });
    if (!String(req.headers['content-type']).startsWith('application/json') || !body)
      return send(400, { message: 'Invalid request: expected a JSON body' });

    const { text, source_lang: source, target_lang: target, tag_handling: tagHandling, ignore_tags: ignoreTags } = body;
    if (!Array.isArray(text) || !text.length || text.length > 50 || !text.every((t) => typeof t === 'string'))
      return send(400, { message: "Parameter 'text' not specified." });
    if (typeof target !== 'string' || !TARGETS.includes(target.toUpperCase()))
      return send(400, { message: "Value for 'target_lang' not supported." });
    if (source !== undefined && (typeof source !== 'string' || !SOURCES.includes(source.toUpperCase())))
      return send(400, { message: "Value for 'source_lang' not supported." });
    if (tagHandling !== undefined && tagHandling !== 'xml' && tagHandling !== 'html')
      return send(400, { message: "Value for 'tag_handling' not supported." });
    const ignored = Array.isArray(ignoreTags) ? ignoreTags.map(String) : [];

    const translations: { detected_source_language: string; text: string }[] = [];
    for (const t of text as string[]) {
      const out = tagHandling === 'xml' ? translateXml(t, target, ignored) : fakeTranslate(t, target);
      if (out === null) return send(400, { message: 'Tag handling parsing failed, please check input.' });
      translations.push({ detected_source_language: typeof source === 'string' ? source.toUpperCase() : 'EN', text: out });
    }
    return send(200, { translations });
  }
}

/**
 * Strict XML: text between tags is translated, except inside an ignored tag; an unescaped `<` or
 * `&`, or an unbalanced tag, fails as DeepL's tag handling v2 does (null).
 */
function translateXml(input: string, target: string, ignored: string[]): string | null {
  const token = /<(\/?)([A-Za-z][\w-]*)>|([^<]+)|(<)/g;
  const open: string[] = [];
  let out = '';
  for (const m of input.matchAll(token)) {
    if (m[4]) return null;
    if (m[3] !== undefined) {
      if (/&(?!(amp|lt|gt|quot|apos);)/.test(m[3])) return null;
      out += open.some((tag) => ignored.includes(tag)) ? m[3] : fakeTranslate(m[3], target);
      continue;
    }
    const [, closing, name = ''] = m;
    if (closing) {
      if (open.pop() !== name) return null;
    } else open.push(name);
    out += m[0];
  }
  return open.length ? null : out;
}
