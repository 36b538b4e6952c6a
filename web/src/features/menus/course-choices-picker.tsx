import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, X } from 'lucide-react';
import { MAX_CHOICES_PER_COURSE } from '../../../../shared/set-menus.ts';
import { cn } from '../../lib/cn.ts';
import { Input } from '../../components/ui/input.tsx';
import type { DishOption } from './use-set-courses.ts';

const normalize = (s: string) =>
  s
    .toLocaleLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim();

/**
 * The dishes a course offers: the chosen ones as removable chips (in the order guests see them),
 * and a searchable list of the menu's dishes to add or remove (an ARIA 1.2 combobox whose list
 * stays open while picking: type to filter, arrows to move, Enter to toggle, Escape to close).
 */
export function CourseChoicesPicker({
  dishes,
  value,
  onChange,
  courseName,
}: {
  dishes: readonly DishOption[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  courseName: string;
}) {
  const { t } = useTranslation('menus');
  const listId = useId();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const byId = useMemo(() => new Map(dishes.map((d) => [d.id, d])), [dishes]);
  const matches = useMemo(() => {
    const words = normalize(query).split(/\s+/).filter(Boolean);
    return dishes.filter((d) => words.every((w) => normalize(`${d.name} ${d.sectionName}`).includes(w)));
  }, [dishes, query]);
  const full = value.length >= MAX_CHOICES_PER_COURSE;

  const toggle = (id: string) => {
    if (value.includes(id)) onChange(value.filter((v) => v !== id));
    else if (!full) onChange([...value, id]);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      setActive((i) => Math.max(0, Math.min(matches.length - 1, i + (e.key === 'ArrowDown' ? 1 : -1))));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const pick = matches[active];
      if (open && pick) toggle(pick.id);
      else setOpen(true);
    }
  };
  // Escape closes the open list, not the dialog around it: the dialog listens on the document in
  // the capture phase, so the list listens on the window, which the event reaches first.
  useEffect(() => {
    if (!open) return;
    const onEscape = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape' || document.activeElement !== input.current) return;
      e.stopPropagation();
      setOpen(false);
    };
    window.addEventListener('keydown', onEscape, { capture: true });
    return () => window.removeEventListener('keydown', onEscape, { capture: true });
  }, [open]);

  if (!dishes.length) return <p className="text-sm text-muted-foreground">{t('setMenu.noDishes')}</p>;
  const activeId = open && matches[active] ? `${listId}-${matches[active].id}` : undefined;
  return (
    <div className="grid gap-2">
      {value.length ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={t('setMenu.choices', { name: courseName })}>
          {value.map((id) => {
            const dish = byId.get(id);
            return (
              <li key={id} className="inline-flex max-w-full items-center gap-1 rounded-full border bg-muted/40 py-0.5 pl-3 pr-1 text-sm">
                <span className="truncate">{dish?.name ?? id}</span>
                <button
                  type="button"
                  onClick={() => toggle(id)}
                  aria-label={t('setMenu.removeChoice', { dish: dish?.name ?? id, name: courseName })}
                  className="flex size-6 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <X className="size-3.5" aria-hidden />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className="relative">
        <Input
          ref={input}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          aria-label={`${t('setMenu.search')} (${courseName})`}
          placeholder={t('setMenu.search')}
          value={query}
          autoComplete="off"
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKey}
        />
        {open ? (
          <ul
            id={listId}
            role="listbox"
            aria-multiselectable="true"
            aria-label={t('setMenu.choices', { name: courseName })}
            className="absolute z-20 mt-1 max-h-60 w-full overflow-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
          >
            {matches.length ? (
              matches.map((d, i) => {
                const on = value.includes(d.id);
                return (
                  <li
                    key={d.id}
                    id={`${listId}-${d.id}`}
                    role="option"
                    aria-selected={on}
                    aria-disabled={!on && full ? true : undefined}
                    // Keep the focus in the field: a click picks without closing the list.
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => toggle(d.id)}
                    className={cn(
                      'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm',
                      i === active && 'bg-accent text-accent-foreground',
                      !on && full && 'cursor-not-allowed opacity-50',
                    )}
                  >
                    <Check className={cn('size-4 shrink-0', on ? 'opacity-100' : 'opacity-0')} aria-hidden />
                    <span className="min-w-0 flex-1 truncate">{d.name}</span>
                    <span className="shrink-0 truncate text-xs text-muted-foreground">{d.sectionName}</span>
                  </li>
                );
              })
            ) : (
              <li className="px-2 py-1.5 text-sm text-muted-foreground">{t('setMenu.noMatch')}</li>
            )}
          </ul>
        ) : null}
      </div>
      {full ? <p className="text-xs text-muted-foreground">{t('setMenu.maxChoices', { max: MAX_CHOICES_PER_COURSE })}</p> : null}
    </div>
  );
}
