import { Link, useLocation } from 'wouter';
import { Building2, CreditCard } from 'lucide-react';
import { paths } from '../../app/paths.ts';
import { cn } from '../../lib/cn.ts';

const TABS = [
  { href: paths.settingsOrganization(), label: 'Organization', icon: Building2 },
  { href: paths.settingsBilling(), label: 'Billing', icon: CreditCard },
];

/** Switches between the settings pages. */
export function SettingsNav() {
  const [location] = useLocation();
  return (
    <nav aria-label="Settings" className="mb-6 flex gap-1 border-b">
      {TABS.map(({ href, label, icon: Icon }) => {
        const active = location === href;
        return (
          <Link
            key={href}
            href={href}
            aria-current={active ? 'page' : undefined}
            className={cn(
              '-mb-px flex items-center gap-2 border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              active && 'border-primary text-foreground',
            )}
          >
            <Icon className="size-4" aria-hidden /> {label}
          </Link>
        );
      })}
    </nav>
  );
}

export const ROLE_LABELS = { owner: 'Owner', admin: 'Admin', editor: 'Editor' } as const;
export const ROLE_HINTS = {
  owner: 'Everything, including billing and appointing owners',
  admin: 'Settings, billing and members',
  editor: 'Venues, menus, items and tags',
} as const;
