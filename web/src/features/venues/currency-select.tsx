import { forwardRef, useMemo, type SelectHTMLAttributes } from 'react';
import { Select } from '../../components/ui/input.tsx';

let cached: { code: string; label: string }[] | null = null;

/** ISO 4217 codes the runtime knows, labelled "EUR – Euro". */
export function currencyOptions(): { code: string; label: string }[] {
  if (cached) return cached;
  const codes = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : ['EUR', 'USD', 'GBP', 'CHF'];
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames(['en'], { type: 'currency' });
  } catch {
    /* codes only */
  }
  cached = codes.map((code) => ({ code, label: `${code} – ${names?.of(code) ?? code}` }));
  return cached;
}

/** A native select of currencies (searchable by typing the code on every platform). */
export const CurrencySelect = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function CurrencySelect(props, ref) {
  const options = useMemo(currencyOptions, []);
  const value = String(props.value ?? '');
  return (
    <Select ref={ref} {...props}>
      {value && !options.some((o) => o.code === value) ? <option value={value}>{value}</option> : null}
      {options.map((o) => (
        <option key={o.code} value={o.code}>
          {o.label}
        </option>
      ))}
    </Select>
  );
});
