import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { Download, Plus, RotateCcw, Trash2, Upload } from 'lucide-react';
import { pb } from '../../lib/pb.ts';
import { toast } from '../../lib/toast.ts';
import { errorMessage } from '../../lib/api-errors.ts';
import { formatDate, formatNumber } from '../../lib/format.ts';
import { useTitle } from '../../hooks/use-title.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { DataState } from './console-ui.tsx';

type BackupFileInfo = Awaited<ReturnType<typeof pb.backups.getFullList>>[number];

/** "1.2 MB", "1,2 MB": the unit and the decimal mark of the console's language. */
const size = (bytes: number) =>
  bytes >= 1048576
    ? formatNumber(bytes / 1048576, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1, minimumFractionDigits: 1 })
    : formatNumber(Math.max(1, Math.round(bytes / 1024)), { style: 'unit', unit: 'kilobyte' });

/** Backups: create, download (a short-lived file token), upload, restore (with what it replaces), delete. */
export default function BackupsPage() {
  const { t } = useTranslation('console');
  useTitle(t('titled', { title: t('nav.backups') }));
  const { data, error, isLoading, mutate } = useSWR('console-backups', () => pb.backups.getFullList());
  const [creating, setCreating] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [restoring, setRestoring] = useState<BackupFileInfo | null>(null);
  const [removing, setRemoving] = useState<BackupFileInfo | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const sorted = [...(data ?? [])].sort((a, b) => b.modified.localeCompare(a.modified));

  const create = async () => {
    setCreating(true);
    try {
      await pb.backups.create('');
      toast.success(t('backups.created'));
      await mutate();
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setCreating(false);
    }
  };
  const download = async (key: string) => {
    try {
      const token = await pb.files.getToken();
      window.location.assign(pb.backups.getDownloadURL(token, key));
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      await pb.backups.upload({ file });
      toast.success(t('backups.uploaded', { name: file.name }));
      await mutate();
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };
  const act = (fn: () => Promise<unknown>, done: string) => async () => {
    try {
      await fn();
    } catch (err) {
      toast.error(errorMessage(err));
      throw err;
    }
    toast.success(done);
    await mutate();
  };

  return (
    <>
      <PageHeader
        title={t('nav.backups')}
        description={t('backups.description')}
        actions={
          <>
            <input
              ref={fileInput}
              type="file"
              accept=".zip,application/zip"
              className="sr-only"
              tabIndex={-1}
              aria-hidden
              onChange={(e) => void upload(e.target.files?.[0])}
            />
            <Button variant="outline" loading={uploading} onClick={() => fileInput.current?.click()}>
              <Upload aria-hidden /> {t('backups.upload')}
            </Button>
            <Button loading={creating} onClick={() => void create()}>
              <Plus aria-hidden /> {t('backups.create')}
            </Button>
          </>
        }
      />
      <DataState loading={isLoading} error={error} empty={sorted.length === 0} emptyText={t('backups.none')} onRetry={() => void mutate()}>
        <ul className="divide-y rounded-lg border bg-card" aria-label={t('nav.backups')}>
          {sorted.map((b) => (
            <li key={b.key} className="flex flex-wrap items-center gap-3 p-4">
              <div className="grid min-w-0 flex-1 gap-0.5">
                <span className="truncate font-mono text-sm">{b.key}</span>
                <span className="text-xs text-muted-foreground">
                  {size(b.size)} · {formatDate(b.modified, { dateStyle: 'medium', timeStyle: 'short' })}
                </span>
              </div>
              <div className="flex gap-1">
                <Button variant="ghost" size="icon" aria-label={t('backups.download', { key: b.key })} onClick={() => void download(b.key)}>
                  <Download />
                </Button>
                <Button variant="ghost" size="icon" aria-label={t('backups.restore', { key: b.key })} onClick={() => setRestoring(b)}>
                  <RotateCcw />
                </Button>
                <Button variant="ghost" size="icon" aria-label={t('backups.delete', { key: b.key })} onClick={() => setRemoving(b)}>
                  <Trash2 />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </DataState>
      <ConfirmDialog
        open={restoring !== null}
        onOpenChange={(o) => (o ? undefined : setRestoring(null))}
        title={t('backups.restoreTitle', { key: restoring?.key ?? '' })}
        description={t('backups.restoreDescription', {
          key: restoring?.key ?? '',
          date: formatDate(restoring?.modified, { dateStyle: 'medium', timeStyle: 'short' }),
        })}
        destructive
        confirmText={t('backups.restoreWord')}
        confirmLabel={t('backups.restoreConfirm')}
        onConfirm={act(() => pb.backups.restore(restoring?.key ?? ''), t('backups.restoring'))}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => (o ? undefined : setRemoving(null))}
        title={t('backups.deleteTitle', { key: removing?.key ?? '' })}
        description={t('backups.deleteDescription')}
        destructive
        confirmLabel={t('common:ui.delete')}
        onConfirm={act(() => pb.backups.delete(removing?.key ?? ''), t('backups.deleted'))}
      />
    </>
  );
}
