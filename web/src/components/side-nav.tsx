import type { ComponentType } from 'react';
import { Link, useLocation } from 'wouter';
import { cn } from '../lib/cn.ts';

export interface SideNavItem {
  href: string;
  label: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
}

/** The vertical navigation of a signed-in frame (staff app, console): the current page is marked for screen readers too. */
export function SideNav({
  label,
  items,
  isActive,
  onNavigate,
}: {
  label: string;
  items: readonly SideNavItem[];
  isActive: (location: string, href: string) => boolean;
  onNavigate?: () => void;
}) {
  const [location] = useLocation();
  return (
    <nav aria-label={label} className="grid gap-1">
      {items.map(({ href, label: text, icon: Icon }) => {
        const active = isActive(location, href);
        return (
          <Link
            key={href}
            href={href}
            onClick={onNavigate}
            aria-current={active ? 'page' : undefined}
            className={cn(
              'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              active && 'bg-accent text-foreground',
            )}
          >
            <Icon className="size-4" aria-hidden /> {text}
          </Link>
        );
      })}
    </nav>
  );
}
