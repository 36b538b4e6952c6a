import { useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import type { RecordModel, RecordSubscription } from 'pocketbase';
import { pb } from '../lib/pb.ts';
import type { SwrKey } from '../lib/swr-keys.ts';
import { afterPaint } from './use-after-paint.ts';

export type LiveEvent<T extends RecordModel = RecordModel> = RecordSubscription<T>;

/** What an event refreshes: swr keys, or key matchers (see `keysStartingWith`). */
export type LiveTarget = SwrKey | ((key: unknown) => boolean);

/**
 * Calls `onEvent` for every realtime event of `collection` on `topic` ('*' or a record id) while
 * mounted and `enabled`. The handler may change between renders without resubscribing. `fields`
 * trims the records the server sends (e.g. leave out a large JSON field). `onSubscribed` runs once
 * the server holds the subscription: from then on no change goes unannounced.
 */
export function useRecordSubscription<T extends RecordModel = RecordModel>(
  collection: string,
  topic: string | null | undefined,
  onEvent: (event: LiveEvent<T>) => void,
  enabled = true,
  fields?: string,
  onSubscribed?: () => void,
): void {
  const handler = useRef(onEvent);
  const subscribed = useRef(onSubscribed);
  useEffect(() => {
    handler.current = onEvent;
    subscribed.current = onSubscribed;
  });
  useEffect(() => {
    if (!enabled || !topic) return;
    let active = true;
    let unsubscribe: (() => Promise<void>) | undefined;
    // Subscribed once the page is on screen (see useRealtimeStatus): the connection's requests do not
    // compete with the first paint.
    const cancel = afterPaint(() => {
      pb.collection(collection)
        .subscribe<T>(
          topic,
          (event) => {
            if (active) handler.current(event);
          },
          fields ? { fields } : undefined,
        )
        .then((off) => {
          if (!active) return void off().catch(() => undefined);
          unsubscribe = off;
          subscribed.current?.();
        })
        .catch(() => undefined); // the realtime indicator shows connection problems
    });
    return () => {
      cancel();
      active = false;
      void unsubscribe?.().catch(() => undefined);
    };
  }, [collection, topic, enabled, fields]);
}

/** Runs `onReconnect` when the realtime connection comes back after a drop (events may be missed). */
function useReconnect(onReconnect: () => void, enabled: boolean): void {
  const handler = useRef(onReconnect);
  useEffect(() => {
    handler.current = onReconnect;
  });
  useEffect(() => {
    if (!enabled) return;
    let active = true;
    // Connected already: every PB_CONNECT from now on is a reconnect. Otherwise the first one is
    // the initial connection and only later ones follow a drop.
    let initialPending = !pb.realtime.isConnected;
    let unsubscribe: (() => Promise<void>) | undefined;
    const cancel = afterPaint(() => {
      initialPending = !pb.realtime.isConnected;
      void pb.realtime
        .subscribe('PB_CONNECT', () => {
          if (!active) return;
          if (initialPending) {
            initialPending = false;
            return;
          }
          handler.current();
        })
        .then((off) => {
          if (active) unsubscribe = off;
          else void off().catch(() => undefined);
        })
        .catch(() => undefined);
    });
    return () => {
      cancel();
      active = false;
      void unsubscribe?.().catch(() => undefined);
    };
  }, [enabled]);
}

/**
 * Live collaboration for a screen: subscribes to `collection`/`topic` and, for the events that
 * `when` accepts, revalidates the swr data of `targets` (bursts within 120 ms become one refresh).
 * Only cached data is refreshed: open forms keep their input and compare against the new data
 * themselves. `onEvent` also sees the accepted events (e.g. to leave a deleted record's page).
 */
export function useLiveRecords<T extends RecordModel = RecordModel>({
  collection,
  topic,
  targets,
  when,
  onEvent,
  enabled = true,
  fields,
}: {
  collection: string;
  topic: string | null | undefined;
  targets: readonly LiveTarget[];
  when?: (event: LiveEvent<T>) => boolean;
  onEvent?: (event: LiveEvent<T>) => void;
  enabled?: boolean;
  /** Only these fields of each record in the events (see `useRecordSubscription`). */
  fields?: string;
}): void {
  const { mutate } = useSWRConfig();
  const latest = useRef({ targets, when, onEvent });
  useEffect(() => {
    latest.current = { targets, when, onEvent };
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const refresh = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      for (const target of latest.current.targets) void mutate(target as never);
    }, 120);
  };

  useRecordSubscription<T>(
    collection,
    topic,
    (event) => {
      const { when: accept, onEvent: notify } = latest.current;
      if (accept && !accept(event)) return;
      notify?.(event);
      refresh();
    },
    enabled,
    fields,
    // The screen's data was read before the subscription existed (it starts after the first
    // paint): a change in between, such as an upload finishing while its page opens, had no one to
    // tell. One read now catches it up.
    refresh,
  );
  useReconnect(refresh, enabled && Boolean(topic));
}
