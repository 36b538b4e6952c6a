import { useTranslation } from 'react-i18next';
import { activeLanguage } from '../../lib/i18n/i18n.ts';
import { useId, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import { handleApiError } from '../../lib/api-errors.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input, Label } from '../../components/ui/input.tsx';
import { MoneyInput } from '../../components/money-input.tsx';
import { AllergenGrid } from './allergen-grid.tsx';
import { DietPicker } from './diet-picker.tsx';
import { errorText } from './error-text.ts';
import { DIET_CLASH, optionBody, optionFormSchema, optionFormValues, type OptionFormValues } from './option-form.ts';
import type { Option } from './option-data.ts';
import { Switch } from './switch.tsx';

/**
 * One option's form inside the group editor: name, what it adds to the price, its own allergens
 * and labels, available. `onSave` writes the record and throws on failure (field errors land on
 * the inputs). Its own <form>, kept from submitting the item form around it (React sends a
 * portal's submit event up its component tree).
 */
export function OptionEditor({
  option,
  currency,
  onSave,
  onCancel,
  onDelete,
}: {
  option: Option | null;
  currency: string;
  onSave: (body: Record<string, unknown>) => Promise<void>;
  onCancel: () => void;
  /** Asks to delete the option (an existing one). */
  onDelete?: () => void;
}) {
  const { t } = useTranslation('menus');
  const id = useId();
  const schema = useMemo(() => optionFormSchema(currency), [currency]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<OptionFormValues>({ resolver: zodResolver(schema), defaultValues: optionFormValues(option, currency, activeLanguage()) });
  const submit = handleSubmit(async (values) => {
    try {
      await onSave(optionBody(values, currency));
    } catch (err) {
      handleApiError(err, setError, ['name', 'priceDelta', 'allergens', 'mayContain', 'diets', 'available']);
    }
  });
  const allergens = watch('allergens');
  const dietsError = errors.diets?.message === DIET_CLASH ? undefined : errorText(errors.diets?.message);
  return (
    <form
      onSubmit={(e) => {
        e.stopPropagation();
        void submit(e);
      }}
      noValidate
      aria-label={option ? t('optionGroups.editOption', { name: option.name }) : t('optionGroups.newOption')}
      className="grid gap-4 rounded-md border bg-muted/30 p-3"
      data-testid="option-editor"
    >
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem]">
        <FormField label={t('optionGroups.optionName')} error={errorText(errors.name?.message)}>
          <Input {...register('name')} autoComplete="off" autoFocus />
        </FormField>
        <Controller
          control={control}
          name="priceDelta"
          render={({ field }) => (
            <FormField label={t('optionGroups.priceDelta')} error={errorText(errors.priceDelta?.message)}>
              <MoneyInput currency={currency} value={field.value} onValueChange={field.onChange} onBlur={field.onBlur} ref={field.ref} />
            </FormField>
          )}
        />
      </div>
      <div className="grid gap-2">
        <span className="text-sm font-medium">{t('editor.allergens')}</span>
        <AllergenGrid
          allergens={allergens}
          mayContain={watch('mayContain')}
          onChange={(next) => {
            setValue('allergens', next.allergens, { shouldDirty: true });
            setValue('mayContain', next.mayContain, { shouldDirty: true });
          }}
        />
        {errors.mayContain?.message ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {errorText(errors.mayContain.message)}
          </p>
        ) : null}
      </div>
      <div className="grid gap-2">
        <span className="text-sm font-medium">{t('diets.title')}</span>
        <DietPicker
          idPrefix={id}
          value={watch('diets')}
          allergens={allergens}
          error={dietsError}
          onChange={(next) => setValue('diets', next, { shouldDirty: true })}
        />
      </div>
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor={`${id}-available`}>{t('optionGroups.optionAvailable')}</Label>
        <Controller
          control={control}
          name="available"
          render={({ field }) => <Switch id={`${id}-available`} checked={field.value} onCheckedChange={field.onChange} />}
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {option && onDelete ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="text-destructive sm:mr-auto"
            onClick={onDelete}
            disabled={isSubmitting}
          >
            <Trash2 aria-hidden /> {t('optionGroups.deleteOption', { name: option.name })}
          </Button>
        ) : null}
        <Button type="button" variant="outline" size="sm" onClick={onCancel} disabled={isSubmitting}>
          {t('common:ui.cancel')}
        </Button>
        <Button type="submit" size="sm" loading={isSubmitting}>
          {option ? t('optionGroups.saveOption') : t('optionGroups.addThisOption')}
        </Button>
      </div>
    </form>
  );
}
