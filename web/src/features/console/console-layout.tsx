import { useState, type ReactNode } from 'react';
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

const NAV = [
  { href: consolePaths.home(), label: 'Overview', icon: LayoutDashboard },
  { href: consolePaths.organizations(), label: 'Organizations', icon: Building2 },
  { href: consolePaths.users(), label: 'Users', icon: Users },
  { href: consolePaths.logs(), label: 'Logs', icon: ScrollText },
  { href: consolePaths.backups(), label: 'Backups', icon: Archive },
  { href: consolePaths.crons(), label: 'Crons', icon: Clock },
  { href: consolePaths.settings(), label: 'Settings', icon: Settings },
];

function isActive(location: string, href: string): boolean {
  if (href === consolePaths.home()) return location === href || location === '/_';
  return location === href || location.startsWith(href);
}

function Nav({ onNavigate }: { onNavigate?: () => void }) {
  return <SideNav label="Console" items={NAV} isActive={isActive} onNavigate={onNavigate} />;
}

const brand = (
  <Link href={consolePaths.home()} className="flex items-center gap-2 px-3 text-base font-semibold">
    <ShieldCheck className="size-5 text-primary" aria-hidden /> Console
  </Link>
);

/** The console's frame: a sidebar on wide screens, a sheet on phones, the superuser and sign-out on top. */
export function ConsoleLayout({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const email = String(pb.authStore.record?.email ?? '');
  return (
    <div className="flex min-h-screen">
      <aside className="sticky top-0 hidden h-screen w-60 shrink-0 flex-col gap-4 border-r bg-card p-4 lg:flex">
        {brand}
        <Nav />
        <a href={paths.dashboard()} className="mt-auto flex items-center gap-2 px-3 text-xs text-muted-foreground hover:underline">
          <Activity className="size-3" aria-hidden /> Staff app
        </a>
      </aside>
      <Sheet open={open} onOpenChange={setOpen} title="Console navigation">
        {brand}
        <Nav onNavigate={() => setOpen(false)} />
      </Sheet>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background/90 px-4 backdrop-blur">
          <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open navigation" onClick={() => setOpen(true)}>
            <MenuIcon />
          </Button>
          <div className="lg:hidden">{brand}</div>
          <div className="ml-auto flex min-w-0 items-center gap-2">
            <span className="hidden truncate text-sm text-muted-foreground sm:inline" title="Signed in superuser">
              {email}
            </span>
            <ThemeToggle />
            <Button
              variant="ghost"
              size="icon"
              aria-label="Sign out"
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
