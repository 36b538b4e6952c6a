import { forwardRef, type InputHTMLAttributes } from 'react';
import { currencySymbol } from '../../../shared/money.ts';
import { cn } from '../lib/cn.ts';
import { Input } from './ui/input.tsx';

/**
 * A price typed as text in the organization's currency ("12.50" or "12,50"); the form turns it
 * into minor units with `parseMoney` when saving.
 */
export const MoneyInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { currency: string }>(
  ({ currency, className, ...props }, ref) => {
    const symbol = currencySymbol(currency);
    return (
      <div className="relative">
        <span className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-muted-foreground" aria-hidden>
          {symbol}
        </span>
        <Input
          ref={ref}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          className={cn(symbol.length > 1 ? 'pl-12' : 'pl-7', 'text-right tabular-nums', className)}
          {...props}
        />
      </div>
    );
  },
);
MoneyInput.displayName = 'MoneyInput';
