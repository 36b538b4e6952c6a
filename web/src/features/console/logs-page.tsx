import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { LogModel } from 'pocketbase';
import { pb } from '../../lib/pb.ts';
import { formatDate } from '../../lib/format.ts';
import { useTitle } from '../../hooks/use-title.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { DataState, Pager } from './console-ui.tsx';
import { LogsChart } from './logs-chart.tsx';

const PRESETS = [
  { label: 'logs.all', filter: '' },
  { label: 'logs.errors', filter: 'level > 0 || data.status >= 400' },
  { label: 'logs.auth', filter: 'data.auth != ""' },
];

const statusVariant = (status: number) => (status >= 500 ? 'destructive' : status >= 400 ? 'warning' : 'success');

function LogDetail({ log, onClose }: { log: LogModel; onClose: () => void }) {
  const { t } = useTranslation('console');
  return (
    <Dialog
      open
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={log.message || t('logs.entry')}
      description={formatDate(log.created, { dateStyle: 'medium', timeStyle: 'medium' })}
      className="max-w-2xl"
    >
      <pre className="max-h-[60vh] overflow-auto whitespace-pre-wrap break-all rounded-md bg-muted p-3 text-xs">
        {JSON.stringify({ id: log.id, level: log.level, ...log.data }, null, 2)}
      </pre>
    </Dialog>
  );
}

/** Request logs: a filter in the logs' filter language, requests per hour, and each entry's detail. */
export default function LogsPage() {
  const { t } = useTranslation('console');
  useTitle(t('titled', { title: t('nav.logs') }));
  const [draft, setDraft] = useState('');
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<LogModel | null>(null);
  const list = useSWR(['console-logs', page, filter], () => pb.logs.getList(page, 30, { filter, sort: '-created' }), {
    keepPreviousData: true,
  });
  const stats = useSWR(['console-log-stats', filter], () => pb.logs.getStats({ filter }));
  const apply = (f: string) => {
    setDraft(f);
    setFilter(f);
    setPage(1);
  };
  return (
    <>
      <PageHeader title={t('nav.logs')} description={t('logs.description')} />
      <form
        className="mb-4 flex flex-col gap-2 sm:flex-row"
        onSubmit={(e) => {
          e.preventDefault();
          apply(draft.trim());
        }}
      >
        <label className="flex-1">
          <span className="sr-only">{t('logs.filter')}</span>
          <Input
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder={t('logs.filterPlaceholder')}
            className="font-mono"
            spellCheck={false}
          />
        </label>
        <Button type="submit">{t('logs.filter')}</Button>
      </form>
      <div className="mb-4 flex flex-wrap gap-2" role="group" aria-label={t('logs.quickFilters')}>
        {PRESETS.map((p) => (
          <Button
            key={p.label}
            size="sm"
            variant={filter === p.filter ? 'secondary' : 'outline'}
            aria-pressed={filter === p.filter}
            onClick={() => apply(p.filter)}
          >
            {t(p.label)}
          </Button>
        ))}
      </div>
      <Card className="mb-4">
        <CardContent className="pt-6">
          <DataState loading={stats.isLoading} error={stats.error} empty={false} emptyText="" onRetry={() => void stats.mutate()}>
            <LogsChart stats={stats.data ?? []} />
          </DataState>
        </CardContent>
      </Card>
      <DataState
        loading={list.isLoading && !list.data}
        error={list.error}
        empty={list.data?.items.length === 0}
        emptyText={filter ? t('logs.noMatch') : t('logs.none')}
        onRetry={() => void list.mutate()}
      >
        <ul className="divide-y rounded-lg border bg-card text-sm" aria-label={t('logs.entries')}>
          {list.data?.items.map((log) => {
            const status = Number(log.data?.status ?? 0);
            return (
              <li key={log.id}>
                <button
                  type="button"
                  onClick={() => setOpen(log)}
                  className="flex w-full items-center gap-3 p-3 text-left hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
                >
                  {status ? <Badge variant={statusVariant(status)}>{status}</Badge> : <Badge variant="secondary">{log.level}</Badge>}
                  <span className="shrink-0 font-mono text-xs">{String(log.data?.method ?? '')}</span>
                  <span className="min-w-0 flex-1 truncate font-mono text-xs">{String(log.data?.url ?? log.message)}</span>
                  <span className="hidden shrink-0 text-xs text-muted-foreground sm:inline">
                    {formatDate(log.created, { timeStyle: 'medium', dateStyle: 'short' })}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
        {list.data ? <Pager page={list.data.page} totalPages={list.data.totalPages} onPage={setPage} /> : null}
      </DataState>
      {open ? <LogDetail log={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
