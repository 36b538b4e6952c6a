import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Check } from 'lucide-react';
import { paths } from '../../app/paths.ts';
import { cn } from '../../lib/cn.ts';
import type { Tag } from './types.ts';

/** The organization's tags as toggle chips (aria-pressed). */
export function TagPicker({ tags, value, onChange }: { tags: Tag[] | undefined; value: string[]; onChange: (next: string[]) => void }) {
  const { t } = useTranslation('menus');
  if (!tags) return <p className="text-sm text-muted-foreground">{t('tagPicker.loading')}</p>;
  if (!tags.length) {
    return (
      <p className="text-sm text-muted-foreground">
        <Trans
          t={t}
          i18nKey="tagPicker.empty"
          components={{ link: <Link href={paths.tags()} className="font-medium text-foreground underline underline-offset-4" /> }}
        />
      </p>
    );
  }
  const toggle = (id: string) => onChange(value.includes(id) ? value.filter((v) => v !== id) : [...value, id]);
  return (
    <ul className="flex flex-wrap gap-2" aria-label={t('tagPicker.label')}>
      {tags.map((tag) => {
        const on = value.includes(tag.id);
        return (
          <li key={tag.id}>
            <button
              type="button"
              aria-pressed={on}
              onClick={() => toggle(tag.id)}
              className={cn(
                'inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                on
                  ? 'border-primary bg-primary/10 font-medium text-foreground'
                  : 'text-muted-foreground hover:bg-accent hover:text-foreground',
              )}
            >
              <span
                className="size-2.5 rounded-full border border-black/10 dark:border-white/20"
                style={{ backgroundColor: tag.color }}
                aria-hidden
              />
              {tag.name}
              {on ? <Check className="size-3.5" aria-hidden /> : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
