import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useController, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { RecordModel } from 'pocketbase';
import type { z } from 'zod';
import { Upload as UploadIcon } from 'lucide-react';
import { zUploadForm } from '../../../../shared/schemas/forms.ts';
import { UPLOAD_MAX_BYTES } from '../../../../shared/constants.ts';
import { handleApiError } from '../../lib/api-errors.ts';
import { formatNumber } from '../../lib/format.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { planLimitMessage } from '../../lib/action-errors.ts';
import { PlanLimitNotice } from '../../components/plan-limit-notice.tsx';
import { formatBytes, PdfDropZone } from './pdf-drop-zone.tsx';
import { sendUpload, type UploadProgress } from './send-upload.ts';
import { ProgressBar } from './upload-status.tsx';
import { uploadMessage } from './upload-messages.ts';

/** The specification's upload form, plus the server's size limit checked before sending. */
const uploadSchema = zUploadForm.refine((v) => [v.file, ...(v.photos ?? [])].every((f) => f.size <= UPLOAD_MAX_BYTES), {
  path: ['file'],
  message: 'uploads:serverErrors.tooLarge',
});
type Values = z.input<typeof uploadSchema>;

/** "lunch_menu-2025.pdf" → "Lunch menu 2025". */
function nameFromFile(fileName: string): string {
  const base = fileName.replace(/\.(pdf|jpe?g|png|webp)$/i, '').replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim();
  return base ? base.charAt(0).toUpperCase() + base.slice(1) : '';
}

/**
 * Menu name + PDF, sent as multipart with a real progress bar; the server's field errors (a
 * damaged or password-protected PDF, too many pages) land on the matching field.
 */
export function UploadForm({ organizationId, onUploaded }: { organizationId: string; onUploaded: (record: RecordModel) => void }) {
  const { t } = useTranslation('uploads');
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [limit, setLimit] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const { register, control, handleSubmit, setValue, getValues, setError, trigger, reset, formState: { errors, isSubmitting, dirtyFields } } = useForm<Values>({
    resolver: zodResolver(uploadSchema),
    defaultValues: { name: '', file: undefined, photos: [] },
  });
  const { field: fileField } = useController({ control, name: 'file' });
  const { field: photosField } = useController({ control, name: 'photos' });

  const onSubmit = handleSubmit(async (values) => {
    setLimit(null);
    const photos = (values.photos ?? []) as File[];
    setProgress({ loaded: 0, total: photos.reduce((n, p) => n + p.size, values.file.size) });
    const controller = new AbortController();
    abort.current = controller;
    try {
      const record = await sendUpload({ organization: organizationId, name: values.name.trim(), file: values.file as File, photos, onProgress: setProgress, signal: controller.signal });
      reset({ name: '', file: undefined, photos: [] });
      onUploaded(record);
    } catch (err) {
      if ((err as { isAbort?: boolean }).isAbort) return;
      const message = planLimitMessage(err);
      if (message) setLimit(message);
      // A photo's problem (`photos`) is shown on the one file field.
      else handleApiError(err, (field, error) => setError(field === 'photos' ? 'file' : (field as 'name' | 'file'), error), ['name', 'file', 'photos']);
    } finally {
      abort.current = null;
      setProgress(null);
    }
  });

  const percent = progress && progress.total ? (progress.loaded / progress.total) * 100 : 0;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label={t('form.title')}>
      <FormField label={t('form.file')} error={uploadMessage(errors.file?.message as string | undefined) || undefined}>
        <PdfDropZone
          ref={fileField.ref}
          files={[fileField.value as File | undefined, ...((photosField.value ?? []) as File[])].filter((f): f is File => Boolean(f))}
          disabled={isSubmitting}
          onFiles={(files) => {
            const [file, ...photos] = files;
            fileField.onChange(file);
            photosField.onChange(photos);
            if (file) {
              // A name from the file, unless the user typed one.
              if (!dirtyFields.name && !getValues('name').trim()) setValue('name', nameFromFile(file.name));
              void trigger('file');
            }
          }}
        />
      </FormField>
      <FormField label={t('form.name')} error={errors.name?.message} hint={t('form.nameHint')}>
        <Input {...register('name')} placeholder={t('form.namePlaceholder')} autoComplete="off" disabled={isSubmitting} />
      </FormField>
      {limit ? <PlanLimitNotice message={limit} /> : null}
      {progress ? (
        <div className="grid gap-2 rounded-md border bg-muted/40 p-3" aria-live="polite">
          <div className="flex items-center justify-between gap-2 text-sm">
            <span className="font-medium">{percent >= 100 ? t('form.checking') : t('form.uploading', { percent: formatNumber(Math.floor(percent) / 100, { style: 'percent' }) })}</span>
            <span className="tabular-nums text-muted-foreground">{t('form.bytesOf', { loaded: formatBytes(progress.loaded), total: formatBytes(progress.total) })}</span>
          </div>
          <ProgressBar value={percent} label={t('form.progress')} />
        </div>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {isSubmitting ? <Button type="button" variant="outline" onClick={() => abort.current?.abort()}>{t('form.cancel')}</Button> : null}
        <Button type="submit" loading={isSubmitting}><UploadIcon aria-hidden /> {t('form.submit')}</Button>
      </div>
    </form>
  );
}
