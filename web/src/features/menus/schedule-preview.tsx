import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Eye, EyeOff } from 'lucide-react';
import { WEEK_ORDER, fromMinutes, isOnAt, nextOpening, toMinutes, weekMinuteIn, type ScheduleWindow } from '../../../../shared/schedule.ts';
import { cn } from '../../lib/cn.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input, Select } from '../../components/ui/input.tsx';
import { dayLabel, dayName } from './day-name.ts';
import { formatClock } from '../../../../shared/time-format.ts';
import { activeLanguage } from '../../lib/i18n/i18n.ts';

/** A schedule's "HH:MM" as the user's locale writes times (shared/time-format.ts). */
const clock = (hhmm: string) => formatClock(hhmm, activeLanguage()) || hhmm;

/** "What guests see at <day, time>": whether the (unsaved) schedule shows the menu then. */
export function SchedulePreview({
  schedule,
  timeZone,
  zoneSource,
}: {
  schedule: ScheduleWindow[];
  timeZone: string;
  zoneSource: string | null;
}) {
  const { t } = useTranslation('menus');
  const id = useId();
  const now = () => {
    const t = weekMinuteIn(new Date(), timeZone);
    return { day: t.day, time: fromMinutes(t.minutes) };
  };
  const [at, setAt] = useState(now);
  const minutes = toMinutes(at.time);
  const valid = !Number.isNaN(minutes);
  const on = valid && isOnAt(schedule, { day: at.day, minutes });
  const next = valid && !on ? nextOpening(schedule, { day: at.day, minutes }) : null;

  return (
    <div className="grid gap-3 rounded-md border bg-muted/30 p-3">
      <div className="grid gap-2">
        <p id={`${id}-label`} className="text-sm font-medium">
          {t('schedule.previewTitle')}
        </p>
        <div className="flex flex-wrap items-center gap-2" role="group" aria-labelledby={`${id}-label`}>
          <Select
            value={at.day}
            onChange={(e) => setAt((a) => ({ ...a, day: Number(e.target.value) }))}
            aria-label={t('schedule.previewDay')}
            className="w-36"
          >
            {WEEK_ORDER.map((d) => (
              <option key={d} value={d}>
                {dayLabel(d)}
              </option>
            ))}
          </Select>
          <span className="text-sm text-muted-foreground">{t('schedule.at')}</span>
          <Input
            type="time"
            value={at.time}
            onChange={(e) => setAt((a) => ({ ...a, time: e.target.value }))}
            aria-label={t('schedule.previewTime')}
            className="w-[7.5rem]"
          />
          <Button type="button" variant="outline" onClick={() => setAt(now())}>
            {t('schedule.now')}
          </Button>
        </div>
      </div>
      <p
        role="status"
        aria-live="polite"
        data-testid="schedule-preview"
        className={cn(
          'flex items-start gap-2 text-sm font-medium',
          on ? 'text-emerald-700 dark:text-emerald-300' : 'text-muted-foreground',
        )}
      >
        {on ? <Eye className="mt-0.5 size-4 shrink-0" aria-hidden /> : <EyeOff className="mt-0.5 size-4 shrink-0" aria-hidden />}
        <span>
          {!valid
            ? t('schedule.pickTime')
            : on
              ? t('schedule.on', { day: dayName(at.day), time: clock(at.time) })
              : [
                  t('schedule.off', { day: dayName(at.day), time: clock(at.time) }),
                  next
                    ? next.day === at.day && toMinutes(next.start) > minutes
                      ? t('schedule.backToday', { time: clock(next.start) })
                      : t('schedule.backOn', { day: dayName(next.day), time: clock(next.start) })
                    : '',
                ]
                  .join(' ')
                  .trim()}
        </span>
      </p>
      <p className="text-xs text-muted-foreground">
        {zoneSource ? t('schedule.zoneOfVenue', { zone: timeZone, venue: zoneSource }) : t('schedule.zoneOfBrowser', { zone: timeZone })}
      </p>
    </div>
  );
}
