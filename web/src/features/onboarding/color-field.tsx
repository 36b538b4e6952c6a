import { forwardRef, type InputHTMLAttributes } from 'react';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { HEX_COLOR_PATTERN } from '../../../../shared/constants.ts';
import { Input } from '../../components/ui/input.tsx';
import { cn } from '../../lib/cn.ts';

/** `name` is English and the key of its translation (`common:colours.<name>`). */
export const COLOR_PRESETS = [
  { name: 'Teal', hex: '#0f766e' },
  { name: 'Blue', hex: '#2563eb' },
  { name: 'Violet', hex: '#7c3aed' },
  { name: 'Rose', hex: '#e11d48' },
  { name: 'Orange', hex: '#ea580c' },
  { name: 'Amber', hex: '#b45309' },
  { name: 'Green', hex: '#15803d' },
  { name: 'Charcoal', hex: '#1f2937' },
] as const;

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
  value: string;
  onChange: (value: string) => void;
};

/**
 * A brand colour: a hex input (the labelled control), the browser's colour picker behind the
 * preview swatch, and a few presets.
 */
export const ColorField = forwardRef<HTMLInputElement, Props>(function ColorField({ value, onChange, onBlur, className, ...props }, ref) {
  const { t } = useTranslation(['common', 'onboarding']);
  const valid = HEX_COLOR_PATTERN.test(value);
  return (
    <div className="grid gap-3">
      <div className="flex items-center gap-2">
        <label
          className="relative size-10 shrink-0 cursor-pointer overflow-hidden rounded-md border border-input shadow-sm focus-within:ring-2 focus-within:ring-ring"
          title={t('onboarding:pickColour')}
        >
          <span className="sr-only">{t('onboarding:pickColour')}</span>
          <span className="block size-full" style={{ backgroundColor: valid ? value : 'transparent' }} />
          <input
            type="color"
            className="absolute inset-0 size-full cursor-pointer opacity-0"
            value={valid ? value.toLowerCase() : '#000000'}
            onChange={(e) => onChange(e.target.value)}
          />
        </label>
        <Input
          ref={ref}
          {...props}
          value={value}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          placeholder="#0f766e"
          className={cn('font-mono', className)}
          onChange={(e) => onChange(e.target.value.trim())}
          onBlur={(e) => {
            // "0f766e" is accepted and written as "#0f766e".
            if (/^[0-9a-fA-F]{6}$/.test(value)) onChange(`#${value}`);
            onBlur?.(e);
          }}
        />
      </div>
      <div role="group" aria-label={t('onboarding:presetColours')} className="flex flex-wrap gap-2">
        {COLOR_PRESETS.map((p) => {
          const on = value.toLowerCase() === p.hex;
          const name = t(`colours.${p.name}`);
          return (
            <button
              key={p.hex}
              type="button"
              aria-label={`${name} ${p.hex}`}
              aria-pressed={on}
              title={name}
              onClick={() => onChange(p.hex)}
              className="flex size-8 items-center justify-center rounded-full border border-black/10 text-white shadow-sm ring-offset-2 ring-offset-background transition-transform hover:scale-110 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-pressed:ring-2 aria-pressed:ring-foreground dark:border-white/20"
              style={{ backgroundColor: p.hex }}
            >
              {on ? <Check className="size-4" aria-hidden /> : null}
            </button>
          );
        })}
      </div>
    </div>
  );
});
