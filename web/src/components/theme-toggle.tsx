import { useTranslation } from 'react-i18next';
import { Moon, Sun } from 'lucide-react';
import { useTheme } from '../hooks/use-theme.ts';
import { Button } from './ui/button.tsx';
import { DeferredMenu } from './ui/deferred-menu.tsx';

/** The light / dark / system switch of the top bar; its menu loads when first wanted. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { theme, resolved } = useTheme();
  const Icon = resolved === 'dark' ? Moon : Sun;
  return (
    <DeferredMenu
      load={() => import('./theme-menu.tsx').then((m) => m.ThemeMenu)}
      trigger={
        <Button variant="ghost" size="icon" aria-label={t('theme.current', { theme: t(`theme.${theme}`) })}>
          <Icon />
        </Button>
      }
    />
  );
}
