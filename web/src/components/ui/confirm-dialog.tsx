import { Trans, useTranslation } from 'react-i18next';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Dialog } from './dialog.tsx';
import { Button } from './button.tsx';
import { Input, Label } from './input.tsx';

/**
 * Asks before an irreversible action. With `confirmText` the user must type that word (e.g.
 * DELETE) before the confirm button enables. `onConfirm` may be async: the button shows progress
 * and the dialog closes when it resolves (it stays open when it throws, so errors can be shown).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  destructive,
  confirmText,
  onConfirm,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
  confirmText?: string;
  onConfirm: () => unknown;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [pending, setPending] = useState(false);
  const id = useId();
  useEffect(() => {
    if (!open) setTyped('');
  }, [open]);
  const ready = !confirmText || typed.trim() === confirmText;
  const confirm = async () => {
    if (!ready || pending) return;
    setPending(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch {
      // The caller reported the error; keep the dialog open.
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next);
      }}
      title={title}
      description={description}
    >
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          // React sends a portal's submit event up the component tree: a confirm opened from inside
          // another form (the item editor) must not submit that form too.
          e.stopPropagation();
          void confirm();
        }}
      >
        {children}
        {confirmText ? (
          <div className="grid gap-2">
            <Label htmlFor={id}>
              <Trans
                t={t}
                i18nKey="ui.typeToConfirm"
                values={{ word: confirmText }}
                components={{ w: <span className="font-mono font-semibold" /> }}
              />
            </Label>
            <Input
              id={id}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
            />
          </div>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            {cancelLabel ?? t('ui.cancel')}
          </Button>
          <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={!ready} loading={pending}>
            {confirmLabel ?? t('ui.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
