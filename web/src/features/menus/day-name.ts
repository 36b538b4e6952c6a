import { activeLanguage } from '../../lib/i18n/i18n.ts';

/** 2024-01-07 was a Sunday: day 0 of the schedule's week (0 = Sunday … 6 = Saturday). */
const SUNDAY = Date.UTC(2024, 0, 7);

/** A schedule day's name in the app's language ("Monday", "Montag"), from `Intl`, not from a message file. */
export function dayName(day: number): string {
  return new Intl.DateTimeFormat(activeLanguage(), { weekday: 'long', timeZone: 'UTC' }).format(SUNDAY + day * 86_400_000);
}

/** The same name as a label on its own (capitalised: French and Italian write "lundi" inside a sentence). */
export function dayLabel(day: number): string {
  const name = dayName(day);
  return name.charAt(0).toLocaleUpperCase(activeLanguage()) + name.slice(1);
}
