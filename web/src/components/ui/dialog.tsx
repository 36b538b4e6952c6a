import { lazy, Suspense, useState, type ReactNode } from 'react';

/**
 * Dialogs and sheets load their code (Radix Dialog with its focus trap and scroll lock, about 13 KB
 * gzipped) when first opened, not with the page: service mode and the signed-in layout show none
 * at first (issue 23 item 6, a phone's first load). The first user interaction anywhere fetches it
 * ahead, so a dialog opens without a visible wait. Once opened, a dialog stays mounted (Radix
 * closes it), so it animates out and returns focus as before.
 */
const load = () => import('./dialog-impl.tsx');
const DialogImpl = lazy(() => load().then((m) => ({ default: m.DialogImpl })));
const SheetImpl = lazy(() => load().then((m) => ({ default: m.SheetImpl })));

let prefetched = false;
/** Fetch the dialog code ahead of need (on the first pointer or key press of the page). */
export function prefetchDialogs(): void {
  if (prefetched) return;
  prefetched = true;
  load().catch(() => {
    prefetched = false;
  });
}
if (typeof document !== 'undefined') {
  for (const type of ['pointerdown', 'keydown'] as const) document.addEventListener(type, prefetchDialogs, { once: true, passive: true });
}

/** Whether `open` has ever been true: until then nothing (and no code) is needed. */
function useOpened(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
};

/** Accessible modal dialog (focus trap, Escape, aria) on Radix, loaded when first opened. */
export function Dialog(props: DialogProps) {
  if (!useOpened(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <DialogImpl {...props} />
    </Suspense>
  );
}

type SheetProps = { open: boolean; onOpenChange: (open: boolean) => void; title: string; children: ReactNode };

/** A sheet sliding in from the left (the phone navigation), loaded when first opened. */
export function Sheet(props: SheetProps) {
  if (!useOpened(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <SheetImpl {...props} />
    </Suspense>
  );
}
