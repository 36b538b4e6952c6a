import { forwardRef, useId, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertCircle, Check, Loader2 } from 'lucide-react';
import { Badge } from '../../components/ui/badge.tsx';
import { Input, Textarea } from '../../components/ui/input.tsx';
import { cn } from '../../lib/cn.ts';
import type { TranslationRow } from './translation-rows.ts';
import type { SaveStatus } from './use-translation-saves.ts';

/**
 * One text of the translation view: the original with its language, and the translation input.
 * Enter saves and moves on (Shift+Enter is a new line in descriptions); the badges say why a
 * text needs a look, and the status says whether it is saved.
 */
export const TranslationField = forwardRef<
  HTMLInputElement & HTMLTextAreaElement,
  {
    row: TranslationRow;
    /** The record the text belongs to (for screen readers: many fields are called "Name"). */
    context: string;
    label: string;
    sourceLang: string;
    targetLang: string;
    value: string;
    status: SaveStatus | undefined;
    onChange: (text: string) => void;
    onEnter: () => void;
    onBlur: () => void;
    onFocus: () => void;
  }
>(function TranslationField({ row, context, label, sourceLang, targetLang, value, status, onChange, onEnter, onBlur, onFocus }, ref) {
  const { t } = useTranslation('menus');
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const badge = row.state === 'outdated' ? 'outdated' : row.state === 'machine' ? 'machine' : null;
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    if (e.shiftKey && row.multiline) return; // a new line
    e.preventDefault();
    onEnter();
  };
  const common = {
    id,
    value,
    lang: targetLang,
    autoComplete: 'off',
    'aria-describedby': [badge ? hintId : '', status?.state === 'error' ? errorId : ''].filter(Boolean).join(' ') || undefined,
    'aria-invalid': status?.state === 'error' ? true : undefined,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
    onKeyDown,
    onBlur,
    onFocus,
    'data-field': row.id,
  };
  return (
    <div
      className={cn('grid gap-2 border-t py-3 first:border-t-0 lg:grid-cols-2 lg:gap-4', status?.state === 'error' && 'bg-destructive/5')}
      data-testid="translation-row"
      data-state={row.state}
    >
      <div className="grid content-start gap-1">
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <span className="font-medium text-foreground">{label}</span>
          <span>{t('field.source', { language: sourceLang })}</span>
        </div>
        <p lang={sourceLang} className="whitespace-pre-line break-words rounded-md bg-muted/50 px-3 py-2 text-sm">
          {row.source}
        </p>
      </div>
      <div className="grid content-start gap-1">
        <div className="flex min-h-5 flex-wrap items-center gap-2 text-xs">
          <label htmlFor={id} className="font-medium">
            <span className="sr-only">{context}: </span>
            {label} ({targetLang})
          </label>
          {badge === 'machine' ? <Badge variant="info">{t('field.machine')}</Badge> : null}
          {badge === 'outdated' ? <Badge variant="warning">{t('field.outdated')}</Badge> : null}
          <span className="ml-auto" aria-live="polite">
            {status?.state === 'saving' ? (
              <span className="inline-flex items-center gap-1 text-muted-foreground">
                <Loader2 className="size-3 animate-spin" aria-hidden /> {t('field.saving')}
              </span>
            ) : status?.state === 'saved' ? (
              <span className="inline-flex items-center gap-1 text-emerald-700 dark:text-emerald-400">
                <Check className="size-3" aria-hidden /> {t('field.saved')}
              </span>
            ) : null}
          </span>
        </div>
        {row.multiline ? <Textarea ref={ref} rows={2} {...common} /> : <Input ref={ref} {...common} />}
        {badge ? (
          <p id={hintId} className="text-xs text-muted-foreground">
            {badge === 'machine' ? t('field.machineHint') : t('field.outdatedHint')}
          </p>
        ) : null}
        {status?.state === 'error' ? (
          <p id={errorId} role="alert" className="flex items-start gap-1 text-sm font-medium text-destructive">
            <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
            {t('field.failed', { message: status.message })}
          </p>
        ) : null}
      </div>
    </div>
  );
});
