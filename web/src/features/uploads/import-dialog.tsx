import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePlus2, ListPlus } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Label, Select } from '../../components/ui/input.tsx';
import type { Menu } from '../menus/types.ts';

export type ImportTarget = { kind: 'new'; language?: string } | { kind: 'append'; menuId: string };

function Choice({ checked, onChange, icon: Icon, title, children, name, value }: {
  checked: boolean; onChange: () => void; icon: typeof FilePlus2; title: string; children: React.ReactNode; name: string; value: string;
}) {
  return (
    <label className={cn('flex cursor-pointer gap-3 rounded-md border p-3 transition-colors hover:bg-accent/40 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring', checked && 'border-primary bg-primary/5')}>
      <input type="radio" name={name} value={value} checked={checked} onChange={onChange} className="mt-1 size-4 accent-[hsl(var(--primary))]" />
      <Icon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
      <span className="grid gap-0.5">
        <span className="text-sm font-medium">{title}</span>
        <span className="text-sm text-muted-foreground">{children}</span>
      </span>
    </label>
  );
}

/**
 * Where the reviewed draft goes: a new draft menu named after the upload, or appended (its
 * sections after the existing ones) to one of the organization's menus.
 */
export function ImportDialog({ open, onOpenChange, uploadName, sections, items, menus, language, onImport }: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  uploadName: string;
  sections: number;
  items: number;
  menus: Menu[] | undefined;
  /** The PDF's language when it is not the organization's: offered as the new menu's language. */
  language: { code: string; name: string } | null;
  onImport: (target: ImportTarget) => Promise<void>;
}) {
  const { t } = useTranslation('uploads');
  const [kind, setKind] = useState<'new' | 'append'>('new');
  const [menuId, setMenuId] = useState('');
  const [pending, setPending] = useState(false);
  const [useLanguage, setUseLanguage] = useState(true);
  const name = useId();
  const selectId = useId();
  useEffect(() => {
    if (open) {
      setKind('new');
      setMenuId('');
      setUseLanguage(true);
    }
  }, [open]);
  const chosenMenu = menuId || menus?.[0]?.id || '';

  const submit = async () => {
    if (pending || (kind === 'append' && !chosenMenu)) return;
    setPending(true);
    try {
      await onImport(kind === 'new' ? { kind: 'new', ...(language && useLanguage ? { language: language.code } : {}) } : { kind: 'append', menuId: chosenMenu });
    } finally {
      setPending(false);
    }
  };

  const summary = t('import.summary', { sections: t('counts.sections', { count: sections }), items: t('counts.items', { count: items }) });
  return (
    <Dialog open={open} onOpenChange={(next) => { if (!pending) onOpenChange(next); }} title={t('import.title')} description={t('import.description', { summary, name: uploadName })}>
      <form className="grid gap-4" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <fieldset className="grid gap-2">
          <legend className="sr-only">{t('import.into')}</legend>
          <Choice name={name} value="new" checked={kind === 'new'} onChange={() => setKind('new')} icon={FilePlus2} title={t('import.new')}>
            {t('import.newDescription', { name: uploadName })}
          </Choice>
          <Choice name={name} value="append" checked={kind === 'append'} onChange={() => setKind('append')} icon={ListPlus} title={t('import.append')}>
            {t('import.appendDescription')}
          </Choice>
        </fieldset>
        {kind === 'new' && language ? (
          <label className="flex cursor-pointer items-start gap-3 text-sm">
            <input type="checkbox" checked={useLanguage} onChange={(e) => setUseLanguage(e.target.checked)} className="mt-0.5 size-4 accent-[hsl(var(--primary))]" />
            <span className="grid gap-0.5">
              <span className="font-medium">{t('import.language', { language: language.name })}</span>
              <span className="text-muted-foreground">{t('import.languageHint')}</span>
            </span>
          </label>
        ) : null}
        {kind === 'append' ? (
          menus && menus.length ? (
            <div className="grid gap-2">
              <Label htmlFor={selectId}>{t('import.menu')}</Label>
              <Select id={selectId} value={chosenMenu} onChange={(e) => setMenuId(e.target.value)}>
                {menus.map((m) => <option key={m.id} value={m.id}>{m.status === 'published' ? t('import.published', { name: m.name || t('import.untitledMenu') }) : m.name || t('import.untitledMenu')}</option>)}
              </Select>
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">{menus ? t('import.noMenus') : t('import.loadingMenus')}</p>
          )
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>{t('common:ui.cancel')}</Button>
          <Button type="submit" loading={pending} disabled={kind === 'append' && !chosenMenu}>{t('import.submit')}</Button>
        </div>
      </form>
    </Dialog>
  );
}
