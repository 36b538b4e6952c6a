import { useTranslation } from 'react-i18next';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { toast } from '../../lib/toast.ts';
import { ImageUp, Trash2 } from 'lucide-react';
import { pb } from '../../lib/pb.ts';
import { handleApiError } from '../../lib/api-errors.ts';
import { useAuth } from '../../hooks/use-auth.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, zProfileForm } from '../../lib/account-schemas.ts';

const zForm = zProfileForm.extend({
  /** A new picture, `null` to remove the current one, `undefined` to keep it. */
  avatar: z
    .custom<File | null | undefined>((v) => v === undefined || v === null || v instanceof File)
    .refine((f) => !f || AVATAR_TYPES.includes(f.type), 'profile:details.avatarType')
    .refine((f) => !f || f.size <= AVATAR_MAX_BYTES, 'profile:details.avatarSize')
    .optional(),
});

function initials(name: string): string {
  return (
    name
      .split(/[\s@.]+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((p) => p[0]?.toUpperCase())
      .join('') || '?'
  );
}

/** Name and avatar (with a live preview of the chosen picture). */
export function ProfileDetailsCard() {
  const { t } = useTranslation('profile');
  const { record } = useAuth();
  const fileInput = useRef<HTMLInputElement>(null);
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({
    resolver: zodResolver(zForm),
    defaultValues: { name: String(record?.name ?? ''), avatar: undefined as File | null | undefined },
  });
  const avatar = watch('avatar');
  const name = watch('name');
  const preview = useMemo(() => (avatar instanceof File ? URL.createObjectURL(avatar) : ''), [avatar]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const [broken, setBroken] = useState(false);
  const current = record?.avatar && avatar !== null ? pb.files.getURL(record, String(record.avatar), { thumb: '100x100' }) : '';
  const shown = preview || (broken ? '' : current);

  const onSubmit = handleSubmit(async (values) => {
    if (!record) return;
    const data: Record<string, unknown> = { name: values.name };
    if (values.avatar instanceof File) data.avatar = values.avatar;
    else if (values.avatar === null) data.avatar = null;
    try {
      const updated = await pb.collection('users').update(record.id, data);
      reset({ name: String(updated.name ?? ''), avatar: undefined });
      setBroken(false);
      if (fileInput.current) fileInput.current.value = '';
      toast.success(t('details.saved'));
    } catch (err) {
      handleApiError(err, setError, ['name', 'avatar']);
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('details.title')}</CardTitle>
        <CardDescription>{t('details.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <div className="flex items-center gap-4">
            <span className="flex size-16 shrink-0 sm:size-20 items-center justify-center overflow-hidden rounded-full border bg-muted text-xl font-semibold text-muted-foreground">
              {shown ? (
                <img src={shown} alt={t('details.avatarAlt')} className="size-full object-cover" onError={() => setBroken(true)} />
              ) : (
                <span aria-hidden>{initials(name || String(record?.email ?? ''))}</span>
              )}
            </span>
            <div className="grid min-w-0 flex-1 gap-2">
              <div className="flex flex-wrap gap-2">
                <Button type="button" variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
                  <ImageUp aria-hidden /> {shown ? t('details.changePhoto') : t('details.uploadPhoto')}
                </Button>
                {shown ? (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => {
                      if (fileInput.current) fileInput.current.value = '';
                      setValue('avatar', record?.avatar ? null : undefined, { shouldDirty: true, shouldValidate: true });
                    }}
                  >
                    <Trash2 aria-hidden /> {t('details.remove')}
                  </Button>
                ) : null}
              </div>
              <p className="text-xs text-muted-foreground">{t('details.photoHint')}</p>
              <input
                ref={fileInput}
                type="file"
                accept={AVATAR_TYPES.join(',')}
                className="sr-only"
                tabIndex={-1}
                aria-label={t('details.avatarInput')}
                onChange={(e) => setValue('avatar', e.target.files?.[0] ?? undefined, { shouldDirty: true, shouldValidate: true })}
              />
              {errors.avatar?.message ? (
                <p role="alert" className="text-sm font-medium text-destructive">
                  {t(errors.avatar.message)}
                </p>
              ) : null}
            </div>
          </div>
          <FormField label={t('details.name')} error={errors.name?.message}>
            <Input {...register('name')} autoComplete="name" placeholder={t('details.namePlaceholder')} />
          </FormField>
          <div className="flex justify-end">
            <Button type="submit" loading={isSubmitting} disabled={!isDirty} className="w-full sm:w-auto">
              {t('details.save')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
