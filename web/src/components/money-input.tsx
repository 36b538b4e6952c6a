import { forwardRef, type InputHTMLAttributes } from 'react';
import { currencySymbol, moneyInputText, parseMoney } from '../../../shared/money.ts';
import { activeLanguage } from '../lib/i18n/i18n.ts';
import { cn } from '../lib/cn.ts';
import { Input } from './ui/input.tsx';

type MoneyInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  currency: string;
  value: string;
  /** The text as typed, and on leaving the field the tidied amount. */
  onValueChange: (text: string) => void;
};

/**
 * A price typed as text in the organization's currency ("12.50" or "12,50"); forms turn it into
 * minor units with `parseMoney` when saving. Leaving the field tidies a readable amount into the
 * way the user's language writes it ("12,5" → "12,50" in German, "12.50" in English); a mistake is
 * left as typed for the form's message.
 */
export const MoneyInput = forwardRef<HTMLInputElement, MoneyInputProps>(
  ({ currency, className, value, onValueChange, onBlur, ...props }, ref) => {
    const symbol = currencySymbol(currency);
    const language = activeLanguage();
    return (
      <div className="relative">
        <span className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-muted-foreground" aria-hidden>
          {symbol}
        </span>
        <Input
          ref={ref}
          inputMode="decimal"
          autoComplete="off"
          placeholder={moneyInputText(0, currency, language)}
          className={cn(symbol.length > 1 ? 'pl-12' : 'pl-7', 'text-right tabular-nums', className)}
          {...props}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          onBlur={(e) => {
            const minor = parseMoney(value, currency);
            const tidy = minor === null ? null : moneyInputText(minor, currency, language);
            if (tidy !== null && tidy !== value) onValueChange(tidy);
            onBlur?.(e);
          }}
        />
      </div>
    );
  },
);
MoneyInput.displayName = 'MoneyInput';
