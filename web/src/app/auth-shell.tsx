import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { usePublicConfig } from '../hooks/use-public-config.ts';
import { ThemeSwitch } from '../components/theme-switch.tsx';
import { paths } from './paths.ts';

/** The centred card layout of the account pages (login, sign-up, verify, onboarding, subscribe). */
export function AuthShell({ children, wide }: { children: ReactNode; wide?: boolean }) {
  const appName = usePublicConfig().appName;
  return (
    <div className="flex min-h-screen flex-col bg-muted/40">
      <header className="flex h-14 items-center justify-between px-4 sm:px-6">
        <Link href={paths.dashboard()} className="flex items-center gap-2 font-semibold">
          <img src="/favicon.svg" alt="" className="size-6" />
          {appName}
        </Link>
        <ThemeSwitch />
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 py-8 sm:items-center">
        <div className={wide ? 'w-full max-w-5xl' : 'w-full max-w-md'}>{children}</div>
      </main>
    </div>
  );
}
