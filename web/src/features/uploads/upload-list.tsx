import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { FileText, Inbox, MoreHorizontal, RefreshCw, ScanSearch, Trash2, UtensilsCrossed } from 'lucide-react';
import { toast } from '../../lib/toast.ts';
import { paths } from '../../app/paths.ts';
import { pb } from '../../lib/pb.ts';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Card, CardDescription, CardHeader, CardTitle, Skeleton } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '../../components/ui/dropdown-menu.tsx';
import { formatDate, formatRelative } from '../../lib/format.ts';
import { reportError } from '../../lib/action-errors.ts';
import { retryUpload } from './upload-data.ts';
import { ExtractionProgress, UploadStatusBadge } from './upload-status.tsx';
import type { Upload } from './types.ts';
import { uploadMessage } from './upload-messages.ts';
import { isPhotoUpload } from './photo-viewer.tsx';

function Row({ upload, menuName, onRetry, onDelete, retrying }: {
  upload: Upload;
  menuName: string | undefined;
  onRetry: () => void;
  onDelete: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation('uploads');
  const [, navigate] = useLocation();
  const running = upload.status === 'uploaded' || upload.status === 'processing';
  const created = upload.created.replace(' ', 'T');
  return (
    <li className="grid gap-2 px-4 py-3" data-testid="upload-row" data-status={upload.status}>
      <div className="flex items-start gap-3">
        <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground"><FileText className="size-4" aria-hidden /></span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <Link href={paths.menuUploadReview(upload.id)} className="min-w-0 truncate font-medium hover:underline" title={upload.name || undefined}>{upload.name || t('list.untitled')}</Link>
            <UploadStatusBadge status={upload.status} />
          </div>
          <p className="text-xs text-muted-foreground">
            <time dateTime={created} title={formatDate(upload.created, { dateStyle: 'medium', timeStyle: 'short' })}>{t('list.uploaded', { when: formatRelative(upload.created) })}</time>
            {upload.pages ? ` · ${t('list.pages', { count: upload.pages })}` : ''}
          </p>
          {upload.status === 'failed' && upload.error ? <p className="mt-1 text-sm text-destructive [overflow-wrap:anywhere]" data-testid="upload-error">{uploadMessage(upload.error, { photos: isPhotoUpload(upload) })}</p> : null}
          {upload.status === 'imported' && upload.menu ? (
            <p className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground">
              <UtensilsCrossed className="size-3.5" aria-hidden />{' '}
              <span>
                <Trans t={t} i18nKey={menuName ? 'list.importedInto' : 'list.importedIntoUnnamed'} values={{ name: menuName }}
                  components={{ menu: <Link href={paths.menu(upload.menu)} className="font-medium text-foreground underline-offset-4 hover:underline" /> }} />
              </span>
            </p>
          ) : null}
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {upload.status === 'ready' ? (
            <Link href={paths.menuUploadReview(upload.id)} className={buttonVariants({ size: 'sm' })}><ScanSearch aria-hidden /> {t('list.review')}</Link>
          ) : upload.status === 'failed' ? (
            <Button size="sm" variant="outline" onClick={onRetry} loading={retrying}>{retrying ? null : <RefreshCw aria-hidden />} {t('list.retry')}</Button>
          ) : null}
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon" className="size-8" aria-label={upload.name ? t('list.actions', { name: upload.name }) : t('list.actionsUnnamed')}><MoreHorizontal aria-hidden /></Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent>
              <DropdownMenuItem onSelect={() => navigate(paths.menuUploadReview(upload.id))}><ScanSearch /> {t('list.open')}</DropdownMenuItem>
              <DropdownMenuSeparator />
              <DropdownMenuItem destructive onSelect={onDelete}><Trash2 /> {t('common:ui.delete')}</DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </div>
      {running ? <ExtractionProgress upload={upload} className="pl-12" /> : null}
    </li>
  );
}

/**
 * The organization's earlier uploads with their live status (the page keeps the list fresh
 * through realtime): review when ready, retry when failed, the menu once imported, delete.
 */
export function UploadList({ uploads, error, menuNames, onChanged }: {
  uploads: Upload[] | undefined;
  error: unknown;
  menuNames: Map<string, string>;
  onChanged: () => Promise<unknown>;
}) {
  const { t } = useTranslation('uploads');
  const [, navigate] = useLocation();
  const [deleting, setDeleting] = useState<Upload | null>(null);
  const [retrying, setRetrying] = useState<string | null>(null);

  const retry = async (upload: Upload) => {
    setRetrying(upload.id);
    try {
      await retryUpload(upload.id);
      await onChanged();
      toast.success(t('list.retried', { name: upload.name }));
    } catch (err) {
      reportError(err, navigate, t('list.retryFailed'));
    } finally {
      setRetrying(null);
    }
  };
  const remove = async (upload: Upload) => {
    try {
      await pb.collection('menu_uploads').delete(upload.id);
    } catch (err) {
      reportError(err, navigate, t('list.deleteFailed'));
      throw err;
    }
    toast.success(t('list.deleted', { name: upload.name }));
    void onChanged();
  };

  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle>{t('list.title')}</CardTitle>
        <CardDescription>{t('list.description')}</CardDescription>
      </CardHeader>
      {error && !uploads ? (
        <div className="flex flex-col items-center gap-3 p-8 text-center text-sm">
          <p className="text-destructive">{t('list.error')}</p>
          <Button variant="outline" size="sm" onClick={() => void onChanged()}>{t('common:ui.retry')}</Button>
        </div>
      ) : !uploads ? (
        <ul aria-busy="true" aria-label={t('list.loading')} className="divide-y border-t">
          {[0, 1, 2].map((i) => <li key={i} className="flex items-center gap-3 px-4 py-4"><Skeleton className="size-9" /><Skeleton className="h-4 w-1/3" /><Skeleton className="ml-auto h-5 w-16 rounded-full" /></li>)}
        </ul>
      ) : uploads.length === 0 ? (
        <div className="mx-6 mb-6 flex flex-col items-center gap-2 rounded-md border border-dashed p-8 text-center text-sm text-muted-foreground">
          <Inbox className="size-6" aria-hidden />
          <p>{t('list.empty')}</p>
        </div>
      ) : (
        <ul className="divide-y border-t" aria-label={t('list.title')}>
          {uploads.map((u) => (
            <Row key={u.id} upload={u} menuName={menuNames.get(u.menu)} retrying={retrying === u.id} onRetry={() => void retry(u)} onDelete={() => setDeleting(u)} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => { if (!open) setDeleting(null); }}
        title={t('list.deleteTitle', { name: deleting?.name ?? '' })}
        description={t('list.deleteDescription')}
        confirmLabel={t('list.deleteConfirm')}
        destructive
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
      />
    </Card>
  );
}
