import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { Play } from 'lucide-react';
import { pb } from '../../lib/pb.ts';
import { toast } from '../../lib/toast.ts';
import { errorMessage } from '../../lib/api-errors.ts';
import { useTitle } from '../../hooks/use-title.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DataState } from './console-ui.tsx';

/** The scheduled jobs, each with its cron expression, and "run now". */
export default function CronsPage() {
  const { t } = useTranslation('console');
  useTitle(t('titled', { title: t('nav.crons') }));
  const { data, error, isLoading, mutate } = useSWR('console-crons', () => pb.crons.getFullList());
  const [running, setRunning] = useState('');
  const run = async (id: string) => {
    setRunning(id);
    try {
      await pb.crons.run(id);
      toast.success(t('crons.ran', { id }));
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setRunning('');
    }
  };
  return (
    <>
      <PageHeader title={t('nav.crons')} description={t('crons.description')} />
      <DataState loading={isLoading} error={error} empty={data?.length === 0} emptyText={t('crons.none')} onRetry={() => void mutate()}>
        <ul className="divide-y rounded-lg border bg-card" aria-label={t('crons.jobs')}>
          {data?.map((job) => (
            <li key={job.id} className="flex items-center gap-3 p-4">
              <div className="grid min-w-0 flex-1 gap-0.5">
                <span className="truncate font-mono text-sm font-medium">{job.id}</span>
                <code className="text-xs text-muted-foreground">{job.expression}</code>
              </div>
              <Button
                variant="outline"
                size="sm"
                loading={running === job.id}
                disabled={running !== '' && running !== job.id}
                onClick={() => void run(job.id)}
                aria-label={t('crons.runNamed', { id: job.id })}
              >
                <Play aria-hidden /> {t('crons.run')}
              </Button>
            </li>
          ))}
        </ul>
      </DataState>
    </>
  );
}
