import { useTranslation } from 'react-i18next';
import { useEffect, useRef, useState } from 'react';
import type { RecordModel } from 'pocketbase';
import { ImageUp, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { logoUrl, VENUE_LOGO } from './use-venues.ts';
import { VenueAvatar } from './venue-card.tsx';

/** Logo upload with an immediate local preview, and removal. */
export function VenueLogoCard({
  venue,
  onUpload,
  onRemove,
}: {
  venue: RecordModel;
  onUpload: (file: File) => Promise<void>;
  onRemove: () => Promise<void>;
}) {
  const { t } = useTranslation('venues');
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = logoUrl(venue);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    setError(null);
    if (!(VENUE_LOGO.types as readonly string[]).includes(file.type)) return setError(t('logo.type'));
    if (file.size > VENUE_LOGO.maxBytes) return setError(t('logo.size'));
    setPreview(URL.createObjectURL(file));
    setBusy('upload');
    try {
      await onUpload(file);
    } catch {
      // The page reported the error; the old logo is shown again.
    } finally {
      setPreview(null);
      setBusy(null);
    }
  };
  const remove = async () => {
    setBusy('remove');
    setError(null);
    try {
      await onRemove();
    } catch {
      /* reported by the page */
    } finally {
      setBusy(null);
    }
  };

  const shown = preview ?? current;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('logo.title')}</CardTitle>
        <CardDescription>{t('logo.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-center gap-4">
          <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-white">
            {shown ? (
              <img
                src={shown}
                alt={t('logo.alt', { name: String(venue.name) })}
                className={`size-full object-contain p-1 ${preview ? 'opacity-60' : ''}`}
                data-testid="logo-preview"
              />
            ) : (
              <VenueAvatar venue={venue} className="size-full rounded-none text-3xl" />
            )}
          </div>
          <div className="grid gap-2">
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => input.current?.click()}
              loading={busy === 'upload'}
              disabled={busy !== null}
            >
              <ImageUp aria-hidden /> {current ? t('logo.replace') : t('logo.upload')}
            </Button>
            {current ? (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="text-muted-foreground hover:text-destructive"
                onClick={() => void remove()}
                loading={busy === 'remove'}
                disabled={busy !== null}
              >
                <Trash2 aria-hidden /> {t('logo.remove')}
              </Button>
            ) : null}
          </div>
        </div>
        <input
          ref={input}
          type="file"
          accept={VENUE_LOGO.types.join(',')}
          hidden
          aria-label={t('logo.file')}
          onChange={(e) => void choose(e.target.files?.[0])}
        />
        {error ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : (
          <p className="text-xs text-muted-foreground">{t('logo.hint')}</p>
        )}
      </CardContent>
    </Card>
  );
}
