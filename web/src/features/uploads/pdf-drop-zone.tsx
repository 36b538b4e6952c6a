import { Trans, useTranslation } from 'react-i18next';
import { forwardRef, useImperativeHandle, useRef, useState, type DragEvent } from 'react';
import { FileImage, FileText, FileUp, X } from 'lucide-react';
import { UPLOAD_IMAGE_TYPES, UPLOAD_MAX_BYTES, UPLOAD_MAX_OCR_PAGES, UPLOAD_MAX_PAGES } from '../../../../shared/constants.ts';
import { cn } from '../../lib/cn.ts';
import { formatNumber } from '../../lib/format.ts';
import { t as translate } from '../../lib/i18n/i18n.ts';
import { Button } from '../../components/ui/button.tsx';

/** What the file chooser offers: a PDF or photos. */
const ACCEPT = ['application/pdf', '.pdf', ...UPLOAD_IMAGE_TYPES, '.jpg', '.jpeg', '.png', '.webp'].join(',');

/** "2.4 MB", "830 KB" ("2,4 MB" in German). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024)
    return translate('uploads:size.mb', { size: formatNumber(bytes / 1024 / 1024, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) });
  return translate('uploads:size.kb', { size: formatNumber(Math.max(1, Math.round(bytes / 1024))) });
}

/**
 * Where the PDF or the photos of a printed menu go: drop files on the zone, or click it / press
 * Enter or Space on it to pick them (a PDF, or several photos: the pages in the order chosen).
 * The (hidden) file input carries the field's id, so the form label and tests reach it;
 * `aria-invalid` and `aria-describedby` from the form field land on the zone too.
 */
export const PdfDropZone = forwardRef<{ focus: () => void }, {
  files: File[];
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}>(function PdfDropZone({ files, onFiles, disabled, id, 'aria-invalid': invalid, 'aria-describedby': describedBy }, ref) {
  const { t } = useTranslation('uploads');
  const input = useRef<HTMLInputElement>(null);
  const control = useRef<HTMLButtonElement>(null);
  // The form focuses the zone (or its Replace button) when the file has an error.
  useImperativeHandle(ref, () => ({ focus: () => control.current?.focus() }), []);
  const [over, setOver] = useState(false);
  const depth = useRef(0);

  const pick = () => { if (!disabled) input.current?.click(); };
  const take = (list: FileList | null | undefined) => {
    const chosen = [...(list ?? [])];
    if (chosen.length) onFiles(chosen);
  };
  const onDragEnter = (e: DragEvent) => {
    if (disabled || !e.dataTransfer.types.includes('Files')) return;
    e.preventDefault();
    depth.current++;
    setOver(true);
  };
  const onDragOver = (e: DragEvent) => {
    if (disabled || !e.dataTransfer.types.includes('Files')) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
  };
  const onDragLeave = () => {
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setOver(false);
  };
  const onDrop = (e: DragEvent) => {
    if (disabled) return;
    e.preventDefault();
    depth.current = 0;
    setOver(false);
    take(e.dataTransfer.files);
  };

  const hint = t('drop.hint', { size: UPLOAD_MAX_BYTES / 1024 / 1024, pages: UPLOAD_MAX_PAGES, photos: UPLOAD_MAX_OCR_PAGES });
  const total = files.reduce((n, f) => n + f.size, 0);

  return (
    <div onDragEnter={onDragEnter} onDragOver={onDragOver} onDragLeave={onDragLeave} onDrop={onDrop} data-testid="pdf-drop-zone" data-dragging={over || undefined}>
      <input
        ref={input}
        id={id}
        type="file"
        accept={ACCEPT}
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-describedby={describedBy}
        aria-invalid={invalid}
        disabled={disabled}
        onChange={(e) => {
          take(e.target.files);
          e.target.value = ''; // choosing the same file again still fires change
        }}
      />
      {files.length ? (
        <div className={cn('flex items-start gap-3 rounded-lg border bg-background p-3 transition-colors', over && 'border-primary bg-primary/5', invalid && 'border-destructive')}>
          <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary">
            {files[0]?.type === 'application/pdf' ? <FileText className="size-5" aria-hidden /> : <FileImage className="size-5" aria-hidden />}
          </span>
          <div className="min-w-0 flex-1">
            <ol className="grid gap-0.5" aria-label={t('drop.chosen')}>
              {files.map((f, i) => (
                <li key={`${i}-${f.name}`} className="truncate text-sm font-medium" data-testid="chosen-file">{f.name}</li>
              ))}
            </ol>
            <p className="text-xs text-muted-foreground">
              {files.length > 1 ? `${t('drop.photos', { count: files.length })} · ` : ''}{formatBytes(total)}{over ? ` · ${t('drop.replaceHint')}` : ''}
            </p>
          </div>
          <Button ref={control} type="button" variant="outline" size="sm" onClick={pick} disabled={disabled} aria-describedby={describedBy}>{t('drop.replace')}</Button>
          <Button type="button" variant="ghost" size="icon" className="size-8 shrink-0" onClick={() => onFiles([])} disabled={disabled} aria-label={t('drop.remove')}><X aria-hidden /></Button>
        </div>
      ) : (
        <button
          ref={control}
          type="button"
          onClick={pick}
          disabled={disabled}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          className={cn(
            'flex w-full flex-col items-center gap-2 rounded-lg border-2 border-dashed border-input bg-background px-4 py-8 text-center transition-colors hover:border-primary/60 hover:bg-accent/40 disabled:cursor-not-allowed disabled:opacity-50',
            over && 'border-primary bg-primary/5',
            invalid && 'border-destructive/70',
          )}
        >
          <span className="flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary"><FileUp className="size-5" aria-hidden /></span>
          <span className="text-sm font-medium">{over ? t('drop.dropToAdd') : <Trans t={t} i18nKey="drop.prompt" components={{ choose: <span className="text-primary underline underline-offset-4" /> }} />}</span>
          <span className="text-xs text-muted-foreground">{hint}</span>
        </button>
      )}
    </div>
  );
});
