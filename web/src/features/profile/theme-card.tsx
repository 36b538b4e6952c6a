import { useTranslation } from 'react-i18next';
import { Monitor, Moon, Sun } from 'lucide-react';
import type { Theme } from '../../../../shared/constants.ts';
import { useTheme } from '../../hooks/use-theme.ts';
import { cn } from '../../lib/cn.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';

const OPTIONS: { value: Theme; label: string; icon: typeof Sun }[] = [
  { value: 'light', label: 'common:theme.light', icon: Sun },
  { value: 'dark', label: 'common:theme.dark', icon: Moon },
  { value: 'system', label: 'common:theme.system', icon: Monitor },
];

/** Light, dark or follow the operating system (native radios: arrow keys work). */
export function ThemeCard() {
  const { t } = useTranslation('profile');
  const { theme, setTheme } = useTheme();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('appearance.title')}</CardTitle>
        <CardDescription>{t('appearance.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <fieldset className="grid grid-cols-3 gap-2 sm:gap-3">
          <legend className="sr-only">{t('common:theme.label')}</legend>
          {OPTIONS.map(({ value, label, icon: Icon }) => (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer flex-col items-center gap-2 rounded-lg border p-3 text-sm font-medium transition-colors hover:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                theme === value && 'border-primary bg-primary/5 text-primary',
              )}
            >
              <input
                type="radio"
                name="theme"
                value={value}
                checked={theme === value}
                onChange={() => setTheme(value)}
                className="sr-only"
              />
              <Icon className="size-5" aria-hidden />
              {t(label)}
            </label>
          ))}
        </fieldset>
      </CardContent>
    </Card>
  );
}
