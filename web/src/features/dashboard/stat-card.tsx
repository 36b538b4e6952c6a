import type { LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { formatNumber } from '../../lib/format.ts';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/card.tsx';

/** One count of the dashboard, linking to its list. */
export function StatCard({ label, value, href, icon: Icon }: { label: string; value: number | undefined; href: string; icon: LucideIcon }) {
  return (
    <Link
      href={href}
      className="group rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
    >
      <Card className="flex h-full flex-col items-start gap-2 p-4 transition-colors group-hover:border-primary/40 group-hover:bg-accent/40 sm:flex-row sm:items-center sm:gap-4 sm:p-5">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary sm:size-11">
          <Icon className="size-4 sm:size-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <p className="truncate text-xs text-muted-foreground sm:text-sm">{label}</p>
          {value === undefined ? (
            <Skeleton className="mt-1 h-7 w-12" />
          ) : (
            <p className="text-2xl font-semibold tabular-nums" aria-label={`${formatNumber(value)} ${label}`}>
              {formatNumber(value)}
            </p>
          )}
        </div>
      </Card>
    </Link>
  );
}
