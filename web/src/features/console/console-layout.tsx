import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import {
  Activity,
  Archive,
  Building2,
  Clock,
  LayoutDashboard,
  LogOut,
  Menu as MenuIcon,
  ScrollText,
  Settings,
  ShieldCheck,
  Users,
} from 'lucide-react';
import { pb } from '../../lib/pb.ts';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/ui/button.tsx';
import { Sheet } from '../../components/ui/dialog.tsx';
import { ThemeToggle } from '../../components/theme-toggle.tsx';
import { SideNav } from '../../components/side-nav.tsx';
import { consolePaths } from './console-paths.ts';
import { ConsoleLanguagePicker } from './console-language-picker.tsx';

const NAV = [
  { href: consolePaths.home(), label: 'nav.overview', icon: LayoutDashboard },
  { href: consolePaths.organizations(), label: 'nav.organizations', icon: Building2 },
  { href: consolePaths.users(), label: 'nav.users', icon: Users },
  { href: consolePaths.logs(), label: 'nav.logs', icon: ScrollText },
  { href: consolePaths.backups(), label: 'nav.backups', icon: Archive },
  { href: consolePaths.crons(), label: 'nav.crons', icon: Clock },
  { href: consolePaths.settings(), label: 'nav.settings', icon: Settings },
];

function isActive(location: string, href: string): boolean {
  if (href === consolePaths.home()) return location === href || location === '/_';
  return location === href || location.startsWith(href);
}

function Nav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('console');
  const items = NAV.map((item) => ({ ...item, label: t(item.label) }));
  return <SideNav label={t('nav.label')} items={items} isActive={isActive} onNavigate={onNavigate} />;
}

function Brand() {
  const { t } = useTranslation('console');
  return (
    <Link href={consolePaths.home()} className="flex items-center gap-2 px-3 text-base font-semibold">
      <ShieldCheck className="size-5 text-primary" aria-hidden /> {t('title')}
    </Link>
  );
}

/** The console's frame: a sidebar on wide screens, a sheet on phones, the superuser and sign-out on top. */
export function ConsoleLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('console');
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const email = String(pb.authStore.record?.email ?? '');
  return (
    <div className="flex min-h-screen">
      <aside className="sticky top-0 hidden h-screen w-60 shrink-0 flex-col gap-4 border-r bg-card p-4 lg:flex">
        <Brand />
        <Nav />
        <a href={paths.dashboard()} className="mt-auto flex items-center gap-2 px-3 text-xs text-muted-foreground hover:underline">
          <Activity className="size-3" aria-hidden /> {t('nav.staffApp')}
        </a>
      </aside>
      <Sheet open={open} onOpenChange={setOpen} title={t('nav.sheet')}>
        <Brand />
        <Nav onNavigate={() => setOpen(false)} />
      </Sheet>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background/90 px-4 backdrop-blur">
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-label={t('common:shell.openNavigation')}
            onClick={() => setOpen(true)}
          >
            <MenuIcon />
          </Button>
          <div className="lg:hidden">
            <Brand />
          </div>
          <div className="ml-auto flex min-w-0 items-center gap-2">
            <span className="hidden truncate text-sm text-muted-foreground sm:inline" title={t('nav.signedIn')}>
              {email}
            </span>
            <ConsoleLanguagePicker />
            <ThemeToggle />
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('common:shell.signOut')}
              onClick={() => {
                pb.authStore.clear();
                navigate(consolePaths.home());
              }}
            >
              <LogOut />
            </Button>
          </div>
        </header>
        <main id="main" className="mx-auto w-full min-w-0 max-w-6xl flex-1 p-4 sm:p-6">
          {children}
        </main>
      </div>
    </div>
  );
}
