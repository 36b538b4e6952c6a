import { ALLERGENS, type AllergenKey } from '../../../shared/constants.ts';
import { FILTER_DIET_KEYS, matchesDiets, type DietKey } from '../../../shared/diets.ts';

/**
 * The guest's filter, as it lives in the URL so it can be shared: `?diet=vegan&hide=milk`
 * (repeated or comma-separated). "diet": show only dishes with every one of these labels;
 * "hide": hide dishes a guest cannot order without one of these allergens. Unknown values are
 * ignored (a guest page never answers 400 for a shared link); order and repeats do not matter.
 */
export interface GuestFilter {
  diet: DietKey[];
  hide: AllergenKey[];
}

export const NO_FILTER: GuestFilter = { diet: [], hide: [] };

const values = (raw: unknown): string[] =>
  (Array.isArray(raw) ? raw : [raw]).flatMap((v) => (typeof v === 'string' ? v.split(',') : [])).map((v) => v.trim());

/** The filter of a query string, in taxonomy order (so equal filters have equal cache keys). */
export function parseFilter(query: Record<string, unknown>): GuestFilter {
  const diet = new Set(values(query.diet));
  const hide = new Set(values(query.hide));
  return {
    diet: FILTER_DIET_KEYS.filter((d) => diet.has(d)),
    hide: ALLERGENS.map((a) => a.key).filter((a) => hide.has(a)),
  };
}

export const isFiltered = (f: GuestFilter): boolean => f.diet.length > 0 || f.hide.length > 0;

/** A short, stable key of a filter ('' without one). */
export const filterKey = (f: GuestFilter): string => (isFiltered(f) ? `${f.diet.join(',')}|${f.hide.join(',')}` : '');

/**
 * Whether a dish shows under the filter: it has every asked-for label, and none of the hidden
 * allergens is unavoidable in it (`unavoidable`: its own and those its required options force,
 * shared/option-groups.ts). The page's filter script and its CSS apply the same rule in the
 * browser from the `data-d` and `data-a` attributes.
 */
export function passesFilter(f: GuestFilter, diets: readonly string[], unavoidable: readonly string[]): boolean {
  return matchesDiets(diets, f.diet) && !f.hide.some((a) => unavoidable.includes(a));
}
