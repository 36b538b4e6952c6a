import { useRef, useState } from 'react';
import useSWR from 'swr';
import { Download, Plus, RotateCcw, Trash2, Upload } from 'lucide-react';
import { pb } from '../../lib/pb.ts';
import { toast } from '../../lib/toast.ts';
import { errorMessage } from '../../lib/api-errors.ts';
import { formatDate } from '../../lib/format.ts';
import { useTitle } from '../../hooks/use-title.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { DataState } from './console-ui.tsx';

type BackupFileInfo = Awaited<ReturnType<typeof pb.backups.getFullList>>[number];

const size = (bytes: number) => (bytes >= 1048576 ? `${(bytes / 1048576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** Backups: create, download (a short-lived file token), upload, restore (with what it replaces), delete. */
export default function BackupsPage() {
  useTitle('Backups · Console');
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
      toast.success('Backup created.');
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
      toast.success(`${file.name} uploaded.`);
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
        title="Backups"
        description="Zip archives of the database and uploaded files, kept on this server. Download them to keep a copy elsewhere."
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
              <Upload aria-hidden /> Upload
            </Button>
            <Button loading={creating} onClick={() => void create()}>
              <Plus aria-hidden /> Create backup
            </Button>
          </>
        }
      />
      <DataState loading={isLoading} error={error} empty={sorted.length === 0} emptyText="No backup yet." onRetry={() => void mutate()}>
        <ul className="divide-y rounded-lg border bg-card" aria-label="Backups">
          {sorted.map((b) => (
            <li key={b.key} className="flex flex-wrap items-center gap-3 p-4">
              <div className="grid min-w-0 flex-1 gap-0.5">
                <span className="truncate font-mono text-sm">{b.key}</span>
                <span className="text-xs text-muted-foreground">
                  {size(b.size)} · {formatDate(b.modified, { dateStyle: 'medium', timeStyle: 'short' })}
                </span>
              </div>
              <div className="flex gap-1">
                <Button variant="ghost" size="icon" aria-label={`Download ${b.key}`} onClick={() => void download(b.key)}>
                  <Download />
                </Button>
                <Button variant="ghost" size="icon" aria-label={`Restore ${b.key}`} onClick={() => setRestoring(b)}>
                  <RotateCcw />
                </Button>
                <Button variant="ghost" size="icon" aria-label={`Delete ${b.key}`} onClick={() => setRemoving(b)}>
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
        title={`Restore ${restoring?.key ?? ''}?`}
        description={`Everything stored now (all organizations, users, menus, uploaded files, settings and superusers) is replaced by the contents of ${restoring?.key ?? ''} from ${formatDate(restoring?.modified, { dateStyle: 'medium', timeStyle: 'short' })}. The server restarts; anything changed since that backup is lost.`}
        destructive
        confirmText="RESTORE"
        confirmLabel="Restore and restart"
        onConfirm={act(() => pb.backups.restore(restoring?.key ?? ''), 'Restoring: the server restarts. Sign in again if asked.')}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => (o ? undefined : setRemoving(null))}
        title={`Delete ${removing?.key ?? ''}?`}
        description="The archive is removed from this server."
        destructive
        confirmLabel="Delete"
        onConfirm={act(() => pb.backups.delete(removing?.key ?? ''), 'Backup deleted.')}
      />
    </>
  );
}
