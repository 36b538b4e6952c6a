import { useSyncExternalStore } from 'react';

export interface LoadOnceState<T> {
  data?: T;
  error?: unknown;
  isLoading: boolean;
}

/**
 * A value fetched once per page load and shared by every component that reads it (the public
 * config, the auth methods). The sign-in pages use this instead of SWR so their first load does
 * not need the SWR bundle; everything behind sign-in uses SWR.
 */
export function loadOnce<T>(load: () => Promise<T>): { use(): LoadOnceState<T>; get(): Promise<T> } {
  let promise: Promise<T> | null = null;
  let state: LoadOnceState<T> = { isLoading: true };
  const listeners = new Set<() => void>();
  const get = (): Promise<T> => {
    promise ??= load().then(
      (data) => {
        state = { data, isLoading: false };
        listeners.forEach((l) => l());
        return data;
      },
      (error: unknown) => {
        state = { error, isLoading: false };
        listeners.forEach((l) => l());
        throw error;
      },
    );
    return promise;
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    get().catch(() => undefined);
    return () => {
      listeners.delete(listener);
    };
  };
  return { use: () => useSyncExternalStore(subscribe, () => state), get };
}
