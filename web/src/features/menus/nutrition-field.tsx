import { useTranslation } from 'react-i18next';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { MACROS } from '../../../../shared/nutrition.ts';
import { activeLanguage } from '../../lib/i18n/i18n.ts';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { errorText } from './error-text.ts';
import type { ItemFormValues } from './item-form.ts';
import { shownKj, type NutritionFormValues } from './nutrition-form.ts';

/**
 * Energy per portion (kcal typed, kJ shown derived), the portion label, and the optional
 * macronutrients behind a disclosure (open when any is filled in). Whether guests see them is
 * each venue's setting.
 */
export function NutritionField({
  register,
  errors,
  values,
  serverError,
}: {
  register: UseFormRegister<ItemFormValues>;
  errors: FieldErrors<NutritionFormValues> | undefined;
  values: NutritionFormValues;
  /** The server's message about the nutrition as a whole. */
  serverError?: string;
}) {
  const { t } = useTranslation('menus');
  const kj = shownKj(values);
  const hasMacros = MACROS.some((m) => values[m].trim() !== '');
  const number = (n: number) => new Intl.NumberFormat(activeLanguage()).format(n);
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={t('nutrition.kcal')}
          error={errorText(errors?.kcal?.message)}
          hint={kj === null ? t('nutrition.kcalHint') : t('nutrition.kj', { kj: number(kj) })}
        >
          <Input {...register('nutrition.kcal')} inputMode="numeric" autoComplete="off" className="w-full sm:w-40" />
        </FormField>
        <FormField label={t('nutrition.portion')} error={errorText(errors?.portion?.message)} hint={t('nutrition.portionHint')}>
          <Input {...register('nutrition.portion')} autoComplete="off" placeholder={t('nutrition.portionPlaceholder')} />
        </FormField>
      </div>
      <details open={hasMacros || undefined} className="group rounded-md border px-3 py-2">
        <summary className="cursor-pointer select-none text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          {t('nutrition.macros')}
        </summary>
        <div className="grid grid-cols-1 gap-3 pb-1 pt-3 min-[420px]:grid-cols-2 sm:grid-cols-3">
          {MACROS.map((m) => (
            <FormField key={m} label={t(`nutrition.macro.${m}`)} error={errorText(errors?.[m]?.message)}>
              <Input {...register(`nutrition.${m}`)} inputMode="decimal" autoComplete="off" />
            </FormField>
          ))}
        </div>
      </details>
      {serverError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errorText(serverError)}
        </p>
      ) : null}
    </div>
  );
}
