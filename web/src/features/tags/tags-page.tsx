import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordModel } from 'pocketbase';
import { Pencil, Plus, RefreshCw, Search, Tag, Trash2 } from 'lucide-react';
import { toast } from '../../lib/toast.ts';
import { useTitle } from '../../hooks/use-title.ts';
import { useAuth } from '../../hooks/use-auth.ts';
import { pb } from '../../lib/pb.ts';
import { errorMessage } from '../../lib/api-errors.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, Skeleton } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { TagChip } from './tag-chip.tsx';
import { TagDialog } from './tag-dialog.tsx';
import { useTags } from './use-tags.ts';

export default function TagsPage() {
  const { t } = useTranslation('tags');
  useTitle(t('title'));
  const { organization } = useAuth();
  const { data, error, mutate } = useTags(organization?.id);
  const [editing, setEditing] = useState<RecordModel | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<RecordModel | null>(null);
  const [search, setSearch] = useState('');

  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return q ? (data ?? []).filter((t) => String(t.name).toLowerCase().includes(q)) : (data ?? []);
  }, [data, search]);

  const saved = (tag: RecordModel) => {
    void mutate(
      (list = []) => {
        const next = list.some((t) => t.id === tag.id) ? list.map((t) => (t.id === tag.id ? tag : t)) : [...list, tag];
        return next.sort((a, b) => String(a.name).localeCompare(String(b.name)));
      },
      { revalidate: true },
    );
  };
  const remove = async () => {
    if (!deleting) return;
    const tag = deleting;
    try {
      await mutate(
        async (list = []) => {
          await pb.collection('tags').delete(tag.id);
          return list.filter((t) => t.id !== tag.id);
        },
        { optimisticData: (list = []) => list.filter((t) => t.id !== tag.id), rollbackOnError: true, revalidate: false },
      );
      toast.success(t('deleted', { name: String(tag.name) }));
    } catch (err) {
      toast.error(t('deleteFailed', { error: errorMessage(err) }));
      throw err;
    }
  };

  const newButton = (
    <Button onClick={() => setEditing(null)}>
      <Plus aria-hidden /> {t('new')}
    </Button>
  );

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} actions={data && data.length > 0 ? newButton : undefined} />

      {error && !data ? (
        <Card role="alert" className="flex flex-col items-start gap-3 p-6 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="font-medium">{t('loadFailed')}</p>
            <p className="text-sm text-muted-foreground">{errorMessage(error)}</p>
          </div>
          <Button variant="outline" onClick={() => void mutate()}>
            <RefreshCw aria-hidden /> {t('common:ui.retry')}
          </Button>
        </Card>
      ) : !data ? (
        <Card className="divide-y" aria-busy="true" aria-label={t('loading')}>
          {Array.from({ length: 5 }, (_, i) => (
            <div key={i} className="flex items-center gap-4 p-4">
              <Skeleton className="h-6 w-24 rounded-full" />
              <Skeleton className="h-4 w-16" />
              <Skeleton className="ml-auto h-8 w-20" />
            </div>
          ))}
        </Card>
      ) : data.length === 0 ? (
        <Card className="flex flex-col items-center gap-4 px-6 py-14 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Tag className="size-7" aria-hidden />
          </span>
          <div className="grid max-w-sm gap-1">
            <h2 className="text-lg font-semibold">{t('empty.title')}</h2>
            <p className="text-sm text-muted-foreground">{t('empty.text')}</p>
          </div>
          <Button onClick={() => setEditing(null)}>
            <Plus aria-hidden /> {t('empty.action')}
          </Button>
        </Card>
      ) : (
        <>
          <div className="relative mb-4 w-full sm:max-w-xs">
            <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={t('filterPlaceholder')}
              aria-label={t('filter')}
              className="pl-9"
            />
          </div>
          {shown.length === 0 ? (
            <Card className="px-6 py-10 text-center text-sm text-muted-foreground">{t('noMatch', { query: search.trim() })}</Card>
          ) : (
            <Card>
              <ul className="divide-y" aria-label={t('title')}>
                {shown.map((tag) => (
                  <li key={tag.id} className="flex items-center gap-3 px-4 py-3">
                    <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1">
                      <TagChip name={String(tag.name)} color={String(tag.color)} className="text-sm" />
                      <span className="font-mono text-xs uppercase text-muted-foreground">{String(tag.color)}</span>
                    </div>
                    <Button variant="ghost" size="icon" aria-label={t('edit', { name: String(tag.name) })} onClick={() => setEditing(tag)}>
                      <Pencil aria-hidden />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="text-muted-foreground hover:text-destructive"
                      aria-label={t('delete', { name: String(tag.name) })}
                      onClick={() => setDeleting(tag)}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  </li>
                ))}
              </ul>
            </Card>
          )}
          <p className="mt-3 text-xs text-muted-foreground">{t('count', { count: data.length })}</p>
        </>
      )}

      {organization ? (
        <TagDialog
          open={editing !== undefined}
          onOpenChange={(open) => {
            if (!open) setEditing(undefined);
          }}
          organizationId={organization.id}
          tag={editing}
          onSaved={saved}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('confirmDelete.title')}
        description={deleting ? t('confirmDelete.description', { name: String(deleting.name) }) : undefined}
        confirmLabel={t('confirmDelete.action')}
        destructive
        onConfirm={remove}
      />
    </>
  );
}
