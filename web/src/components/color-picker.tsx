import { forwardRef, useId, type FocusEvent } from 'react';
import { HexColorPicker } from 'react-colorful';
import { useTranslation } from 'react-i18next';
import { Check } from 'lucide-react';
import { cn } from '../lib/cn.ts';
import { normalizeHex, readableTextColor } from '../../../shared/contrast.ts';
import { Input } from './ui/input.tsx';

export interface ColorPreset {
  /** English name, also the key of its translation (`common:colours.<name>`). */
  name: string;
  value: string;
}

/**
 * Dark enough for white text and for QR codes on white (contrast ≥ 4.5 against white). Twelve, so
 * the swatches form two even rows of six.
 */
export const COLOR_PRESETS: readonly ColorPreset[] = [
  { name: 'Black', value: '#000000' },
  { name: 'Slate', value: '#334155' },
  { name: 'Red', value: '#b91c1c' },
  { name: 'Orange', value: '#c2410c' },
  { name: 'Amber', value: '#a16207' },
  { name: 'Green', value: '#15803d' },
  { name: 'Teal', value: '#0f766e' },
  { name: 'Blue', value: '#1d4ed8' },
  { name: 'Indigo', value: '#4338ca' },
  { name: 'Purple', value: '#7e22ce' },
  { name: 'Pink', value: '#be185d' },
  { name: 'Brown', value: '#78350f' },
];

export interface ColorPickerProps {
  /** The raw text of the field: `#rrggbb` when valid; anything else is left to the form's schema. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Goes on the hex input, so a FormField label points at it. */
  id?: string;
  name?: string;
  /** Accessible name of the picker and the presets ("Primary colour", "Tag colour" …). */
  label?: string;
  /** The field may be empty (e.g. a tag colour that falls back to black). */
  allowEmpty?: boolean;
  placeholder?: string;
  presets?: readonly ColorPreset[];
  disabled?: boolean;
  className?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/**
 * A colour field: a saturation/hue picker (react-colorful, arrow keys work on both), a hex input
 * that accepts `#rrggbb` (`rrggbb` and `#rgb` are expanded on blur) and preset swatches.
 */
export const ColorPicker = forwardRef<HTMLInputElement, ColorPickerProps>(function ColorPicker(
  { value, onChange, onBlur, id, name, label, allowEmpty, placeholder = '#000000', presets = COLOR_PRESETS, disabled, className, ...aria },
  ref,
) {
  const { t } = useTranslation();
  const groupLabel = label ?? t('ui.colour');
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const normalized = normalizeHex(value);
  const valid = normalized !== null;
  const shown = normalized ? normalized : allowEmpty && value.trim() === '' ? placeholder : '#000000';
  const handleBlur = (_e: FocusEvent<HTMLInputElement>) => {
    if (normalized && normalized !== value) onChange(normalized);
    onBlur?.();
  };

  return (
    <div className={cn('grid gap-3', disabled && 'pointer-events-none opacity-50', className)}>
      <div className="flex items-center gap-2">
        <span
          aria-hidden
          className={cn(
            'size-10 shrink-0 rounded-md border shadow-inner',
            !valid && 'bg-[repeating-conic-gradient(hsl(var(--muted))_0%_25%,transparent_0%_50%)] bg-[length:12px_12px]',
          )}
          style={valid ? { backgroundColor: shown } : undefined}
        />
        <Input
          ref={ref}
          id={inputId}
          name={name}
          value={value}
          placeholder={placeholder}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          autoCapitalize="off"
          disabled={disabled}
          className="font-mono uppercase placeholder:normal-case"
          onChange={(e) => onChange(e.target.value.trim())}
          onBlur={handleBlur}
          {...aria}
        />
      </div>
      <HexColorPicker
        color={shown}
        onChange={(c) => onChange(c.toLowerCase())}
        role="group"
        aria-label={groupLabel}
        style={{ width: '100%', height: 128 }}
      />
      <div role="group" aria-label={t('ui.colourPresets', { label: groupLabel })} className="grid grid-cols-[repeat(6,2rem)] gap-2">
        {presets.map((p) => {
          const selected = normalized === p.value;
          const named = `${t(`colours.${p.name}`, { defaultValue: p.name })} ${p.value}`;
          return (
            <button
              key={p.value}
              type="button"
              title={named}
              aria-label={named}
              aria-pressed={selected}
              disabled={disabled}
              onClick={() => onChange(p.value)}
              className="flex size-8 items-center justify-center rounded-full border border-black/10 shadow-sm transition-transform hover:scale-110 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background dark:border-white/20"
              style={{ backgroundColor: p.value, color: readableTextColor(p.value) }}
            >
              {selected ? <Check className="size-4" aria-hidden /> : null}
            </button>
          );
        })}
      </div>
    </div>
  );
});
