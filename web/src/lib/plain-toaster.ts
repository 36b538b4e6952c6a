import { h } from './dom.ts';
import { toasterHost, type ToastSink } from './toast.ts';

/**
 * Toasts for the page without React (service mode): lib/toast.ts's calls land here instead of in
 * sonner. A polite live region at the foot of the screen; a toast with the same `id` replaces the
 * earlier one (a row saved twice shows one message); each leaves after a few seconds, errors later.
 */
const SHOWN_MS = 4000;
const ERROR_SHOWN_MS = 8000;

type Kind = keyof ToastSink;

const TONE: Record<Kind, string> = {
  success: 'border-emerald-600/40',
  info: 'border-border',
  warning: 'border-amber-500/60',
  error: 'border-red-600/60',
};

export function mountPlainToaster(label: string): void {
  const region = h('section', {
    'aria-label': label,
    'aria-live': 'polite',
    class: 'pointer-events-none fixed inset-x-0 bottom-0 z-50 mx-auto grid w-full max-w-md gap-2 p-4',
  });
  document.body.append(region);
  const byId = new Map<string, HTMLElement>();
  const show = (kind: Kind) => (message: unknown, options?: { id?: string | number }) => {
    const id = options?.id === undefined ? undefined : String(options.id);
    const el = h(
      'div',
      {
        'data-toast': kind,
        role: kind === 'error' ? 'alert' : 'status',
        class: `pointer-events-auto rounded-lg border-2 bg-card p-4 text-sm font-medium text-card-foreground shadow-lg ${TONE[kind]}`,
      },
      String(message),
    );
    const earlier = id ? byId.get(id) : undefined;
    if (earlier) earlier.replaceWith(el);
    else region.append(el);
    if (id) byId.set(id, el);
    setTimeout(
      () => {
        el.remove();
        if (id && byId.get(id) === el) byId.delete(id);
      },
      kind === 'error' ? ERROR_SHOWN_MS : SHOWN_MS,
    );
    return id ?? '';
  };
  const sink = { success: show('success'), error: show('error'), info: show('info'), warning: show('warning') };
  toasterHost.ready(sink as unknown as ToastSink);
}
