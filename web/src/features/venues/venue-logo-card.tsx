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
    if (!(VENUE_LOGO.types as readonly string[]).includes(file.type)) return setError('Use a PNG, JPEG, WebP or SVG image.');
    if (file.size > VENUE_LOGO.maxBytes) return setError('The logo must be 2 MB or smaller.');
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
        <CardTitle>Logo</CardTitle>
        <CardDescription>Shown on the guest menu and, if you like, in the QR code.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-center gap-4">
          <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-white">
            {shown ? (
              <img
                src={shown}
                alt={`Logo of ${String(venue.name)}`}
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
              <ImageUp aria-hidden /> {current ? 'Replace logo' : 'Upload logo'}
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
                <Trash2 aria-hidden /> Remove
              </Button>
            ) : null}
          </div>
        </div>
        <input
          ref={input}
          type="file"
          accept={VENUE_LOGO.types.join(',')}
          hidden
          aria-label="Logo file"
          onChange={(e) => void choose(e.target.files?.[0])}
        />
        {error ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : (
          <p className="text-xs text-muted-foreground">PNG, JPEG, WebP or SVG, up to 2 MB. Square logos work best.</p>
        )}
      </CardContent>
    </Card>
  );
}
