import { useTranslation } from 'react-i18next';
import { Monitor, Moon, Sun } from 'lucide-react';
import type { Theme } from '../../../shared/constants.ts';
import { useTheme } from '../hooks/use-theme.ts';
import { cn } from '../lib/cn.ts';

const OPTIONS: { value: Theme; label: 'theme.light' | 'theme.dark' | 'theme.system'; icon: typeof Sun }[] = [
  { value: 'light', label: 'theme.light', icon: Sun },
  { value: 'dark', label: 'theme.dark', icon: Moon },
  { value: 'system', label: 'theme.system', icon: Monitor },
];

/**
 * Light / dark / system as a segmented radio group of native inputs: arrow keys work out of the
 * box and, unlike the app's dropdown menu, it needs no menu library on the login page's first load.
 */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const { theme, setTheme } = useTheme();
  return (
    <fieldset className="flex items-center rounded-full border bg-background p-0.5">
      <legend className="sr-only">{t('theme.label')}</legend>
      {OPTIONS.map(({ value, label, icon: Icon }) => (
        <label
          key={value}
          title={t(label)}
          className={cn(
            'relative flex size-7 cursor-pointer items-center justify-center rounded-full text-muted-foreground transition-colors hover:text-foreground',
            'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
            theme === value && 'bg-muted text-foreground',
          )}
        >
          <input type="radio" name="theme" value={value} checked={theme === value} onChange={() => setTheme(value)} className="sr-only" />
          <Icon className="size-4" aria-hidden />
          <span className="sr-only">{t(label)}</span>
        </label>
      ))}
    </fieldset>
  );
}
