import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { FileUp, Plus, Store, Tag, UserPlus, type LucideIcon } from 'lucide-react';
import { paths } from '../../app/paths.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';

/** `key` names the action's `quick.<key>.label` and `.hint` messages. */
const ACTIONS: { href: string; key: 'venue' | 'menu' | 'pdf' | 'tags' | 'team'; icon: LucideIcon }[] = [
  { href: paths.venues(), key: 'venue', icon: Store },
  { href: paths.menus(), key: 'menu', icon: Plus },
  { href: paths.menuUpload(), key: 'pdf', icon: FileUp },
  { href: paths.tags(), key: 'tags', icon: Tag },
  { href: paths.settingsOrganization(), key: 'team', icon: UserPlus },
];

/** Shortcuts to the common first steps. */
export function QuickActions() {
  const { t } = useTranslation('dashboard');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('quick.title')}</CardTitle>
        <CardDescription>{t('quick.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="-mx-2 grid grid-cols-1 gap-1">
          {ACTIONS.map(({ href, key, icon: Icon }) => (
            <li key={key}>
              <Link
                href={href}
                className="flex items-center gap-3 rounded-md p-2 transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary">
                  <Icon className="size-4" aria-hidden />
                </span>
                <span className="grid min-w-0">
                  <span className="truncate text-sm font-medium">{t(`quick.${key}.label`)}</span>
                  <span className="truncate text-xs text-muted-foreground">{t(`quick.${key}.hint`)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
