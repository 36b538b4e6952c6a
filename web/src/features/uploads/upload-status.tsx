import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge.tsx';
import { cn } from '../../lib/cn.ts';
import { progressText, type Upload, type UploadStatus } from './types.ts';

/** The badge of each status; its text is `uploads:status.<status>`. */
const VARIANTS: Record<UploadStatus, 'secondary' | 'info' | 'success' | 'destructive' | 'outline'> = {
  uploaded: 'secondary',
  processing: 'info',
  ready: 'success',
  failed: 'destructive',
  imported: 'outline',
};

export function UploadStatusBadge({ status, className }: { status: UploadStatus; className?: string }) {
  const { t } = useTranslation('uploads');
  const variant = VARIANTS[status];
  return (
    <Badge variant={variant} className={className} data-testid="upload-status">
      {status === 'processing' || status === 'uploaded' ? <span className="size-1.5 animate-pulse rounded-full bg-current" aria-hidden /> : null}
      {t(`status.${status}`)}
    </Badge>
  );
}

/** A determinate progress bar (0–100) with an accessible name. */
export function ProgressBar({ value, label, className }: { value: number | null; label: string; className?: string }) {
  const v = value === null ? null : Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={v ?? undefined}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-muted', className)}
    >
      <div className={cn('h-full rounded-full bg-primary transition-[width] duration-300', v === null && 'w-1/3 animate-pulse')} style={v === null ? undefined : { width: `${v}%` }} />
    </div>
  );
}

/** "Reading page 2 of 5" and a bar, while the extraction runs. */
export function ExtractionProgress({ upload, className }: { upload: Pick<Upload, 'status' | 'pages' | 'progress' | 'name'>; className?: string }) {
  const { t } = useTranslation('uploads');
  const text = progressText(upload);
  return (
    <div className={cn('grid gap-1.5', className)}>
      <p className="text-sm text-muted-foreground" aria-live="polite">{text ? t(text.key, text.values) : ''}</p>
      <ProgressBar
        value={upload.status === 'uploaded' ? 0 : upload.progress}
        label={upload.name ? t('progress.label', { name: upload.name }) : t('progress.labelUnnamed')}
      />
    </div>
  );
}
