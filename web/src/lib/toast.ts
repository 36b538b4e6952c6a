import type { ExternalToast, toast as sonnerToast } from 'sonner';

type Sonner = typeof sonnerToast;
type Kind = 'success' | 'error' | 'info' | 'warning';
type Message = Parameters<Sonner['success']>[0];
/** What shows the toasts: sonner in the React app, lib/plain-toaster.ts in service mode (no React). */
export type ToastSink = Pick<Sonner, Kind>;

/**
 * `toast.success/error/info/warning` with the same arguments as sonner's, but sonner (and its
 * Toaster) only load with the first toast: most page loads never show one, and the login page's
 * first load stays small. Calls made before the Toaster is mounted are replayed once it is.
 */
let sonner: ToastSink | null = null;
const pending: Array<(t: ToastSink) => void> = [];
const hostListeners = new Set<() => void>();
let hostWanted = false;

function call(kind: Kind, message: Message, options?: ExternalToast): void {
  if (sonner) {
    sonner[kind](message, options);
    return;
  }
  pending.push((t) => t[kind](message, options));
  if (!hostWanted) {
    hostWanted = true;
    for (const listener of hostListeners) listener();
  }
}

export const toast = {
  success: (message: Message, options?: ExternalToast) => call('success', message, options),
  error: (message: Message, options?: ExternalToast) => call('error', message, options),
  info: (message: Message, options?: ExternalToast) => call('info', message, options),
  warning: (message: Message, options?: ExternalToast) => call('warning', message, options),
};

/** For the toaster host: whether a toast has been asked for yet, and changes to that. */
export const toasterHost = {
  wanted: () => hostWanted,
  subscribe(listener: () => void): () => void {
    hostListeners.add(listener);
    return () => hostListeners.delete(listener);
  },
  /** Called by the mounted Toaster: from now on toasts go straight to sonner. */
  ready(loaded: ToastSink): void {
    sonner = loaded;
    for (const replay of pending.splice(0)) replay(loaded);
  },
};
