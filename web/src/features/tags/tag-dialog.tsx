import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import type { RecordModel } from 'pocketbase';
import { toast } from '../../lib/toast.ts';
import { pb } from '../../lib/pb.ts';
import { handleApiError } from '../../lib/api-errors.ts';
import { normalizeHex } from '../../../../shared/contrast.ts';
import { DEFAULT_TAG_COLOR } from '../../../../shared/constants.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { ColorPicker, COLOR_PRESETS } from '../../components/color-picker.tsx';
import { TagChip } from './tag-chip.tsx';
import { zTagDialog } from '../../../../shared/schemas/tags.ts';
import type { TagDialogInput, TagDialogValues } from './tag-schemas.ts';

/** Lighter tag colours too: chips pick black or white text, so any colour stays readable. */
const TAG_PRESETS = [
  ...COLOR_PRESETS.slice(0, 2),
  { name: 'Rose', value: '#f43f5e' },
  { name: 'Tangerine', value: '#f97316' },
  { name: 'Yellow', value: '#facc15' },
  { name: 'Lime', value: '#84cc16' },
  { name: 'Emerald', value: '#10b981' },
  { name: 'Sky', value: '#0ea5e9' },
  { name: 'Violet', value: '#8b5cf6' },
  { name: 'Fuchsia', value: '#d946ef' },
  ...COLOR_PRESETS.slice(6, 8),
];

/** Create (no `tag`) or edit a tag: name and colour (empty → #000000). */
export function TagDialog({
  open,
  onOpenChange,
  organizationId,
  tag,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  organizationId: string;
  tag?: RecordModel | null;
  onSaved: (tag: RecordModel) => void;
}) {
  const { t } = useTranslation('tags');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={tag ? t('dialog.editTitle') : t('dialog.newTitle')}
      description={t('dialog.description')}
    >
      {open ? <TagForm organizationId={organizationId} tag={tag ?? null} onDone={() => onOpenChange(false)} onSaved={onSaved} /> : null}
    </Dialog>
  );
}

function TagForm({
  organizationId,
  tag,
  onDone,
  onSaved,
}: {
  organizationId: string;
  tag: RecordModel | null;
  onDone: () => void;
  onSaved: (tag: RecordModel) => void;
}) {
  const { t } = useTranslation('tags');
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TagDialogInput, unknown, TagDialogValues>({
    resolver: zodResolver(zTagDialog),
    defaultValues: { name: String(tag?.name ?? ''), color: tag ? String(tag.color ?? '') : '' },
  });
  const [name, color] = useWatch({ control, name: ['name', 'color'] });

  const submit = handleSubmit(async (values) => {
    try {
      const saved = tag
        ? await pb.collection('tags').update(tag.id, values)
        : await pb.collection('tags').create({ organization: organizationId, ...values });
      toast.success(t(tag ? 'dialog.saved' : 'dialog.created', { name: String(saved.name) }));
      onSaved(saved);
      onDone();
    } catch (err) {
      handleApiError(err, setError, ['name', 'color']);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <FormField label={t('dialog.name')} error={errors.name?.message}>
        <Input autoFocus autoComplete="off" placeholder={t('dialog.namePlaceholder')} {...register('name')} />
      </FormField>
      <Controller
        control={control}
        name="color"
        render={({ field }) => (
          <FormField label={t('common:ui.colour')} error={errors.color?.message} hint={t('dialog.colourHint')}>
            <ColorPicker {...field} label={t('dialog.colour')} allowEmpty placeholder={DEFAULT_TAG_COLOR} presets={TAG_PRESETS} />
          </FormField>
        )}
      />
      <div className="flex items-center gap-2 text-sm text-muted-foreground">
        {t('dialog.preview')} <TagChip name={name.trim()} color={normalizeHex(color) ?? DEFAULT_TAG_COLOR} />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone} disabled={isSubmitting}>
          {t('common:ui.cancel')}
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {tag ? t('dialog.save') : t('dialog.create')}
        </Button>
      </div>
    </form>
  );
}
