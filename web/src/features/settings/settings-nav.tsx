import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { Building2, CreditCard } from 'lucide-react';
import { paths } from '../../app/paths.ts';
import { cn } from '../../lib/cn.ts';
import { useMyRole } from '../../hooks/use-my-role.ts';

const TABS = [
  { href: paths.settingsOrganization(), label: 'common:nav.organization', icon: Building2 },
  { href: paths.settingsBilling(), label: 'common:nav.billing', icon: CreditCard },
];

/** Switches between the settings pages (billing is for owners and admins: editors get no tab). */
export function SettingsNav() {
  const { t } = useTranslation('settings');
  const [location] = useLocation();
  const { role } = useMyRole();
  const tabs = role === 'editor' ? TABS.filter((tab) => tab.href !== paths.settingsBilling()) : TABS;
  return (
    <nav aria-label={t('title')} className="mb-6 flex gap-1 border-b">
      {tabs.map(({ href, label, icon: Icon }) => {
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
            <Icon className="size-4" aria-hidden /> {t(label)}
          </Link>
        );
      })}
    </nav>
  );
}
