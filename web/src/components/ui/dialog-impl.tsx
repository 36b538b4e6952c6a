import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import * as D from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

/**
 * Radix focuses the first tabbable element on open. When that is a frame (a guest-page preview),
 * keys typed then go to the framed document, so Escape would no longer close the dialog: the
 * close button takes the focus instead.
 */
function keepFocusOutOfFrames(event: Event): void {
  const content = event.currentTarget as HTMLElement;
  const first = content.querySelector('button, [href], input, select, textarea, iframe, [tabindex]:not([tabindex="-1"])');
  if (!(first instanceof HTMLIFrameElement)) return;
  event.preventDefault();
  content.querySelector<HTMLElement>('[data-dialog-close]')?.focus();
}

/** Accessible modal dialog (focus trap, Escape, aria) on Radix; loaded by `Dialog` (dialog.tsx) when first opened. */
export function DialogImpl({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-40 bg-black/50 backdrop-blur-sm" />
        <D.Content
          onOpenAutoFocus={keepFocusOutOfFrames}
          className={cn(
            'fixed left-1/2 top-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border bg-background p-6 shadow-lg',
            className,
          )}
        >
          <div className="flex flex-col gap-1.5 pr-6">
            <D.Title className="text-lg font-semibold">{title}</D.Title>
            {description ? (
              <D.Description className="text-sm text-muted-foreground">{description}</D.Description>
            ) : (
              <D.Description className="sr-only">{title}</D.Description>
            )}
          </div>
          {children}
          <D.Close
            data-dialog-close=""
            className="absolute right-4 top-4 rounded-sm opacity-70 hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring"
            aria-label={t('ui.close')}
          >
            <X className="size-4" />
          </D.Close>
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}

/** A sheet sliding in from the left (the phone navigation); loaded by `Sheet` (dialog.tsx) when first opened. */
export function SheetImpl({
  open,
  onOpenChange,
  title,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <D.Content className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-4 overflow-y-auto border-r bg-background p-4 shadow-lg">
          <D.Title className="sr-only">{title}</D.Title>
          <D.Description className="sr-only">{title}</D.Description>
          {children}
          <D.Close className="absolute right-3 top-3 rounded-sm p-1 opacity-70 hover:opacity-100" aria-label={t('shell.closeNavigation')}>
            <X className="size-4" />
          </D.Close>
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
