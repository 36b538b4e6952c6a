import { useTranslation } from 'react-i18next';
import { forwardRef, useMemo, type SelectHTMLAttributes } from 'react';
import { Select } from '../../components/ui/input.tsx';

const cached = new Map<string, { code: string; label: string }[]>();

/** ISO 4217 codes the runtime knows, labelled "EUR – Euro" in `language` ("EUR – Euro", "USD – US-Dollar" in German). */
export function currencyOptions(language = 'en'): { code: string; label: string }[] {
  const known = cached.get(language);
  if (known) return known;
  const codes = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : ['EUR', 'USD', 'GBP', 'CHF'];
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: 'currency' });
  } catch {
    /* codes only */
  }
  const options = codes.map((code) => ({ code, label: `${code} – ${names?.of(code) ?? code}` }));
  cached.set(language, options);
  return options;
}

/** A native select of currencies (searchable by typing the code on every platform). */
export const CurrencySelect = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function CurrencySelect(props, ref) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const options = useMemo(() => currencyOptions(language), [language]);
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
