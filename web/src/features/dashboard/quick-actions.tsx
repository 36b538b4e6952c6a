import { Link } from 'wouter';
import { FileUp, Plus, Store, Tag, UserPlus, type LucideIcon } from 'lucide-react';
import { paths } from '../../app/paths.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';

const ACTIONS: { href: string; label: string; hint: string; icon: LucideIcon }[] = [
  { href: paths.venues(), label: 'Add a venue', hint: 'A place with its own QR code', icon: Store },
  { href: paths.menus(), label: 'Create a menu', hint: 'Sections, items and prices', icon: Plus },
  { href: paths.menuUpload(), label: 'Import a PDF menu', hint: 'Turn a PDF into a menu', icon: FileUp },
  { href: paths.tags(), label: 'Manage tags', hint: 'Vegan, spicy, new …', icon: Tag },
  { href: paths.settingsOrganization(), label: 'Invite your team', hint: 'Owners, admins, editors', icon: UserPlus },
];

/** Shortcuts to the common first steps. */
export function QuickActions() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick actions</CardTitle>
        <CardDescription>Jump straight to a common task.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="-mx-2 grid grid-cols-1 gap-1">
          {ACTIONS.map(({ href, label, hint, icon: Icon }) => (
            <li key={label}>
              <Link
                href={href}
                className="flex items-center gap-3 rounded-md p-2 transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary">
                  <Icon className="size-4" aria-hidden />
                </span>
                <span className="grid min-w-0">
                  <span className="truncate text-sm font-medium">{label}</span>
                  <span className="truncate text-xs text-muted-foreground">{hint}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
