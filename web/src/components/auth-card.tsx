import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from './ui/card.tsx';
import { cn } from '../lib/cn.ts';

/** The one card of each account page: a page heading (h1), optional icon, body and footer links. */
export function AuthCard({
  title,
  description,
  icon,
  tone = 'primary',
  children,
  footer,
  className,
}: {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  tone?: 'primary' | 'destructive';
  children?: ReactNode;
  footer?: ReactNode;
  className?: string;
}) {
  return (
    <Card className={cn('shadow-md', className)}>
      <CardHeader className="gap-2 p-5 sm:p-6">
        {icon ? (
          <div
            aria-hidden
            className={cn(
              'mb-1 flex size-11 items-center justify-center rounded-full [&_svg]:size-5',
              tone === 'primary' ? 'bg-primary/10 text-primary' : 'bg-destructive/10 text-destructive',
            )}
          >
            {icon}
          </div>
        ) : null}
        <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">{title}</h1>
        {description ? <CardDescription className="text-pretty">{description}</CardDescription> : null}
      </CardHeader>
      {children ? <CardContent className="p-5 pt-0 sm:p-6 sm:pt-0">{children}</CardContent> : null}
      {footer ? (
        <CardFooter className="flex-wrap justify-center gap-x-1 border-t px-5 py-4 text-sm text-muted-foreground sm:px-6">
          {footer}
        </CardFooter>
      ) : null}
    </Card>
  );
}

/** A thin "or" rule between sign-in methods. */
export function OrDivider({ label }: { label?: string }) {
  const { t } = useTranslation();
  label ??= t('ui.or');
  return (
    <div className="relative my-5 flex items-center" role="separator" aria-label={label}>
      <span className="h-px flex-1 bg-border" />
      <span className="px-3 text-xs uppercase tracking-wide text-muted-foreground">{label}</span>
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}

/** An in-card message block for success and failure states. */
export function Notice({ tone = 'info', children }: { tone?: 'info' | 'success' | 'error'; children: ReactNode }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'rounded-md border px-4 py-3 text-sm',
        tone === 'info' && 'border-border bg-muted/60 text-foreground',
        tone === 'success' && 'border-primary/30 bg-primary/10 text-foreground',
        tone === 'error' && 'border-destructive/40 bg-destructive/10 text-foreground',
      )}
    >
      {children}
    </div>
  );
}
