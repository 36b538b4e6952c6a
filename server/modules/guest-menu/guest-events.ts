import { z } from 'zod';
import { ALLERGENS } from '../../../shared/constants.ts';
import { FILTER_DIET_KEYS } from '../../../shared/diets.ts';
import { foldText, MAX_QUERY } from '../../../shared/search.ts';
import { ApiError, fieldError } from '../../core/errors.ts';
import type { GuestEventKind } from './queries.ts';

/**
 * What guests look for, counted without consent because nothing of it is personal: a search that
 * found nothing (its folded words), a filter box ticked and a switch of language, as counters per
 * local day, venue, menu, kind and term (guest_stats). No cookie, no client identifier, no IP
 * address or user agent is stored; the beacon (`POST /m/{slug}/events`, sent by the page script
 * guest-events-script.ts) is validated here and rate-limited per address in memory only.
 * Without JavaScript, the server counts a search with no result when it serves the page.
 */

/** The most of a search's folded words kept (a guest's sentence is not a search term). */
export const MAX_TERM = 40;
/** The largest beacon body accepted (bytes). */
export const EVENT_BODY_LIMIT = 1024;
/** Beacons counted per client address and venue (a guest sends a handful; more is a script). */
export const EVENT_LIMIT = { max: 60, windowMs: 15 * 60_000 };

/** A search's words as they are counted: folded (case and accents), spaces collapsed, at most MAX_TERM characters. */
export function normalizeTerm(query: string): string {
  return foldText(query.slice(0, MAX_QUERY))
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_TERM)
    .trim();
}

const FILTER_TERMS = new Set([...FILTER_DIET_KEYS.map((d) => `diet:${d}`), ...ALLERGENS.map((a) => `hide:${a.key}`)]);

const beaconSchema = z.strictObject({
  /** The menu of the page (`/m/{slug}/{menu}`), or '' on the venue's page. */
  m: z.string().max(15).optional().default(''),
  k: z.enum(['search', 'filter', 'lang']),
  t: z.string().min(1).max(MAX_QUERY),
});

export interface GuestEvent {
  menu: string;
  kind: GuestEventKind;
  term: string;
}

const invalid = (field: string, message: string) =>
  new ApiError(400, message, { [field]: fieldError('validation_invalid_value', message) });

/**
 * A beacon's body (JSON, sent as `application/json` or `text/plain`) as a counted event; 400 with
 * the contract's envelope for anything else. `languagesOf(menu)`: the languages of the page the
 * beacon came from ('' the venue's page), or null for a menu the venue does not show (404).
 */
export function parseGuestEvent(body: unknown, languagesOf: (menu: string) => readonly string[] | null): GuestEvent {
  let value = body;
  if (typeof body === 'string') {
    try {
      value = JSON.parse(body);
    } catch {
      throw new ApiError(400, 'The beacon must be a JSON object.');
    }
  }
  const parsed = beaconSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalid(String(issue?.path[0] ?? 'body'), issue?.message ?? 'Invalid beacon.');
  }
  const { m: menu, k: kind, t } = parsed.data;
  const languages = languagesOf(menu);
  if (!languages) throw new ApiError(404);
  if (kind === 'search') {
    const term = normalizeTerm(t);
    if (!term) throw invalid('t', 'A search needs words.');
    return { menu, kind, term };
  }
  if (kind === 'filter') {
    if (!FILTER_TERMS.has(t)) throw invalid('t', 'Unknown filter.');
    return { menu, kind, term: t };
  }
  if (!languages.includes(t)) throw invalid('t', "Not one of the page's languages.");
  return { menu, kind, term: t };
}
