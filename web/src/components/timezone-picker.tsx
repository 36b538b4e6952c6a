import { useTranslation } from 'react-i18next';
import { forwardRef, useMemo } from 'react';
import { Combobox, type ComboboxOption, type ComboboxProps } from './ui/combobox.tsx';

/** "GMT+1", "GMT-03:30", "GMT" for a zone right now. */
function offsetOf(zone: string, now: Date): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
      .formatToParts(now)
      .find((p) => p.type === 'timeZoneName');
    return part?.value ?? '';
  } catch {
    return '';
  }
}

let cached: ComboboxOption[] | null = null;

/** Every IANA zone the runtime knows (plus UTC), labelled "Europe/Vienna (GMT+1)". */
export function timeZoneOptions(): ComboboxOption[] {
  if (cached) return cached;
  const zones = new Set(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []);
  zones.add('UTC');
  const now = new Date();
  cached = [...zones].sort().map((zone) => {
    const offset = offsetOf(zone, now);
    const city = zone.split('/').pop()?.replace(/_/g, ' ') ?? zone;
    return {
      value: zone,
      label: `${zone.replace(/_/g, ' ')}${offset ? ` (${offset})` : ''}`,
      keywords: `${city} ${offset} ${offset.replace('GMT', 'UTC')}`,
    };
  });
  return cached;
}

export type TimezonePickerProps = Omit<ComboboxProps, 'options'>;

/**
 * A searchable, keyboard-navigable time zone field over `Intl.supportedValuesOf('timeZone')`:
 * type a city, region or offset ("vienna", "new york", "utc+9"), arrows + Enter to pick.
 */
export const TimezonePicker = forwardRef<HTMLInputElement, TimezonePickerProps>(function TimezonePicker({ value, ...props }, ref) {
  const { t } = useTranslation();
  const options = useMemo(() => {
    const all = timeZoneOptions();
    // A stored zone the runtime no longer lists (renamed, e.g. Europe/Kiev) stays selectable.
    return value && !all.some((o) => o.value === value) ? [{ value, label: value }, ...all] : all;
  }, [value]);
  return (
    <Combobox ref={ref} options={options} value={value} placeholder={t('ui.searchTimeZones')} emptyText={t('ui.noTimeZone')} {...props} />
  );
});
