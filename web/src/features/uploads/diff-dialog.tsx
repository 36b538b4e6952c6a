import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { ArrowRight, CircleCheck, Loader2, RefreshCw } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Label, Select } from '../../components/ui/input.tsx';
import { reportError } from '../../lib/action-errors.ts';
import { toast } from '../../lib/toast.ts';
import { activeLanguage } from '../../lib/i18n/i18n.ts';
import { formatMoney } from '../../../../shared/money.ts';
import { CHANGE_KINDS, defaultSelection, toggleChange, type MenuChange, type MenuChangeKind, type PriceState } from '../../../../shared/menu-diff.ts';
import type { UploadDiff, UploadDiffResult } from '../../../../shared/api.ts';
import { allergenNames } from '../../../../shared/i18n/allergen-names.ts';
import { ALLERGENS } from '../../../../shared/constants.ts';
import type { Menu } from '../menus/types.ts';
import { applyUploadDiff, fetchUploadDiff } from './upload-data.ts';
import { uploadMessage } from './upload-messages.ts';

/** `item.add` → `itemAdd`: the kinds' message keys. */
const kindKey = (kind: MenuChangeKind) => kind.replace(/\.(\w)/, (_, c: string) => c.toUpperCase());

function OldNew({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation('uploads');
  return (
    <span className="inline-flex min-w-0 flex-wrap items-center gap-x-1.5">
      <del className="break-words text-muted-foreground">{from}</del>
      <ArrowRight className="size-3.5 shrink-0" aria-hidden />
      <span className="sr-only">{t('diff.becomes')}</span>
      <ins className="break-words font-medium no-underline">{to}</ins>
    </span>
  );
}

function ChangeDetail({ change, currency }: { change: MenuChange; currency: string }) {
  // Diet names are the menu editor's (menus namespace, loaded with the dialog).
  const { t, i18n } = useTranslation(['uploads', 'menus']);
  // The regulation's official allergen names in the app's language (English where a version is not checked).
  const names = allergenNames(i18n.language).names as Readonly<Record<string, string>>;
  const price = (p: PriceState) =>
    p.priceOnRequest
      ? t('diff.onRequest')
      : p.prices.length
        ? p.prices.map((v) => `${v.label ? `${v.label} ` : ''}${formatMoney(v.amount, currency, activeLanguage())}`).join(' · ')
        : t('diff.noPrice');
  const text = (s: string) => (s ? `“${s}”` : t('diff.none'));
  const diets = (keys: string[]) => (keys.length ? keys.map((k) => t(`menus:diets.names.${k}`)).join(', ') : t('diff.none'));
  const allergens = (keys: string[]) =>
    keys.length ? ALLERGENS.filter((a) => keys.includes(a.key)).map((a) => names[a.key] ?? a.name).join(', ') : t('diff.none');
  switch (change.kind) {
    case 'item.add':
      return <>{t('diff.inSection', { section: change.section })} · {price(change.to)}</>;
    case 'item.remove':
      return <>{t('diff.inSection', { section: change.section })} · {price(change.from)}</>;
    case 'item.rename':
    case 'section.rename':
      return <OldNew from={change.from} to={change.to} />;
    case 'item.price':
      return <OldNew from={price(change.from)} to={price(change.to)} />;
    case 'item.description':
      return <OldNew from={text(change.from)} to={text(change.to)} />;
    case 'item.allergens':
    case 'item.mayContain':
      return <OldNew from={allergens(change.from)} to={allergens(change.to)} />;
    case 'item.diets':
      return <OldNew from={diets(change.from)} to={diets(change.to)} />;
    case 'item.order':
    case 'section.order':
      return (
        <span className="inline-flex min-w-0 flex-wrap items-center gap-x-1.5">
          {change.kind === 'item.order' ? <span>{t('diff.inSection', { section: change.section })} ·</span> : null}
          <OldNew from={t('diff.place', { place: change.from })} to={t('diff.place', { place: change.to })} />
        </span>
      );
    case 'item.move':
      return <OldNew from={change.from} to={change.to} />;
    case 'section.add':
      return <>{t('counts.items', { count: change.items })}</>;
    case 'section.remove':
      return <>{t('diff.sectionItems', { count: change.items })}</>;
  }
}

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; diff: UploadDiff };

/**
 * Re-import as a diff: the changes the reviewed PDF makes to a menu of the organization, grouped
 * by kind with a checkbox each (all checked but removals, which delete photos and translations with
 * the item), and applying the checked ones.
 */
export function DiffDialog({ open, onOpenChange, uploadId, menus, initialMenuId, currency, onApplied }: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  uploadId: string;
  menus: Menu[];
  initialMenuId: string;
  currency: string;
  onApplied: (result: UploadDiffResult) => void;
}) {
  const { t } = useTranslation(['uploads', 'menus']);
  const [, navigate] = useLocation();
  const [menuId, setMenuId] = useState(initialMenuId);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [pending, setPending] = useState(false);
  const selectId = useId();

  useEffect(() => {
    if (open) setMenuId(initialMenuId);
  }, [open, initialMenuId]);

  const read = useCallback(async (menu: string) => {
    setLoad({ state: 'loading' });
    try {
      const diff = await fetchUploadDiff(uploadId, menu);
      setLoad({ state: 'ready', diff });
      setSelected(defaultSelection(diff.changes));
    } catch (err) {
      setLoad({ state: 'error', message: (err as { message?: string }).message ?? '' });
    }
  }, [uploadId]);

  useEffect(() => {
    if (open && menuId) void read(menuId);
  }, [open, menuId, read]);

  const groups = useMemo(() => {
    if (load.state !== 'ready') return [];
    return CHANGE_KINDS.map((kind) => ({ kind, changes: load.diff.changes.filter((c) => c.kind === kind) })).filter((g) => g.changes.length);
  }, [load]);

  const apply = async () => {
    if (load.state !== 'ready' || pending) return;
    setPending(true);
    try {
      const result = await applyUploadDiff(uploadId, { menuId, stamp: load.diff.stamp, accept: [...selected] });
      onApplied(result);
    } catch (err) {
      if ((err as { status?: number }).status === 409) {
        toast.error(t('diff.stale'));
        void read(menuId);
      } else reportError(err, navigate, t('diff.applyFailed'));
    } finally {
      setPending(false);
    }
  };

  const menuName = menus.find((m) => m.id === menuId)?.name || t('import.untitledMenu');
  const count = load.state === 'ready' ? load.diff.changes.length : 0;
  return (
    <Dialog open={open} onOpenChange={(next) => { if (!pending) onOpenChange(next); }} title={t('diff.title', { name: menuName })} description={t('diff.description')} className="max-w-2xl p-4 sm:p-6">
      <form className="grid min-w-0 gap-4" onSubmit={(e) => { e.preventDefault(); void apply(); }} data-testid="diff-dialog">
        {menus.length > 1 ? (
          <div className="grid gap-1.5">
            <Label htmlFor={selectId}>{t('diff.compareWith')}</Label>
            <Select id={selectId} value={menuId} onChange={(e) => setMenuId(e.target.value)} disabled={pending}>
              {menus.map((m) => <option key={m.id} value={m.id}>{m.name || t('import.untitledMenu')}</option>)}
            </Select>
          </div>
        ) : null}
        {load.state === 'loading' ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status" data-testid="diff-loading"><Loader2 className="size-4 animate-spin" aria-hidden /> {t('diff.loading')}</p>
        ) : load.state === 'error' ? (
          <div role="alert" className="grid justify-items-start gap-2 text-sm">
            <p>{t('diff.loadFailed')} {uploadMessage(load.message)}</p>
            <Button type="button" variant="outline" size="sm" onClick={() => void read(menuId)}><RefreshCw aria-hidden /> {t('common:ui.retry')}</Button>
          </div>
        ) : !count ? (
          <p className="flex items-center gap-2 rounded-md border bg-muted/40 p-3 text-sm" data-testid="diff-empty"><CircleCheck className="size-4 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden /> {t('diff.empty')}</p>
        ) : (
          <>
            <p className="text-sm font-medium" aria-live="polite" data-testid="diff-summary">{t('diff.summary', { count, selected: selected.size })}</p>
            {groups.map(({ kind, changes }) => (
              <fieldset key={kind} className="grid min-w-0 gap-1.5" data-testid={`diff-group-${kind}`}>
                <legend className="mb-1 text-sm font-semibold">{t(`diff.kinds.${kindKey(kind)}`, { count: changes.length })}</legend>
                {kind === 'item.remove' || kind === 'section.remove' ? <p className="text-xs text-muted-foreground">{t('diff.removalHint')}</p> : null}
                {changes.map((change) => (
                  <label key={change.key} className="flex min-w-0 cursor-pointer items-start gap-3 rounded-md border p-2.5 text-sm hover:bg-accent/40 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring" data-key={change.key}>
                    <input type="checkbox" className="mt-0.5 size-4 shrink-0 accent-[hsl(var(--primary))]" checked={selected.has(change.key)} disabled={pending}
                      onChange={(e) => setSelected((s) => toggleChange(load.diff.changes, s, change.key, e.target.checked))} />
                    <span className="grid min-w-0 gap-0.5">
                      <span className="break-words font-medium">{change.name}</span>
                      <span className="min-w-0 break-words text-muted-foreground"><ChangeDetail change={change} currency={currency} /></span>
                    </span>
                  </label>
                ))}
              </fieldset>
            ))}
          </>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>{t('common:ui.cancel')}</Button>
          {count ? (
            <Button type="submit" loading={pending} disabled={load.state !== 'ready' || !selected.size}>{t('diff.apply', { count: selected.size })}</Button>
          ) : null}
        </div>
      </form>
    </Dialog>
  );
}
