import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

/** An on/off switch (role="switch"); label it with aria-label or a <label htmlFor>. */
export const Switch = forwardRef<
  HTMLButtonElement,
  Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onChange'> & {
    checked: boolean;
    onCheckedChange: (checked: boolean) => void;
  }
>(({ checked, onCheckedChange, className, disabled, ...props }, ref) => (
  <button
    ref={ref}
    type="button"
    role="switch"
    aria-checked={checked}
    disabled={disabled}
    onClick={() => onCheckedChange(!checked)}
    className={cn(
      'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-50',
      checked ? 'bg-primary' : 'bg-input',
      className,
    )}
    {...props}
  >
    <span
      aria-hidden
      className={cn(
        'pointer-events-none block size-5 rounded-full bg-white shadow-md ring-0 transition-transform',
        checked ? 'translate-x-5' : 'translate-x-0',
      )}
    />
  </button>
));
Switch.displayName = 'Switch';
