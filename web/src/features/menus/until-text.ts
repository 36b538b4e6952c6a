import { activeLanguage } from '../../lib/i18n/i18n.ts';
import { formatDateTimeShort, formatWeekdayTime } from '../../../../shared/time-format.ts';

/** A stored "sold out until" instant as staff read it in a venue's time zone ("Mon 6:00 PM", "3. Feb., 18:00"). */
export function untilText(value: string, timeZone: string): string {
  const d = new Date(value.replace(' ', 'T'));
  if (Number.isNaN(d.getTime())) return '';
  // Within the coming week the weekday is enough ("Mon 18:00"); later ones get the date. The time
  // is written as everywhere else in the user's locale (shared/time-format.ts).
  const soon = d.getTime() - Date.now() < 6 * 86400000;
  return soon ? formatWeekdayTime(d, activeLanguage(), timeZone) : formatDateTimeShort(d, activeLanguage(), timeZone);
}
