import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileUp, Loader2 } from 'lucide-react';
import { errorMessage } from '../../lib/api-errors.ts';
import { toast } from '../../lib/toast.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import type { MenuCsvPreview, MenuCsvRowError } from '../../../../shared/menu-csv.ts';
import { importMenuCsv, rowErrorsOf } from './menu-csv-api.ts';

/** Rows listed at most: the counts say the rest (a 5,000-row file must not become 5,000 list items). */
const LIST_MAX = 50;
const FIELDS = [
  'section',
  'name',
  'description',
  'prices',
  'allergens',
  'mayContain',
  'diets',
  'tags',
  'available',
  'priceOnRequest',
  'translations',
];

type State =
  | { phase: 'pick' }
  | { phase: 'checking'; file: File }
  | { phase: 'preview'; file: File; preview: MenuCsvPreview }
  | { phase: 'applying'; file: File; preview: MenuCsvPreview }
  | { phase: 'failed'; file: File; message: string; errors: MenuCsvRowError[] };

function RowErrors({ errors }: { errors: MenuCsvRowError[] }) {
  const { t } = useTranslation('menus');
  if (!errors.length) return null;
  return (
    <ul className="grid max-h-48 gap-1 overflow-y-auto text-sm" data-testid="csv-errors">
      {errors.slice(0, LIST_MAX).map((e, i) => (
        <li key={i} className="break-words">
          <span className="font-medium">
            {e.column ? t('csv.rowColumn', { row: e.row, column: e.column }) : t('csv.row', { row: e.row })}
          </span>{' '}
          {e.message}
        </li>
      ))}
      {errors.length > LIST_MAX ? <li className="text-muted-foreground">{t('csv.more', { count: errors.length - LIST_MAX })}</li> : null}
    </ul>
  );
}

function Summary({ preview }: { preview: MenuCsvPreview }) {
  const { t } = useTranslation('menus');
  const stats = [
    ['create', preview.create],
    ['update', preview.update],
    ['unchanged', preview.unchanged],
    ['sections', preview.sectionsCreated],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="csv-summary">
      {stats.map(([key, value]) => (
        <div key={key} className="rounded-md border p-2">
          <dt className="text-xs text-muted-foreground">{t(`csv.count.${key}`)}</dt>
          <dd className="text-lg font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Changes({ preview }: { preview: MenuCsvPreview }) {
  const { t } = useTranslation('menus');
  const changes = preview.changes.filter((c) => c.action !== 'unchanged');
  if (!changes.length) return null;
  return (
    <div className="grid gap-1">
      <h3 className="text-sm font-medium">{t('csv.changesTitle')}</h3>
      <ul className="grid max-h-56 gap-1 overflow-y-auto text-sm" data-testid="csv-changes">
        {changes.slice(0, LIST_MAX).map((c) => (
          <li key={c.row} className="flex flex-wrap items-center gap-x-2 gap-y-0.5 border-b py-1 last:border-0">
            <Badge variant={c.action === 'create' ? 'success' : 'info'}>{t(`csv.action.${c.action}`)}</Badge>
            <span className="min-w-0 break-words">
              {c.section} › <span className="font-medium">{c.name}</span>
            </span>
            {c.fields.length ? (
              <span className="text-xs text-muted-foreground">
                {c.fields.map((f) => (FIELDS.includes(f) ? t(`csv.field.${f}`) : f)).join(', ')}
              </span>
            ) : null}
          </li>
        ))}
        {changes.length > LIST_MAX ? (
          <li className="text-muted-foreground">{t('csv.more', { count: changes.length - LIST_MAX })}</li>
        ) : null}
      </ul>
    </div>
  );
}

/**
 * "Import CSV": pick a file, see what it would do (counts, the rows it changes, every row problem),
 * then apply it. Nothing is written before "Import"; a file with problems cannot be applied.
 */
export function MenuCsvImportDialog({
  menuId,
  open,
  onOpenChange,
  onImported,
}: {
  menuId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onImported: () => void;
}) {
  const { t } = useTranslation('menus');
  const [state, setState] = useState<State>({ phase: 'pick' });
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();

  const check = async (file: File) => {
    setState({ phase: 'checking', file });
    try {
      setState({ phase: 'preview', file, preview: await importMenuCsv(menuId, file, true) });
    } catch (err) {
      setState({ phase: 'failed', file, message: errorMessage(err), errors: rowErrorsOf(err) });
    }
  };
  const apply = async () => {
    if (state.phase !== 'preview') return;
    setState({ ...state, phase: 'applying' });
    try {
      const result = await importMenuCsv(menuId, state.file, false);
      toast.success(t('csv.imported', { create: result.create, update: result.update }));
      onImported();
      close(false);
    } catch (err) {
      setState({ phase: 'failed', file: state.file, message: errorMessage(err), errors: rowErrorsOf(err) });
    }
  };
  const close = (next: boolean) => {
    if (!next) setState({ phase: 'pick' });
    onOpenChange(next);
  };

  const file = state.phase === 'pick' ? null : state.file;
  const busy = state.phase === 'checking' || state.phase === 'applying';
  const preview = state.phase === 'preview' || state.phase === 'applying' ? state.preview : null;
  const changes = preview ? preview.create + preview.update : 0;

  return (
    <Dialog open={open} onOpenChange={close} title={t('csv.importTitle')} description={t('csv.importDescription')} className="max-w-2xl">
      <div className="grid gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <input
            ref={input}
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            tabIndex={-1}
            aria-describedby={hintId}
            data-testid="csv-file"
            onChange={(e) => {
              const picked = e.target.files?.[0];
              e.target.value = ''; // picking the same file again (after fixing it) still fires change
              if (picked) void check(picked);
            }}
          />
          <Button type="button" variant="outline" onClick={() => input.current?.click()} disabled={busy} aria-describedby={hintId}>
            <FileUp aria-hidden /> {file ? t('csv.pickAnother') : t('csv.pick')}
          </Button>
          {file ? <span className="min-w-0 truncate text-sm font-medium">{file.name}</span> : null}
        </div>
        <p id={hintId} className="text-xs text-muted-foreground">
          {t('csv.hint')}
        </p>

        {state.phase === 'checking' ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden /> {t('csv.checking')}
          </p>
        ) : null}

        {state.phase === 'failed' ? (
          <div role="alert" className="grid gap-2 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-destructive">
            <p className="text-sm font-medium">{state.message}</p>
            {/* Header problems are all in the message already. */}
            <RowErrors errors={state.errors.filter((e) => e.row > 1)} />
          </div>
        ) : null}

        {preview ? (
          <>
            <Summary preview={preview} />
            {preview.errors.length ? (
              <div role="alert" className="grid gap-2 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-destructive">
                <p className="text-sm font-medium">{t('csv.problems', { count: preview.errors.length })}</p>
                <RowErrors errors={preview.errors} />
              </div>
            ) : changes === 0 ? (
              <p className="text-sm text-muted-foreground" role="status">
                {t('csv.nothingToChange')}
              </p>
            ) : null}
            <Changes preview={preview} />
          </>
        ) : null}

        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => close(false)} disabled={state.phase === 'applying'}>
            {t('csv.cancel')}
          </Button>
          <Button
            type="button"
            onClick={() => void apply()}
            loading={state.phase === 'applying'}
            disabled={!preview || preview.errors.length > 0 || changes + preview.sectionsCreated === 0 || busy}
          >
            {t('csv.apply', { count: changes })}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
