import { useTranslation } from 'react-i18next';
import { Eye } from 'lucide-react';
import { consoleReturn, returnToConsole } from '../../lib/console-return.ts';
import { Button } from '../../components/ui/button.tsx';

/** Shown over the staff app while a superuser views it as an owner ("open as owner" in the console). */
export default function ImpersonationBar() {
  const { t } = useTranslation('console');
  const saved = consoleReturn();
  if (!saved) return null;
  return (
    <div
      role="status"
      data-testid="viewing-as"
      className="sticky top-0 z-50 flex flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-amber-400 px-4 py-2 text-sm font-medium text-amber-950"
    >
      <span className="flex min-w-0 items-center gap-2">
        <Eye className="size-4 shrink-0" aria-hidden />
        <span className="truncate">{t('viewing.as', { name: saved.viewing })}</span>
      </span>
      <Button
        size="sm"
        variant="outline"
        className="h-7 border-amber-950/40 bg-transparent text-amber-950 hover:bg-amber-300"
        onClick={() => {
          // A full load: the staff app's caches (swr, realtime) belong to the viewed account.
          window.location.assign(returnToConsole());
        }}
      >
        {t('viewing.back')}
      </Button>
    </div>
  );
}
