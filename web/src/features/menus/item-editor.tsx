import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, X } from 'lucide-react';
import { pb } from '../../lib/pb.ts';
import { handleApiError } from '../../lib/api-errors.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input, Label, Textarea } from '../../components/ui/input.tsx';
import { AllergenGrid } from './allergen-grid.tsx';
import { ImageField } from './image-field.tsx';
import { itemBody, itemFingerprint, itemFormSchema, itemFormValues, type ItemFormValues } from './item-form.ts';
import { ItemTranslationStatus } from './item-translation-status.tsx';
import { MoneyInput } from '../../components/money-input.tsx';
import { RemoteChangeNotice } from './remote-change-notice.tsx';
import { Switch } from './switch.tsx';
import { TagPicker } from './tag-picker.tsx';
import type { Item, Tag } from './types.ts';
import { useUnsavedChanges } from '../../hooks/use-unsaved-changes.ts';
import { errorText } from './error-text.ts';
import { ItemExtrasFields } from './item-extras-fields.tsx';
import { ItemKindToggle, SetCoursesEditor } from './set-courses-editor.tsx';

export interface ItemEditorContext {
  menuId: string;
  sectionId: string;
  organizationId: string;
  languages: string[];
  currency: string;
  timeZone: string;
  tags: Tag[] | undefined;
}

/**
 * Creates or edits an item in a dialog. `item` is the editor's starting point and `server` the
 * live copy from the list: when another member saves the same item, a clean form follows, a dirty
 * one shows a notice. `onSave` applies the change optimistically and returns the saved record.
 */
export function ItemEditor({
  open,
  onOpenChange,
  item,
  server,
  ctx,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  item: Item | null;
  server: Item | null | undefined;
  ctx: ItemEditorContext;
  onSave: (body: Record<string, unknown>, original: Item | null, preview: Partial<Item>) => Promise<Item>;
}) {
  const { t } = useTranslation('menus');
  const title = item ? t('editor.edit', { name: item.name || t('editor.item') }) : t('editor.new');
  const dirty = useRef(false);
  // Closing with unsaved input asks first (Escape, the close button, a click outside, Cancel).
  const close = () => {
    if (dirty.current && !window.confirm(t('editor.discardConfirm'))) return;
    dirty.current = false;
    onOpenChange(false);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={title}
      description={item ? undefined : t('editor.newDescription')}
      className="max-w-2xl"
    >
      {open ? (
        <ItemForm
          key={item?.id ?? 'new'}
          item={item}
          server={server}
          ctx={ctx}
          onSave={onSave}
          onDirty={(d) => {
            dirty.current = d;
          }}
          onCancel={close}
          onSaved={() => {
            dirty.current = false;
            onOpenChange(false);
          }}
        />
      ) : null}
    </Dialog>
  );
}

function Section({ title, hint, children }: { title: string; hint?: string; children: React.ReactNode }) {
  return (
    <fieldset className="grid gap-3 border-t pt-5 first-of-type:border-t-0 first-of-type:pt-0">
      <legend className="float-left mb-1 w-full">
        <span className="block text-sm font-semibold">{title}</span>
        {hint ? <span className="mt-0.5 block text-xs font-normal text-muted-foreground">{hint}</span> : null}
      </legend>
      {children}
    </fieldset>
  );
}

function ItemForm({
  item,
  server,
  ctx,
  onSave,
  onDirty,
  onCancel,
  onSaved,
}: {
  item: Item | null;
  server: Item | null | undefined;
  ctx: ItemEditorContext;
  onSave: (body: Record<string, unknown>, original: Item | null, preview: Partial<Item>) => Promise<Item>;
  onDirty: (dirty: boolean) => void;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation('menus');
  const { languages, currency, timeZone } = ctx;
  // Amounts are written as the staff app's language writes them ("12,50" in German).
  const language = i18n.language;
  const schema = useMemo(() => itemFormSchema(currency, timeZone), [currency, timeZone]);
  const [base, setBase] = useState<Item | null>(item);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    watch,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<ItemFormValues>({
    resolver: zodResolver(schema),
    defaultValues: itemFormValues(item, currency, timeZone, language),
  });
  const prices = useFieldArray({ control, name: 'prices' });
  useUnsavedChanges(isDirty);
  useEffect(() => {
    onDirty(isDirty);
  }, [isDirty, onDirty]);

  // Another member saved this item: follow when clean, otherwise offer to reload.
  const serverPrint = itemFingerprint(server, currency, timeZone, language);
  const basePrint = itemFingerprint(base, currency, timeZone, language);
  useEffect(() => {
    if (!server || !item || isDirty || isSubmitting || serverPrint === basePrint) return;
    reset(itemFormValues(server, currency, timeZone, language));
    setBase(server);
  }, [server, item, isDirty, isSubmitting, serverPrint, basePrint, reset, currency, timeZone, language]);
  const conflict = Boolean(item && server && isDirty && !isSubmitting && serverPrint !== basePrint);
  const deleted = Boolean(item && server === null);

  const available = watch('available');
  const kind = watch('kind');
  const priceOnRequest = watch('priceOnRequest') && kind !== 'set';

  const onSubmit = handleSubmit(async (values) => {
    const body = itemBody(values, currency, timeZone);
    const preview: Partial<Item> = {
      kind: values.kind,
      name: body.name as string,
      description: body.description as string,
      prices: body.prices as Item['prices'],
      tags: values.tags,
      allergens: values.allergens,
      mayContain: body.mayContain as string[],
      optionGroups: values.optionGroups,
      diets: values.diets,
      available: values.available,
      soldOutUntil: String(body.soldOutUntil ?? ''),
    };
    try {
      const saved = await onSave(body, base, preview);
      reset(itemFormValues(saved, currency, timeZone, language));
      setBase(saved);
      onSaved();
    } catch (err) {
      handleApiError(err, setError, [
        'kind',
        'name',
        'description',
        'prices',
        'image',
        'tags',
        'allergens',
        'mayContain',
        'available',
        'soldOutUntil',
        'optionGroups',
        'diets',
        'nutrition',
      ]);
    }
  });

  const currentImage = base?.image ? pb.files.getURL(base, base.image, { thumb: '480x320' }) : null;
  const pricesError = errors.prices as { root?: { message?: string }; message?: string } | undefined;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <div className="empty:hidden">
        {conflict && server ? (
          <RemoteChangeNotice
            what={t('editor.remoteWhat')}
            onReload={() => {
              reset(itemFormValues(server, currency, timeZone, language));
              setBase(server);
            }}
            onKeep={() => {
              reset(itemFormValues(server, currency, timeZone, language), { keepValues: true });
              setBase(server);
            }}
          />
        ) : null}
        {deleted ? (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
            {t('editor.deletedElsewhere')}
          </p>
        ) : null}
      </div>

      <Section title={t('editor.basics')}>
        <Controller
          control={control}
          name="kind"
          render={({ field, fieldState }) => (
            <ItemKindToggle value={field.value} onChange={field.onChange} error={errorText(fieldState.error?.message)} />
          )}
        />
        <FormField label={t('editor.name')} error={errorText(errors.name?.message)}>
          <Input {...register('name')} autoComplete="off" autoFocus={!item} />
        </FormField>
        <FormField label={t('editor.description')} error={errorText(errors.description?.message)} hint={t('editor.descriptionHint')}>
          <Textarea {...register('description')} rows={3} />
        </FormField>
      </Section>

      <Section title={t('editor.prices')} hint={t('editor.pricesHint', { currency })}>
        {kind === 'set' ? null : (
          <Controller
            control={control}
            name="priceOnRequest"
            render={({ field }) => (
              <label className="flex w-fit cursor-pointer items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-[hsl(var(--primary))]"
                  checked={field.value}
                  onChange={(e) => {
                    const on = e.target.checked;
                    field.onChange(on);
                    // On request: no amounts; back off: one row to type the price into.
                    if (on) prices.replace([]);
                    else if (prices.fields.length === 0) prices.append({ label: '', amount: '' });
                  }}
                />
                {t('editor.priceOnRequest')}
              </label>
            )}
          />
        )}
        <ul className="grid gap-2" aria-label={t('editor.prices')}>
          {prices.fields.map((field, i) => {
            const rowErrors = errors.prices?.[i];
            return (
              <li key={field.id} className="grid gap-1">
                <div className="flex items-start gap-2">
                  <Input
                    {...register(`prices.${i}.label`)}
                    placeholder={prices.fields.length > 1 ? t('editor.labelPlaceholder') : t('editor.labelOptional')}
                    aria-label={t('editor.priceLabel', { n: i + 1 })}
                    aria-invalid={rowErrors?.label ? true : undefined}
                    autoComplete="off"
                    className="min-w-0 flex-1"
                  />
                  <Controller
                    control={control}
                    name={`prices.${i}.amount`}
                    render={({ field: f }) => (
                      <MoneyInput
                        currency={currency}
                        value={f.value}
                        onValueChange={f.onChange}
                        onBlur={f.onBlur}
                        ref={f.ref}
                        aria-label={t('editor.priceAmount', { n: i + 1 })}
                        aria-invalid={rowErrors?.amount ? true : undefined}
                        className="w-32"
                      />
                    )}
                  />
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="shrink-0"
                    aria-label={t('editor.removePrice', { n: i + 1 })}
                    disabled={prices.fields.length <= 1}
                    onClick={() => prices.remove(i)}
                  >
                    <X aria-hidden />
                  </Button>
                </div>
                {rowErrors?.label || rowErrors?.amount ? (
                  <p role="alert" className="text-sm font-medium text-destructive">
                    {errorText(rowErrors.amount?.message ?? rowErrors.label?.message)}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
        {pricesError?.root?.message || pricesError?.message ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {errorText(pricesError.root?.message ?? pricesError.message)}
          </p>
        ) : null}
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={priceOnRequest || prices.fields.length >= (kind === 'set' ? 1 : 10)}
            onClick={() => prices.append({ label: '', amount: '' })}
          >
            <Plus aria-hidden /> {t('editor.addPrice')}
          </Button>
        </div>
      </Section>

      {kind === 'set' ? (
        <Section title={t('setMenu.courses')} hint={t('setMenu.coursesHint')}>
          <SetCoursesEditor itemId={base?.id ?? null} menuId={ctx.menuId} />
        </Section>
      ) : null}

      <Section title={t('editor.photo')}>
        <Controller
          control={control}
          name="image"
          render={({ field }) => (
            <ImageField value={field.value} currentUrl={currentImage} onChange={(f) => field.onChange(f)} error={errors.image?.message} />
          )}
        />
      </Section>

      <Section title={t('editor.tags')}>
        <Controller
          control={control}
          name="tags"
          render={({ field }) => <TagPicker tags={ctx.tags} value={field.value} onChange={field.onChange} />}
        />
        {errors.tags?.message ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {errorText(errors.tags.message)}
          </p>
        ) : null}
      </Section>

      <Section title={t('editor.allergens')} hint={t('editor.allergensHint')}>
        <AllergenGrid
          allergens={watch('allergens')}
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
      </Section>

      <ItemExtrasFields
        Section={Section}
        control={control}
        register={register}
        errors={errors}
        watch={watch}
        setValue={setValue}
        ctx={ctx}
        itemId={item?.id ?? null}
      />

      <Section title={t('editor.availability')}>
        <div className="flex items-center justify-between gap-4">
          <Label htmlFor="item-available" className="grid gap-1">
            <span>{available ? t('editor.available') : t('editor.soldOut')}</span>
            <span className="text-xs font-normal text-muted-foreground">
              {available ? t('editor.availableHint') : t('editor.soldOutHint')}
            </span>
          </Label>
          <Controller
            control={control}
            name="available"
            render={({ field }) => (
              <Switch
                id="item-available"
                checked={field.value}
                onCheckedChange={(v) => {
                  field.onChange(v);
                  if (v) setValue('soldOutUntil', '', { shouldDirty: true });
                }}
              />
            )}
          />
        </div>
        {!available ? (
          <FormField
            label={t('editor.soldOutUntil')}
            error={errorText(errors.soldOutUntil?.message)}
            hint={t('editor.soldOutUntilHint', { zone: timeZone })}
          >
            <Input type="datetime-local" {...register('soldOutUntil')} className="w-full sm:w-64" />
          </FormField>
        ) : null}
      </Section>

      {languages.length > 1 ? (
        <Section title={t('editor.translations')} hint={t('editor.translationsHint')}>
          <ItemTranslationStatus item={server ?? base} languages={languages} menuId={ctx.menuId} />
        </Section>
      ) : null}

      <div className="sticky -bottom-6 z-10 -mx-6 -mb-6 flex items-center justify-end gap-2 border-t bg-background px-6 py-4">
        {isDirty ? <span className="mr-auto hidden text-sm text-muted-foreground sm:inline">{t('editor.unsaved')}</span> : null}
        <Button type="button" variant="outline" onClick={onCancel} disabled={isSubmitting}>
          {t('common:ui.cancel')}
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {item ? t('editor.save') : t('editor.add')}
        </Button>
      </div>
    </form>
  );
}
