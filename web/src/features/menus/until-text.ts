import { activeLanguage } from '../../lib/i18n/i18n.ts';

/** A stored "sold out until" instant as staff read it in a venue's time zone ("Mon 18:00", "3 Feb, 18:00"). */
export function untilText(value: string, timeZone: string): string {
  const d = new Date(value.replace(' ', 'T'));
  if (Number.isNaN(d.getTime())) return '';
  // Within the coming week the weekday is enough ("Mon 18:00"); later ones get the date.
  const soon = d.getTime() - Date.now() < 6 * 86400000;
  return new Intl.DateTimeFormat(
    activeLanguage(),
    soon
      ? { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit' }
      : { timeZone, day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' },
  ).format(d);
}
