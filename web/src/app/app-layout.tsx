import { useTranslation } from 'react-i18next';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, Redirect, useLocation } from 'wouter';
import {
  Building2,
  ChevronsUpDown,
  ConciergeBell,
  CreditCard,
  FileUp,
  HelpCircle,
  LayoutDashboard,
  Menu as MenuIcon,
  Settings,
  Store,
  Tag,
  UtensilsCrossed,
  type LucideIcon,
} from 'lucide-react';
import { isBilling, navFor } from './nav-items.ts';
import { toast } from '../lib/toast.ts';
import { useAuth } from '../hooks/use-auth.ts';
import { usePublicConfig } from '../hooks/use-public-config.ts';
import { paths } from './paths.ts';
import { Button } from '../components/ui/button.tsx';
import { Sheet } from '../components/ui/dialog.tsx';
import { DeferredMenu } from '../components/ui/deferred-menu.tsx';
import { ThemeToggle } from '../components/theme-toggle.tsx';
import { SideNav } from '../components/side-nav.tsx';
import { RealtimeIndicator } from '../components/realtime-indicator.tsx';
import { LapseBanner } from './lapse-banner.tsx';
import { useMyRole } from '../hooks/use-my-role.ts';
import { FullText } from '../components/ui/full-text.tsx';
import { PageLoad } from './page-load.tsx';
import { useMediaQuery } from '../hooks/use-media-query.ts';

/** Each entry's icon (the entries themselves: nav-items.ts, shared with service mode's page). */
const ICONS: Record<string, LucideIcon> = {
  [paths.dashboard()]: LayoutDashboard,
  [paths.serviceVenues()]: ConciergeBell,
  [paths.venues()]: Store,
  [paths.menus()]: UtensilsCrossed,
  [paths.menuUpload()]: FileUp,
  [paths.tags()]: Tag,
  [paths.settingsOrganization()]: Settings,
  [paths.settingsBilling()]: CreditCard,
  [paths.help()]: HelpCircle,
};

function isActive(location: string, href: string): boolean {
  const base = href.replace(/\/$/, '');
  return (
    location === href ||
    location === base ||
    (base !== '/dashboard' && location.startsWith(`${base}/`) && !(base === '/menus' && location.startsWith('/menus/upload')))
  );
}

/** Whether floor staff may open `location` (the rest is the team's: menus, settings, billing…). */
export function staffMayOpen(location: string): boolean {
  const path = location.split(/[?#]/)[0] ?? '';
  return (
    path === '/venues' ||
    path === paths.venues() ||
    path === paths.serviceVenues() ||
    path.startsWith('/service/') ||
    path.startsWith('/profile') ||
    path === paths.help()
  );
}

function Nav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { role } = useMyRole();
  const shown = navFor(role);
  const items = shown.map((item) => ({ ...item, label: t(item.label), icon: ICONS[item.href] ?? HelpCircle }));
  return <SideNav label={t('shell.mainNavigation')} items={items} isActive={isActive} onNavigate={onNavigate} />;
}

/** Service mode one tap away on phones (the navigation sits behind the menu button there). */
function ServiceShortcut() {
  const { t } = useTranslation();
  const [location] = useLocation();
  if (location.startsWith(paths.serviceVenues())) return null;
  return (
    <Button asChild variant="ghost" size="icon" className="size-11 lg:hidden">
      <Link href={paths.serviceVenues()} aria-label={t('shell.serviceMode')} title={t('shell.serviceMode')}>
        <ConciergeBell aria-hidden />
      </Link>
    </Button>
  );
}

const loadMenus = () => import('./layout-menus.tsx');

/** Switches the current organization among the user's memberships (the menu loads when first wanted). */
function OrganizationSwitcher() {
  const { t } = useTranslation();
  const { organization } = useAuth();
  return (
    <DeferredMenu
      load={() => loadMenus().then((m) => m.OrganizationMenu)}
      trigger={
        <Button variant="outline" className="w-full justify-between">
          <span className="flex min-w-0 items-center gap-2">
            <Building2 aria-hidden />
            <FullText text={organization ? String(organization.name) : t('shell.organization')} />
          </span>
          <ChevronsUpDown className="opacity-60" aria-hidden />
        </Button>
      }
    />
  );
}

function UserMenu() {
  const { t } = useTranslation();
  const { record } = useAuth();
  const name = String(record?.name || record?.email || t('shell.account'));
  return (
    <DeferredMenu
      load={() => loadMenus().then((m) => m.UserMenu)}
      trigger={
        <Button variant="ghost" size="icon" aria-label={t('shell.accountMenu')}>
          <span className="flex size-8 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground">
            {name.slice(0, 1).toUpperCase()}
          </span>
        </Button>
      }
    />
  );
}

/**
 * Floor staff opening a team route (a bookmark, an old link, the dashboard after sign-in) land on
 * service mode, their home screen, instead, told why, rather than on a page of refusals. The dashboard is where
 * sign-in lands everyone: that redirect says nothing. Editors opening billing land on the dashboard,
 * told who manages it.
 */
function StaffRoutes({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { role } = useMyRole();
  const [location] = useLocation();
  const refused = role === 'staff' && !staffMayOpen(location);
  const editorRefused = role === 'editor' && isBilling(location);
  const silent = location === paths.dashboard();
  useEffect(() => {
    if (editorRefused) toast.info(t('shell.billingManagersOnly'), { id: 'billing-managers-only' });
  }, [editorRefused, t]);
  if (editorRefused) return <Redirect to={paths.dashboard()} replace />;
  // Service mode is a page of its own (service.html): it says why, after the page load.
  return refused ? <PageLoad to={paths.serviceVenues()} notice={silent ? undefined : 'shell.staffOnly'} /> : <>{children}</>;
}

/** The signed-in app: sidebar on wide screens, a sheet on phones, top bar with switchers. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const appName = usePublicConfig().appName;
  // The sidebar exists only where it shows (Tailwind's lg): on a phone it would be a hidden copy of
  // the navigation sheet that every page's first render builds for nothing.
  const wide = useMediaQuery('(min-width: 64rem)');
  const brand = (
    <Link href={paths.dashboard()} className="flex items-center gap-2 px-3 text-base font-semibold">
      <img src="/favicon.svg" alt="" className="size-6" />
      {appName}
    </Link>
  );
  return (
    <div className="flex min-h-screen">
      {wide ? (
        <aside className="sticky top-0 hidden h-screen w-64 shrink-0 flex-col gap-4 border-r bg-card p-4 lg:flex">
          {brand}
          <OrganizationSwitcher />
          <Nav />
        </aside>
      ) : null}
      <Sheet open={open} onOpenChange={setOpen} title={t('shell.navigation')}>
        {brand}
        <OrganizationSwitcher />
        <Nav onNavigate={() => setOpen(false)} />
      </Sheet>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background/90 px-4 backdrop-blur">
          <Button variant="ghost" size="icon" className="lg:hidden" aria-label={t('shell.openNavigation')} onClick={() => setOpen(true)}>
            <MenuIcon />
          </Button>
          <div className="lg:hidden">{brand}</div>
          <div className="ml-auto flex items-center gap-2">
            <ServiceShortcut />
            <RealtimeIndicator />
            <ThemeToggle />
            <UserMenu />
          </div>
        </header>
        <LapseBanner />
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 p-4 sm:p-6">
          <StaffRoutes>{children}</StaffRoutes>
        </main>
      </div>
    </div>
  );
}
