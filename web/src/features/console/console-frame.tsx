import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ShieldCheck } from 'lucide-react';
import { ThemeToggle } from '../../components/theme-toggle.tsx';
import { ConsoleLanguagePicker } from './console-language-picker.tsx';

/** The centred frame of the console's sign-in and installer pages. */
export function ConsoleFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('console');
  return (
    <div className="flex min-h-screen flex-col bg-muted/40">
      <header className="flex h-14 items-center justify-between px-4 sm:px-6">
        <span className="flex items-center gap-2 font-semibold">
          <ShieldCheck className="size-5 text-primary" aria-hidden /> {t('title')}
        </span>
        <div className="flex items-center gap-1">
          <ConsoleLanguagePicker />
          <ThemeToggle />
        </div>
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 py-8 sm:items-center">
        <div className="w-full max-w-md">{children}</div>
      </main>
    </div>
  );
}
