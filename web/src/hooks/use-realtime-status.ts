import { useEffect, useState } from 'react';
import { pb } from '../lib/pb.ts';

export type RealtimeStatus = 'connecting' | 'connected' | 'reconnecting';

/** The SDK's realtime connection as a status: PB_CONNECT means connected, a drop means reconnecting. */
export function useRealtimeStatus(): RealtimeStatus {
  const [status, setStatus] = useState<RealtimeStatus>(pb.realtime.isConnected ? 'connected' : 'connecting');
  useEffect(() => {
    let active = true;
    const previous = pb.realtime.onDisconnect;
    pb.realtime.onDisconnect = (subs) => {
      previous?.(subs);
      if (active && subs.length) setStatus('reconnecting');
    };
    let unsubscribe: (() => Promise<void>) | undefined;
    void pb.realtime
      .subscribe('PB_CONNECT', () => {
        if (active) setStatus('connected');
      })
      .then((u) => {
        unsubscribe = u;
      })
      .catch(() => setStatus('reconnecting'));
    return () => {
      active = false;
      pb.realtime.onDisconnect = previous;
      void unsubscribe?.();
    };
  }, []);
  return status;
}
