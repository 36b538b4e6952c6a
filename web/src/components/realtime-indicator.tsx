import { useTranslation } from 'react-i18next';
import { useRealtimeStatus } from '../hooks/use-realtime-status.ts';
import { cn } from '../lib/cn.ts';

const LABEL = { connecting: 'realtime.connecting', connected: 'realtime.connected', reconnecting: 'realtime.reconnecting' } as const;

/** Shows whether live updates are flowing. */
export function RealtimeIndicator() {
  const { t } = useTranslation();
  const status = useRealtimeStatus();
  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-muted-foreground" role="status" aria-live="polite" data-status={status}>
      <span
        className={cn(
          'size-2 rounded-full',
          status === 'connected' ? 'bg-emerald-500' : status === 'reconnecting' ? 'animate-pulse bg-amber-500' : 'bg-muted-foreground/50',
        )}
        aria-hidden
      />
      <span className="hidden sm:inline">{t(LABEL[status])}</span>
    </span>
  );
}
