import { useTranslation } from 'react-i18next';
import { ALLERGENS } from '../../../../shared/constants.ts';
import { allergenNames as officialNames } from '../../../../shared/i18n/allergen-names.ts';
import { activeLanguage } from '../../lib/i18n/i18n.ts';
import { cn } from '../../lib/cn.ts';

export type AllergenState = 'none' | 'contains' | 'may';
const NEXT: Record<AllergenState, AllergenState> = { none: 'contains', contains: 'may', may: 'none' };

/**
 * The regulation's own name of each allergen in the app's language (its checked language version,
 * shared/i18n/allergen-names.ts), else the app's English names; `lang` says which one it is.
 */
function staffAllergenNames(): { lang: string; name: (a: (typeof ALLERGENS)[number]) => string } {
  const official = officialNames(activeLanguage());
  return { lang: official.lang, name: (a) => official.names[a.key] ?? a.name };
}

/**
 * The 14 EU allergens (Regulation 1169/2011, Annex II) with their official names and letter codes,
 * each a tri-state toggle: not listed → contains → may contain (aria-pressed true / mixed).
 */
export function AllergenGrid({
  allergens,
  mayContain,
  onChange,
}: {
  allergens: string[];
  mayContain: string[];
  onChange: (next: { allergens: string[]; mayContain: string[] }) => void;
}) {
  const { t } = useTranslation('menus');
  const names = staffAllergenNames();
  const ui = activeLanguage();
  const stateOf = (key: string): AllergenState => (allergens.includes(key) ? 'contains' : mayContain.includes(key) ? 'may' : 'none');
  const set = (key: string, state: AllergenState) => {
    const a = allergens.filter((k) => k !== key);
    const m = mayContain.filter((k) => k !== key);
    if (state === 'contains') a.push(key);
    if (state === 'may') m.push(key);
    const order = (list: string[]) => ALLERGENS.map((x) => x.key as string).filter((k) => list.includes(k));
    onChange({ allergens: order(a), mayContain: order(m) });
  };
  return (
    <div className="grid gap-2">
      <ul className="grid grid-cols-1 gap-2 min-[420px]:grid-cols-2" aria-label={t('allergens.label')}>
        {ALLERGENS.map((a) => {
          const state = stateOf(a.key);
          return (
            <li key={a.key}>
              <button
                type="button"
                aria-pressed={state === 'contains' ? true : state === 'may' ? 'mixed' : false}
                data-state={state}
                onClick={() => set(a.key, NEXT[state])}
                className={cn(
                  'flex h-full w-full items-center gap-2 rounded-md border px-2.5 py-2 text-left text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  state === 'none' && 'hover:bg-accent',
                  state === 'contains' &&
                    'border-red-600/40 bg-red-50 text-red-900 dark:border-red-400/40 dark:bg-red-400/10 dark:text-red-200',
                  state === 'may' &&
                    'border-dashed border-amber-600/50 bg-amber-50 text-amber-900 dark:border-amber-400/50 dark:bg-amber-400/10 dark:text-amber-200',
                )}
              >
                <span
                  className={cn(
                    'flex size-6 shrink-0 items-center justify-center rounded font-mono text-xs font-semibold',
                    state === 'none'
                      ? 'bg-muted text-muted-foreground'
                      : state === 'contains'
                        ? 'bg-red-600 text-white dark:bg-red-500'
                        : 'bg-amber-500 text-black',
                  )}
                >
                  {a.code}
                </span>
                <span className="min-w-0 flex-1 leading-tight" lang={names.lang === ui ? undefined : names.lang}>
                  {names.name(a)}
                </span>
                <span className={cn('shrink-0 text-xs', state === 'none' ? 'text-muted-foreground' : 'font-medium')}>
                  {t(`allergens.${state}`)}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <p className="text-xs text-muted-foreground">{t('allergens.hint')}</p>
    </div>
  );
}

/** Letter codes of contained and possible allergens, e.g. "A, G" and "H". */
export function allergenCodes(keys: readonly string[]): string {
  return ALLERGENS.filter((a) => keys.includes(a.key))
    .map((a) => a.code)
    .join(', ');
}

/** Official names of allergens in the app's language, e.g. "Cereals containing gluten, Milk". */
export function allergenNames(keys: readonly string[]): string {
  const { name } = staffAllergenNames();
  return ALLERGENS.filter((a) => keys.includes(a.key))
    .map(name)
    .join(', ');
}
