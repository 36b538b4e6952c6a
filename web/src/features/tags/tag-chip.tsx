import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';
import { normalizeHex, readableTextColor } from '../../../../shared/contrast.ts';
import { DEFAULT_TAG_COLOR } from '../../../../shared/constants.ts';

/**
 * A tag as a pill in its colour, with black or white text, whichever reads better. Without a name
 * (the dialog's preview before one is typed) it shows the word "Tag" in the user's language.
 */
export function TagChip({ name, color, className }: { name: string; color: string; className?: string }) {
  const { t } = useTranslation('tags');
  const bg = normalizeHex(color) ?? DEFAULT_TAG_COLOR;
  return (
    <span
      className={cn(
        'inline-flex max-w-full items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ring-black/10 dark:ring-white/25',
        className,
      )}
      style={{ backgroundColor: bg, color: readableTextColor(bg) }}
    >
      <span className="truncate">{name || t('tag')}</span>
    </span>
  );
}
