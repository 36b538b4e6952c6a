import { memo, useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertTriangle, Plus, Trash2, X } from 'lucide-react';
import { allergenNames } from '../../../../shared/i18n/allergen-names.ts';
import { cn } from '../../lib/cn.ts';
import { translateMessage } from '../../lib/i18n/messages.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input, Textarea } from '../../components/ui/input.tsx';
import { MoneyInput } from '../../components/money-input.tsx';
import {
  addItem, addPrice, allergenWordsUnmarked, flagReason, itemLocation, marksAllergens, problemKey, removeItem, removePrice, removeSection, renameSection, setPriceOnRequest, updateItem, updatePrice,
  type EditDraft, type EditItem, type EditSection, type Problems,
} from './draft-model.ts';
import { usePdf, usePhotoPages } from './pdf-context.ts';
import { PdfRegion } from './pdf-viewer.tsx';
import { PhotoRegion } from './photo-viewer.tsx';

/** The item's place on the PDF or photo, drawn in its row while it is selected. */
function ItemRegion({ item, name }: { item: EditItem; name: string }) {
  const { t } = useTranslation('uploads');
  const pdf = usePdf();
  const photos = usePhotoPages();
  const at = itemLocation(item);
  if (!at?.bbox) return null;
  if (photos) {
    // A photo upload: its pages are the photos (pdf.js cannot open them).
    const url = photos.urls[at.page - 1];
    const width = photos.widths[at.page - 1];
    return url && width ? <PhotoRegion url={url} pageWidth={width} page={at.page} bbox={at.bbox} label={t('region.photoLabel', { name })} /> : null;
  }
  if (!pdf) return null;
  return <PdfRegion pdf={pdf} page={at.page} bbox={at.bbox} label={t('region.label', { name })} />;
}

const NO_PROBLEMS: Record<string, string> = {};

type Change = (update: (draft: EditDraft) => EditDraft) => void;

function FieldError({ message }: { message: string | undefined }) {
  // The draft's checks use the shared English validation messages (MESSAGES): translated for display.
  return message ? <p role="alert" className="text-xs font-medium text-destructive">{translateMessage(message)}</p> : null;
}

const ItemRow = memo(function ItemRow({ item, sectionKey, currency, selected, problems, change, onSelect, checkAllergenWords }: {
  item: EditItem;
  /** The menu marks allergens dish by dish: a dish whose words name one it lacks is pointed out. */
  checkAllergenWords: boolean;
  sectionKey: string;
  currency: string;
  selected: boolean;
  /** This item's problems by field (`name` or a price key). */
  problems: Record<string, string>;
  change: Change;
  onSelect: (item: EditItem) => void;
}) {
  const { t, i18n } = useTranslation('uploads');
  const reason = flagReason(item, currency);
  const label = item.name.trim() || item.source.name || t('editor.newItem');
  // The regulation's official allergen names in the app's language (English where a version is not checked).
  const allergens = allergenNames(i18n.language).names as Readonly<Record<string, string>>;
  const unmarked = checkAllergenWords ? allergenWordsUnmarked(item) : [];
  const select = () => { if (!selected) onSelect(item); };
  // A pointer selects on click, after the press: selecting on its focus would move the rows (the
  // selected row shows its PDF region) between press and release, and the click would miss.
  const pressing = useRef(false);
  return (
    <li
      role="group"
      aria-label={label}
      tabIndex={-1}
      data-testid="draft-item"
      data-key={item.key}
      data-flagged={reason ? 'true' : undefined}
      data-selected={selected || undefined}
      onPointerDownCapture={() => { pressing.current = true; }}
      onFocusCapture={() => { if (!pressing.current) select(); }}
      onClickCapture={() => { pressing.current = false; }}
      onClick={select}
      className={cn(
        'grid gap-2 rounded-md border bg-background p-3 outline-none transition-shadow',
        reason && 'border-amber-500/50 bg-amber-50/70 dark:border-amber-400/40 dark:bg-amber-400/[0.06]',
        selected && 'ring-2 ring-primary',
      )}
    >
      <div className="flex items-start gap-2">
        <div className="grid min-w-0 flex-1 gap-1">
          <Input value={item.name} aria-label={t('editor.itemName')} aria-invalid={problems.name ? true : undefined} placeholder={t('editor.itemName')} className="font-medium"
            onChange={(e) => { const name = e.target.value; change((d) => updateItem(d, sectionKey, item.key, { name })); }} />
          <FieldError message={problems.name} />
        </div>
        {item.source.page ? <span className="mt-2.5 shrink-0 text-xs tabular-nums text-muted-foreground" title={t('editor.onPage', { page: item.source.page })}>{t('editor.pageShort', { page: item.source.page })}</span> : null}
        <Button type="button" variant="ghost" size="icon" className="size-10 shrink-0 text-muted-foreground hover:text-destructive" aria-label={t('editor.remove', { name: label })}
          onClick={(e) => { e.stopPropagation(); change((d) => removeItem(d, sectionKey, item.key)); }}><Trash2 aria-hidden /></Button>
      </div>
      {reason ? (
        <p className="flex items-center gap-1.5 text-xs font-medium text-amber-800 dark:text-amber-300" data-testid="flag-reason">
          <AlertTriangle className="size-3.5 shrink-0" aria-hidden /> {t(`flag.${reason}`)}
        </p>
      ) : null}
      <Textarea value={item.description} aria-label={t('editor.description')} placeholder={t('editor.descriptionPlaceholder')} rows={1} className="min-h-10 resize-y text-sm [field-sizing:content]"
        onChange={(e) => { const description = e.target.value; change((d) => updateItem(d, sectionKey, item.key, { description })); }} />
      <label className="flex w-fit cursor-pointer items-center gap-2 text-sm">
        <input type="checkbox" checked={item.priceOnRequest} className="size-4 accent-[hsl(var(--primary))]"
          onChange={(e) => { const on = e.target.checked; change((d) => setPriceOnRequest(d, sectionKey, item.key, on)); }} />
        {t('editor.priceOnRequest')}
      </label>
      {item.priceOnRequest ? null : <ul className="grid gap-1.5" aria-label={t('editor.prices')}>
        {item.prices.map((p, i) => (
          <li key={p.key} className="grid gap-1">
            <div className="flex items-center gap-2">
              <Input value={p.label} aria-label={t('editor.priceLabel', { number: i + 1 })} placeholder={item.prices.length > 1 ? t('editor.labelPlaceholderMany') : t('editor.labelPlaceholder')} className="h-9 min-w-0 flex-1"
                onChange={(e) => { const labelText = e.target.value; change((d) => updatePrice(d, sectionKey, item.key, p.key, { label: labelText })); }} />
              <MoneyInput currency={currency} value={p.amount} aria-label={t('editor.priceAmount', { number: i + 1 })} aria-invalid={problems[p.key] ? true : undefined} className="h-9 w-28"
                onValueChange={(amount) => change((d) => updatePrice(d, sectionKey, item.key, p.key, { amount }))} />
              <Button type="button" variant="ghost" size="icon" className="size-9 shrink-0" aria-label={t('editor.removePrice', { number: i + 1 })}
                onClick={(e) => { e.stopPropagation(); change((d) => removePrice(d, sectionKey, item.key, p.key)); }}><X aria-hidden /></Button>
            </div>
            <FieldError message={problems[p.key]} />
          </li>
        ))}
      </ul>}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button type="button" variant="ghost" size="sm" className={cn('-ml-2 text-primary', item.priceOnRequest && 'invisible')} disabled={item.prices.length >= 10 || item.priceOnRequest}
          onClick={(e) => { e.stopPropagation(); change((d) => addPrice(d, sectionKey, item.key)); }}><Plus aria-hidden /> {t('editor.addPrice')}</Button>
        {item.source.allergens.length ? (
          <p className="text-xs text-muted-foreground" title={t('editor.allergensHint')}>
            {t('editor.allergens', { names: new Intl.ListFormat(i18n.language, { type: 'unit' }).format(item.source.allergens.map((a) => allergens[a] ?? a)) })}
          </p>
        ) : null}
      </div>
      {unmarked.length ? (
        <p className="flex items-start gap-1.5 text-xs text-amber-800 dark:text-amber-300" data-testid="allergen-words">
          <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden />
          {t('editor.allergenWords', { names: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(unmarked.map((a) => allergens[a] ?? a)), count: unmarked.length })}
        </p>
      ) : null}
      {/* Last in the row: drawn when the row is selected, it never moves what the pointer is on. */}
      {selected ? <ItemRegion item={item} name={label} /> : null}
    </li>
  );
});

function SectionCard({ section, currency, selected, problems, change, onSelect, checkAllergenWords }: {
  section: EditSection;
  checkAllergenWords: boolean;
  currency: string;
  selected: string | null;
  problems: Problems;
  change: Change;
  onSelect: (item: EditItem) => void;
}) {
  const { t } = useTranslation('uploads');
  const nameProblem = problems.get(problemKey(section.key, undefined, 'name'));
  const itemProblems = (item: EditItem): Record<string, string> => {
    const out: Record<string, string> = {};
    const name = problems.get(problemKey(section.key, item.key, 'name'));
    if (name) out.name = name;
    for (const p of item.prices) {
      const m = problems.get(problemKey(section.key, item.key, p.key));
      if (m) out[p.key] = m;
    }
    // The same empty object keeps the memoised rows from re-rendering.
    return Object.keys(out).length ? out : NO_PROBLEMS;
  };
  return (
    <section className="grid gap-3 rounded-lg border bg-card p-3 shadow-sm sm:p-4" aria-label={section.name ? t('editor.section', { name: section.name }) : t('editor.sectionUnnamed')} data-testid="draft-section">
      <div className="flex items-start gap-2">
        <div className="grid min-w-0 flex-1 gap-1">
          <Input value={section.name} aria-label={t('editor.sectionName')} aria-invalid={nameProblem ? true : undefined} placeholder={t('editor.sectionName')} className="h-10 text-base font-semibold"
            onChange={(e) => { const name = e.target.value; change((d) => renameSection(d, section.key, name)); }} />
          <FieldError message={nameProblem} />
        </div>
        <span className="mt-2.5 shrink-0 text-xs text-muted-foreground">{t('counts.items', { count: section.items.length })}</span>
        <Button type="button" variant="ghost" size="icon" className="shrink-0 text-muted-foreground hover:text-destructive" aria-label={t('editor.removeSection', { name: section.name })}
          onClick={() => change((d) => removeSection(d, section.key))}><Trash2 aria-hidden /></Button>
      </div>
      <ul className="grid gap-2">
        {section.items.map((item) => (
          <ItemRow key={item.key} item={item} sectionKey={section.key} currency={currency} selected={selected === item.key}
            problems={itemProblems(item)} change={change} onSelect={onSelect} checkAllergenWords={checkAllergenWords} />
        ))}
      </ul>
      <div>
        <Button type="button" variant="outline" size="sm" onClick={() => change((d) => addItem(d, section.key))}><Plus aria-hidden /> {t('editor.addItem')}</Button>
      </div>
    </section>
  );
}

/**
 * The extracted sections and items, editable in place: names, descriptions and prices (typed in
 * the organization's currency). Rows without a price or with a low extraction confidence are
 * highlighted with the reason; focusing or clicking a row selects it (the PDF shows where it is).
 */
export function DraftEditor({ edit, currency, change, problems, selected, onSelect }: {
  edit: EditDraft;
  currency: string;
  change: Change;
  problems: Problems;
  selected: string | null;
  onSelect: (item: EditItem) => void;
}) {
  const { t } = useTranslation('uploads');
  const select = useCallback((item: EditItem) => onSelect(item), [onSelect]);
  const checkAllergenWords = marksAllergens(edit);
  if (!edit.sections.length) {
    return <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">{t('editor.empty')}</p>;
  }
  return (
    <div className="grid gap-4">
      {edit.sections.map((s) => <SectionCard key={s.key} section={s} currency={currency} selected={selected} problems={problems} change={change} onSelect={select} checkAllergenWords={checkAllergenWords} />)}
    </div>
  );
}
