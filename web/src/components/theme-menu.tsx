import { useTranslation } from 'react-i18next';
import { Monitor, Moon, Sun } from 'lucide-react';
import type { Theme } from '../../../shared/constants.ts';
import { useTheme } from '../hooks/use-theme.ts';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from './ui/dropdown-menu.tsx';
import type { DeferredMenuProps } from './ui/deferred-menu.tsx';

const OPTIONS: { value: Theme; label: 'theme.light' | 'theme.dark' | 'theme.system'; icon: typeof Sun }[] = [
  { value: 'light', label: 'theme.light', icon: Sun },
  { value: 'dark', label: 'theme.dark', icon: Moon },
  { value: 'system', label: 'theme.system', icon: Monitor },
];

/** The theme toggle's menu: its own chunk, loaded when first wanted (theme-toggle.tsx). */
export function ThemeMenu({ trigger, defaultOpen }: DeferredMenuProps) {
  const { t } = useTranslation();
  const { theme, setTheme } = useTheme();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent>
        {OPTIONS.map(({ value, label, icon: I }) => (
          <DropdownMenuItem key={value} onSelect={() => setTheme(value)}>
            <I /> {t(label)}
            {theme === value ? <span className="ml-auto text-xs text-muted-foreground">✓</span> : null}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
