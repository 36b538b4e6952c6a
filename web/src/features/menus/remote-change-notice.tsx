import { useTranslation } from 'react-i18next';
import { RefreshCw } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';

/** Shown in an open form when another member saved the same record: nothing is overwritten silently. */
export function RemoteChangeNotice({ what, onReload, onKeep }: { what: string; onReload: () => void; onKeep: () => void }) {
  const { t } = useTranslation('menus');
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-sky-600/30 bg-sky-50 px-3 py-2 text-sm text-sky-900 dark:border-sky-400/30 dark:bg-sky-400/10 dark:text-sky-200"
    >
      <RefreshCw className="size-4 shrink-0" aria-hidden />
      <span className="min-w-0 flex-1">{t('remote.changed', { what })}</span>
      <span className="flex gap-2">
        <Button type="button" size="sm" variant="outline" onClick={onReload}>
          {t('remote.reload')}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onKeep}>
          {t('remote.keep')}
        </Button>
      </span>
    </div>
  );
}
