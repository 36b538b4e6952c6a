import type { ReactNode } from 'react';
import * as M from '@radix-ui/react-dropdown-menu';
import { cn } from '../../lib/cn.ts';

export const DropdownMenu = M.Root;
export const DropdownMenuTrigger = M.Trigger;

export function DropdownMenuContent({
  children,
  align = 'end',
  className,
}: {
  children: ReactNode;
  align?: 'start' | 'end' | 'center';
  className?: string;
}) {
  return (
    <M.Portal>
      <M.Content
        align={align}
        sideOffset={6}
        className={cn('z-50 min-w-48 overflow-hidden rounded-md border bg-popover p-1 text-popover-foreground shadow-md', className)}
      >
        {children}
      </M.Content>
    </M.Portal>
  );
}

export function DropdownMenuItem({
  children,
  onSelect,
  className,
  destructive,
}: {
  children: ReactNode;
  onSelect?: () => void;
  className?: string;
  destructive?: boolean;
}) {
  return (
    <M.Item
      onSelect={onSelect}
      className={cn(
        'relative flex cursor-default select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none focus:bg-accent focus:text-accent-foreground data-[disabled]:opacity-50 [&_svg]:size-4',
        destructive && 'text-destructive',
        className,
      )}
    >
      {children}
    </M.Item>
  );
}

export function DropdownMenuLabel({ children }: { children: ReactNode }) {
  return <M.Label className="px-2 py-1.5 text-xs font-medium text-muted-foreground">{children}</M.Label>;
}

export function DropdownMenuSeparator() {
  return <M.Separator className="-mx-1 my-1 h-px bg-border" />;
}
