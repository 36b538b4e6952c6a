import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageIcon, ImageUp, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { ITEM_IMAGE_TYPES } from './item-form.ts';
import { errorText } from './error-text.ts';

/** The item photo: current one (thumbnail), a chosen file previewed before saving, or none. */
export function ImageField({
  value,
  currentUrl,
  onChange,
  error,
}: {
  value: File | null | undefined;
  currentUrl: string | null;
  onChange: (next: File | null | undefined) => void;
  error?: string;
}) {
  const { t } = useTranslation('menus');
  const input = useRef<HTMLInputElement>(null);
  const preview = useMemo(() => (value instanceof File ? URL.createObjectURL(value) : ''), [value]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const [broken, setBroken] = useState(false);
  const shown = preview || (value === null || broken ? '' : (currentUrl ?? ''));

  return (
    <div className="flex flex-wrap items-center gap-4">
      <div className="flex h-24 w-36 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted text-muted-foreground">
        {shown ? (
          <img src={shown} alt={t('image.preview')} className="size-full object-cover" onError={() => setBroken(true)} />
        ) : (
          <ImageIcon className="size-6" aria-hidden />
        )}
      </div>
      <div className="grid gap-2">
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => input.current?.click()}>
            <ImageUp aria-hidden /> {shown ? t('image.change') : t('image.upload')}
          </Button>
          {shown ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => {
                if (input.current) input.current.value = '';
                onChange(currentUrl && value !== null ? null : undefined);
              }}
            >
              <Trash2 aria-hidden /> {t('image.remove')}
            </Button>
          ) : null}
        </div>
        <p className="text-xs text-muted-foreground">{t('image.hint')}</p>
        {error ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {errorText(error)}
          </p>
        ) : null}
      </div>
      <input
        ref={input}
        type="file"
        accept={ITEM_IMAGE_TYPES.join(',')}
        className="sr-only"
        aria-label={t('image.input')}
        tabIndex={-1}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) {
            setBroken(false);
            onChange(file);
          }
        }}
      />
    </div>
  );
}
