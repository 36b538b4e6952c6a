import { Trans, useTranslation } from 'react-i18next';
import { Plus, X } from 'lucide-react';
import { WEEK_ORDER, fromMinutes, toMinutes, type ScheduleWindow } from '../../../../shared/schedule.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { dayLabel } from './day-name.ts';
import { formatClock } from '../../../../shared/time-format.ts';
import { activeLanguage } from '../../lib/i18n/i18n.ts';
import { errorText } from './error-text.ts';

type WindowErrors = ({ start?: { message?: string }; end?: { message?: string } } | undefined)[] | undefined;

/** Orders windows by weekday (Monday first as shown) and start time. */
export function sortSchedule(schedule: readonly ScheduleWindow[]): ScheduleWindow[] {
  const rank = (day: number) => WEEK_ORDER.indexOf(day as (typeof WEEK_ORDER)[number]);
  return [...schedule].sort((a, b) => rank(a.day) - rank(b.day) || a.start.localeCompare(b.start));
}

/** A new window for `day`: after the day's last one, else a copy of the last window set anywhere. */
function nextWindow(schedule: readonly ScheduleWindow[], day: number): ScheduleWindow {
  const same = schedule.filter((w) => w.day === day);
  const last = same.at(-1);
  if (last) {
    const start = toMinutes(last.end);
    return { day, start: last.end, end: fromMinutes(Math.min(start + 120, 23 * 60 + 59)) };
  }
  const any = schedule.at(-1);
  return any ? { day, start: any.start, end: any.end } : { day, start: '11:00', end: '22:00' };
}

/**
 * Weekly opening windows per day (times as `<input type="time">`); no windows at all means the
 * menu is always on. A window ending before it starts runs past midnight.
 */
export function ScheduleEditor({
  value,
  onChange,
  errors,
  timeZone,
}: {
  value: ScheduleWindow[];
  onChange: (next: ScheduleWindow[]) => void;
  errors?: WindowErrors;
  timeZone: string;
}) {
  const { t } = useTranslation('menus');
  const set = (index: number, patch: Partial<ScheduleWindow>) => onChange(value.map((w, i) => (i === index ? { ...w, ...patch } : w)));
  const remove = (index: number) => onChange(value.filter((_, i) => i !== index));
  const add = (day: number) => onChange([...value, nextWindow(value, day)]);

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-dashed px-3 py-2 text-sm">
        <p className="min-w-0 flex-1 text-muted-foreground">
          {value.length === 0 ? (
            t('schedule.always')
          ) : (
            <Trans
              t={t}
              i18nKey="schedule.only"
              values={{ zone: timeZone }}
              components={{ zone: <span className="font-medium text-foreground" /> }}
            />
          )}
        </p>
        {value.length ? (
          <Button type="button" variant="outline" size="sm" className="ml-auto" onClick={() => onChange([])}>
            {t('schedule.clear')}
          </Button>
        ) : null}
      </div>
      <ul className="divide-y rounded-md border" aria-label={t('schedule.weekly')}>
        {WEEK_ORDER.map((day) => {
          const windows = value.map((w, index) => ({ w, index })).filter(({ w }) => w.day === day);
          const dayName = dayLabel(day);
          return (
            <li key={day} className="grid gap-2 px-3 py-2.5 sm:grid-cols-[6.5rem_minmax(0,1fr)] sm:items-start">
              <span className="pt-2 text-sm font-medium">{dayName}</span>
              <div className="grid gap-2">
                {windows.map(({ w, index }) => {
                  const err = errors?.[index];
                  const overnight = toMinutes(w.end) < toMinutes(w.start);
                  const allDay = w.start === w.end;
                  return (
                    <div key={index} className="flex flex-wrap items-center gap-2">
                      <Input
                        type="time"
                        value={w.start}
                        onChange={(e) => set(index, { start: e.target.value })}
                        aria-label={t('schedule.from', { day: dayName })}
                        aria-invalid={err?.start ? true : undefined}
                        className="w-[7.5rem]"
                        required
                      />
                      <span className="text-muted-foreground" aria-hidden>
                        –
                      </span>
                      <Input
                        type="time"
                        value={w.end}
                        onChange={(e) => set(index, { end: e.target.value })}
                        aria-label={t('schedule.until', { day: dayName })}
                        aria-invalid={err?.end ? true : undefined}
                        className="w-[7.5rem]"
                        required
                      />
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        className="size-9"
                        aria-label={t('schedule.removeWindow', {
                          day: dayName,
                          start: formatClock(w.start, activeLanguage()) || w.start,
                          end: formatClock(w.end, activeLanguage()) || w.end,
                        })}
                        onClick={() => remove(index)}
                      >
                        <X aria-hidden />
                      </Button>
                      {overnight ? (
                        <span className="text-xs text-muted-foreground">{t('schedule.overnight')}</span>
                      ) : allDay ? (
                        <span className="text-xs text-muted-foreground">{t('schedule.allDay')}</span>
                      ) : null}
                      {err?.start || err?.end ? (
                        <p role="alert" className="w-full text-sm font-medium text-destructive">
                          {errorText(err.start?.message ?? err.end?.message)}
                        </p>
                      ) : null}
                    </div>
                  );
                })}
                <div className="flex items-center gap-3">
                  {windows.length === 0 ? (
                    <span className="text-sm text-muted-foreground">
                      {value.length ? t('schedule.notShown') : t('schedule.allDayLabel')}
                    </span>
                  ) : null}
                  <Button
                    type="button"
                    variant="link"
                    size="sm"
                    className="h-8 px-0"
                    onClick={() => add(day)}
                    aria-label={t('schedule.addHoursOn', { day: dayName })}
                  >
                    <Plus aria-hidden /> {t('schedule.addHours')}
                  </Button>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
