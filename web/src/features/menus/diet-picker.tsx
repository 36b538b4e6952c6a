import { useTranslation } from 'react-i18next';
import { Check } from 'lucide-react';
import { DIETS, dietClash, type DietKey } from '../../../../shared/diets.ts';
import { cn } from '../../lib/cn.ts';
import { allergenNames } from './allergen-grid.tsx';
import { DietIcon } from './diet-icon.tsx';

const SPICY: readonly string[] = ['spicy-1', 'spicy-2', 'spicy-3'];

/**
 * The fixed dietary labels (shared/diets.ts) as toggle chips with their guest icons
 * (aria-pressed), for an item or an option. One spice level at a time: picking another replaces
 * it. A label that contradicts the allergens ("vegan" with milk) is said at once, in the words of
 * the server's rule.
 */
export function DietPicker({
  value,
  allergens,
  onChange,
  error,
  idPrefix,
}: {
  value: string[];
  allergens: string[];
  onChange: (next: string[]) => void;
  /** A server message about the labels (the live clash is worked out here). */
  error?: string;
  idPrefix: string;
}) {
  const { t } = useTranslation('menus');
  const toggle = (key: DietKey) => {
    if (value.includes(key)) return onChange(value.filter((v) => v !== key));
    const rest = SPICY.includes(key) ? value.filter((v) => !SPICY.includes(v)) : value;
    onChange(DIETS.map((d) => d.key as string).filter((k) => k === key || rest.includes(k)));
  };
  const clash = dietClash(value, allergens);
  const clashText = clash
    ? clash.kind === 'spice'
      ? t('diets.clashSpice')
      : t('diets.clashAllergen', { diet: t(`diets.names.${clash.diet}`), allergen: allergenNames([clash.allergen]) })
    : error;
  const messageId = `${idPrefix}-diet-message`;
  return (
    <div className="grid gap-2">
      <ul className="flex flex-wrap gap-2" aria-label={t('diets.label')} aria-describedby={clashText ? messageId : undefined}>
        {DIETS.map(({ key }) => {
          const on = value.includes(key);
          return (
            <li key={key}>
              <button
                type="button"
                aria-pressed={on}
                onClick={() => toggle(key)}
                data-diet={key}
                className={cn(
                  'inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  on
                    ? 'border-primary bg-primary/10 font-medium text-foreground'
                    : 'text-muted-foreground hover:bg-accent hover:text-foreground',
                )}
              >
                <DietIcon diet={key} />
                {t(`diets.names.${key}`)}
                {on ? <Check className="size-3.5" aria-hidden /> : null}
              </button>
            </li>
          );
        })}
      </ul>
      {clashText ? (
        <p id={messageId} role="alert" className="text-sm font-medium text-destructive">
          {clashText}
        </p>
      ) : null}
    </div>
  );
}
