import { useTranslation } from 'react-i18next';
import { useId, type ComponentType, type ReactNode } from 'react';
import { Controller, type Control, type FieldErrors, type UseFormRegister, type UseFormSetValue, type UseFormWatch } from 'react-hook-form';
import { DietPicker } from './diet-picker.tsx';
import { errorText } from './error-text.ts';
import type { ItemEditorContext } from './item-editor.tsx';
import type { ItemFormValues } from './item-form.ts';
import { NutritionField } from './nutrition-field.tsx';
import { DIET_CLASH } from './option-form.ts';
import { OptionGroupsField } from './option-groups-field.tsx';

/**
 * The item editor's parts of issue 20: option groups, dietary labels and nutrition, each a
 * section of the editor (drawn with its `Section`), kept here so the editor itself stays small.
 */
export function ItemExtrasFields({
  Section,
  control,
  register,
  errors,
  watch,
  setValue,
  ctx,
  itemId,
}: {
  Section: ComponentType<{ title: string; hint?: string; children: ReactNode }>;
  control: Control<ItemFormValues>;
  register: UseFormRegister<ItemFormValues>;
  errors: FieldErrors<ItemFormValues>;
  watch: UseFormWatch<ItemFormValues>;
  setValue: UseFormSetValue<ItemFormValues>;
  ctx: ItemEditorContext;
  itemId: string | null;
}) {
  const { t } = useTranslation('menus');
  const id = useId();
  const dietsError = errors.diets?.message === DIET_CLASH ? undefined : errorText(errors.diets?.message);
  // The server's message about the nutrition as a whole (field errors of the form land on their inputs).
  const nutritionError = (errors.nutrition as { message?: string } | undefined)?.message;
  return (
    <>
      <Section title={t('optionGroups.title')} hint={t('optionGroups.hint')}>
        <Controller
          control={control}
          name="optionGroups"
          render={({ field }) => (
            <OptionGroupsField
              value={field.value}
              onChange={field.onChange}
              organizationId={ctx.organizationId}
              currency={ctx.currency}
              itemId={itemId}
            />
          )}
        />
        {errors.optionGroups?.message ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {errorText(errors.optionGroups.message)}
          </p>
        ) : null}
      </Section>

      <Section title={t('diets.title')} hint={t('diets.hint')}>
        <DietPicker
          idPrefix={id}
          value={watch('diets')}
          allergens={watch('allergens')}
          error={dietsError}
          onChange={(next) => setValue('diets', next, { shouldDirty: true })}
        />
      </Section>

      <Section title={t('nutrition.title')} hint={t('nutrition.hint')}>
        <NutritionField register={register} errors={errors.nutrition} values={watch('nutrition')} serverError={nutritionError} />
      </Section>
    </>
  );
}
