import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ChevronRight, ListOrdered, UtensilsCrossed } from 'lucide-react';
import { paths } from '../../app/paths.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, Skeleton } from '../../components/ui/card.tsx';
import { formatDate, formatRelative } from '../../lib/format.ts';
import type { RecentEdit } from './use-dashboard.ts';

function hrefOf(edit: RecentEdit): string {
  return 'menu' in edit.href ? paths.menu(edit.href.menu) : paths.sectionItems(edit.href.section);
}

/** The last changed menus and items, newest first. */
export function RecentEdits({ edits, loading }: { edits: RecentEdit[] | undefined; loading: boolean }) {
  const { t } = useTranslation('dashboard');
  // Menus say whether guests see them; items where they live (section and menu names are user data).
  const contextOf = (edit: RecentEdit) =>
    edit.kind === 'menu' ? t(edit.published ? 'recent.publishedMenu' : 'recent.draftMenu') : edit.context || t('recent.item');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('recent.title')}</CardTitle>
        <CardDescription>{t('recent.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {loading ? (
          <ul className="grid gap-3" aria-busy="true" aria-label={t('recent.loading')}>
            {[0, 1, 2].map((i) => (
              <li key={i} className="flex items-center gap-3">
                <Skeleton className="size-9" />
                <div className="grid flex-1 gap-2">
                  <Skeleton className="h-4 w-1/2" />
                  <Skeleton className="h-3 w-1/3" />
                </div>
              </li>
            ))}
          </ul>
        ) : !edits?.length ? (
          <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">{t('recent.empty')}</p>
        ) : (
          <ul className="-mx-2 grid grid-cols-1 gap-1">
            {edits.map((edit) => {
              const Icon = edit.kind === 'menu' ? UtensilsCrossed : ListOrdered;
              return (
                <li key={`${edit.kind}-${edit.id}`}>
                  <Link
                    href={hrefOf(edit)}
                    className="flex items-center gap-3 rounded-md p-2 transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground">
                      <Icon className="size-4" aria-hidden />
                    </span>
                    <span className="grid min-w-0 flex-1">
                      <span className="flex min-w-0 items-center gap-2">
                        <span className="truncate text-sm font-medium">
                          {edit.name || t(edit.kind === 'menu' ? 'recent.untitledMenu' : 'recent.untitledItem')}
                        </span>
                        <Badge variant="outline" className="hidden sm:inline-flex">
                          {t(edit.kind === 'menu' ? 'recent.menu' : 'recent.item')}
                        </Badge>
                      </span>
                      <span className="truncate text-xs text-muted-foreground">{contextOf(edit)}</span>
                    </span>
                    <time
                      dateTime={edit.updated.replace(' ', 'T')}
                      title={formatDate(edit.updated, { dateStyle: 'medium', timeStyle: 'short' })}
                      className="shrink-0 text-xs text-muted-foreground"
                    >
                      {formatRelative(edit.updated)}
                    </time>
                    <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
