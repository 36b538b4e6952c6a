import { useEffect, useState } from 'react';
import { pb } from '../lib/pb.ts';
import { afterPaint } from './use-after-paint.ts';

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
    // The connection opens once the page is on screen: its request and handshake do not compete
    // with the first paint (a status of "connecting" meanwhile is the truth).
    const cancel = afterPaint(() => {
      void pb.realtime
        .subscribe('PB_CONNECT', () => {
          if (active) setStatus('connected');
        })
        .then((u) => {
          if (active) unsubscribe = u;
          else void u();
        })
        .catch(() => {
          if (active) setStatus('reconnecting');
        });
    });
    return () => {
      cancel();
      active = false;
      pb.realtime.onDisconnect = previous;
      void unsubscribe?.();
    };
  }, []);
  return status;
}
