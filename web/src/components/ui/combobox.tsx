import { useTranslation } from 'react-i18next';
import { forwardRef, useEffect, useId, useMemo, useRef, useState, type InputHTMLAttributes, type KeyboardEvent } from 'react';
import { ChevronsUpDown } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { Input } from './input.tsx';

export interface ComboboxOption {
  value: string;
  label: string;
  /** Extra text matched by the search but not shown (e.g. aliases). */
  keywords?: string;
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'defaultValue' | 'role'>;

export interface ComboboxProps extends InputProps {
  options: readonly ComboboxOption[];
  value: string;
  onChange: (value: string) => void;
  /** Shown when nothing matches the typed text. */
  emptyText?: string;
  /** Long lists render only the first matches; typing narrows them. */
  maxResults?: number;
}

const normalize = (s: string) => s.toLowerCase().replace(/[_/]+/g, ' ').replace(/\s+/g, ' ').trim();

/**
 * A searchable single-select (ARIA 1.2 combobox with a list popup): type to filter, arrows to move,
 * Enter to pick, Escape to close. Leaving the field keeps the last valid choice, so the value is
 * always one of `options`.
 */
export const Combobox = forwardRef<HTMLInputElement, ComboboxProps>(function Combobox(
  { options, value, onChange, emptyText, maxResults = 100, className, onBlur, onKeyDown, ...props },
  ref,
) {
  const { t } = useTranslation();
  const listId = useId();
  const selected = options.find((o) => o.value === value);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);

  const index = useMemo(() => options.map((o) => ({ option: o, text: normalize(`${o.label} ${o.value} ${o.keywords ?? ''}`) })), [options]);
  const matches = useMemo(() => {
    // Until the user types, show every option (with the selected one highlighted).
    if (query === null) return options;
    const words = normalize(query).split(' ').filter(Boolean);
    return index.filter(({ text }) => words.every((w) => text.includes(w))).map(({ option }) => option);
  }, [index, options, query]);
  const shown = matches.slice(0, maxResults);

  useEffect(() => {
    if (!open) return;
    listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active, open]);

  const openList = () => {
    if (open) return;
    setOpen(true);
    setActive(Math.max(0, query === null ? options.findIndex((o) => o.value === value) : 0));
  };
  const close = () => {
    setOpen(false);
    setQuery(null);
  };
  const pick = (option: ComboboxOption | undefined) => {
    if (option) onChange(option.value);
    close();
  };

  const handleKey = (e: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(e);
    if (e.defaultPrevented) return;
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (!open) openList();
        else setActive((i) => Math.min(shown.length - 1, i + 1));
        break;
      case 'ArrowUp':
        e.preventDefault();
        if (!open) openList();
        else setActive((i) => Math.max(0, i - 1));
        break;
      case 'PageDown':
        if (open) {
          e.preventDefault();
          setActive((i) => Math.min(shown.length - 1, i + 10));
        }
        break;
      case 'PageUp':
        if (open) {
          e.preventDefault();
          setActive((i) => Math.max(0, i - 10));
        }
        break;
      case 'Enter':
        // An open list owns Enter; a closed one lets the form submit.
        if (open) {
          e.preventDefault();
          pick(shown[active]);
        }
        break;
      case 'Escape':
        if (open) {
          e.preventDefault();
          e.stopPropagation();
          close();
        }
        break;
    }
  };

  const activeId = open && shown[active] ? `${listId}-${active}` : undefined;

  return (
    <div className="relative">
      <Input
        ref={ref}
        {...props}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        autoComplete="off"
        spellCheck={false}
        value={query ?? selected?.label ?? value}
        className={cn('pr-9', className)}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onClick={openList}
        onKeyDown={handleKey}
        onBlur={(e) => {
          // Typing an option's exact name and leaving the field also picks it.
          if (query !== null) {
            const exact = options.find((o) => normalize(o.label) === normalize(query) || normalize(o.value) === normalize(query));
            if (exact) onChange(exact.value);
          }
          close();
          onBlur?.(e);
        }}
      />
      <ChevronsUpDown className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        hidden={!open}
        className="absolute z-50 mt-1 max-h-64 w-full overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
      >
        {shown.map((o, i) => (
          <li
            key={o.value}
            id={`${listId}-${i}`}
            data-index={i}
            role="option"
            aria-selected={o.value === value}
            // Keep focus in the input so the keyboard keeps working after a click.
            onMouseDown={(e) => e.preventDefault()}
            onMouseMove={() => setActive(i)}
            onClick={() => pick(o)}
            className={cn(
              'flex cursor-default select-none items-center justify-between gap-2 rounded-sm px-2 py-1.5 text-sm',
              i === active && 'bg-accent text-accent-foreground',
              o.value === value && 'font-medium',
            )}
          >
            <span className="truncate">{o.label}</span>
            {o.value === value ? (
              <span className="text-xs text-primary" aria-hidden>
                ✓
              </span>
            ) : null}
          </li>
        ))}
        {shown.length === 0 ? (
          <li role="presentation" className="px-2 py-1.5 text-sm text-muted-foreground">
            {emptyText ?? t('ui.noMatches')}
          </li>
        ) : null}
        {matches.length > shown.length ? (
          <li role="presentation" className="px-2 py-1.5 text-xs text-muted-foreground">
            {matches.length - shown.length} more, keep typing to narrow
          </li>
        ) : null}
      </ul>
      <span className="sr-only" aria-live="polite">
        {open ? `${matches.length} ${matches.length === 1 ? 'result' : 'results'}` : ''}
      </span>
    </div>
  );
});
