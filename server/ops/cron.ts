/**
 * A small cron scheduler: 5-field expressions (minute hour day-of-month month day-of-week, UTC)
 * plus the macros `@yearly`, `@annually`, `@monthly`, `@weekly`, `@daily`, `@midnight`, `@hourly`.
 * Fields accept `*`, numbers, ranges `a-b`, steps (`a-b/n`, or `*` followed by `/n`) and lists `a,b`. Day-of-week
 * is 0-6 with 7 also meaning Sunday. When both day fields are restricted a day matches either
 * (classic cron). Jobs of one id never overlap: a run that is due while the previous one is still
 * going is skipped.
 *
 * Several instances on one database: each scheduled run is claimed first (`CronClaim`, by job
 * and slot, the due minute), and only the instance whose claim wins runs it, so every job runs
 * once per schedule across the fleet. Manual runs (`run(id)`, `POST /api/crons/{id}`) are not
 * claimed: they run where they are asked for.
 */

export interface CronSchedule {
  minutes: Set<number>;
  hours: Set<number>;
  days: Set<number>;
  months: Set<number>;
  weekdays: Set<number>;
  /** True when the field was `*` (or a step over `*`), for the day-of-month/day-of-week rule. */
  anyDay: boolean;
  anyWeekday: boolean;
}

export class CronSyntaxError extends Error {}

const MACROS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

function parseField(text: string, min: number, max: number, name: string): { values: Set<number>; any: boolean } {
  const values = new Set<number>();
  // Vixie cron: a day field "is *" when it starts with an asterisk (so `*/2` counts too).
  const any = text.startsWith('*');
  for (const part of text.split(',')) {
    const m = /^(\*|\d+(?:-\d+)?)(?:\/(\d+))?$/.exec(part);
    if (!m) throw new CronSyntaxError(`invalid ${name} field "${text}"`);
    const [, range = '', stepText] = m;
    const step = stepText === undefined ? 1 : Number(stepText);
    if (step < 1 || step > max) throw new CronSyntaxError(`invalid step in ${name} field "${text}"`);
    let from = min;
    let to = max;
    if (range !== '*') {
      const [a, b] = range.split('-').map(Number) as [number, number | undefined];
      from = a;
      to = b === undefined ? (stepText === undefined ? a : max) : b;
    }
    if (from < min || to > max || from > to) throw new CronSyntaxError(`${name} value out of range in "${text}"`);
    for (let v = from; v <= to; v += step) values.add(v);
  }
  return { values, any };
}

/** Parses an expression; throws CronSyntaxError. */
export function parseCron(expression: string): CronSchedule {
  const text = MACROS[expression.trim().toLowerCase()] ?? expression.trim();
  const fields = text.split(/\s+/);
  if (fields.length !== 5) throw new CronSyntaxError('expected 5 space-separated fields (minute hour day month weekday)');
  const [mi, ho, da, mo, wd] = fields as [string, string, string, string, string];
  const weekdays = parseField(wd, 0, 7, 'day-of-week');
  if (weekdays.values.delete(7)) weekdays.values.add(0);
  const days = parseField(da, 1, 31, 'day-of-month');
  return {
    minutes: parseField(mi, 0, 59, 'minute').values,
    hours: parseField(ho, 0, 23, 'hour').values,
    days: days.values,
    months: parseField(mo, 1, 12, 'month').values,
    weekdays: weekdays.values,
    anyDay: days.any,
    anyWeekday: weekdays.any,
  };
}

export function isValidCron(expression: string): boolean {
  try {
    parseCron(expression);
    return true;
  } catch {
    return false;
  }
}

/** True when the schedule is due in the (UTC) minute of `date`. */
export function cronMatches(s: CronSchedule, date: Date): boolean {
  if (!s.minutes.has(date.getUTCMinutes()) || !s.hours.has(date.getUTCHours()) || !s.months.has(date.getUTCMonth() + 1)) return false;
  const dayOk = s.days.has(date.getUTCDate());
  const weekdayOk = s.weekdays.has(date.getUTCDay());
  if (s.anyDay || s.anyWeekday) return dayOk && weekdayOk;
  return dayOk || weekdayOk;
}

export type CronJobFn = () => unknown;

interface Job {
  id: string;
  expression: string;
  schedule: CronSchedule;
  fn: CronJobFn;
}

export interface CronLog {
  error(obj: Record<string, unknown>, msg: string): void;
  /** Each due scheduled run, and whether this instance claimed it (LOG_LEVEL=debug). */
  debug?(obj: Record<string, unknown>, msg: string): void;
}

/**
 * Claims the run of `job` in schedule slot `slot` (minutes since the epoch, UTC): true for exactly
 * one caller per (job, slot) across every instance sharing the claim store.
 */
export type CronClaim = (job: string, slot: number) => boolean;

/** The schedule slot of a date: its minute since the epoch. */
export function cronSlot(date: Date): number {
  return Math.floor(date.getTime() / 60_000);
}

/** Where shortened cron minutes (tests) are counted from: the same fixed point on every instance. */
const SHORT_MINUTES_FROM = Date.UTC(2026, 0, 1);

/** The app's job table: modules register jobs; `start()` ticks at every minute boundary. */
export class CronScheduler {
  private readonly jobs = new Map<string, Job>();
  /** Runs in progress by job id (a job never overlaps itself), so shutdown can wait for them. */
  private readonly running = new Map<string, Promise<void>>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly log: CronLog,
    private readonly now: () => Date = () => new Date(),
    /** None: every due run starts here (one instance). */
    private readonly claim?: CronClaim,
    /**
     * How long a cron minute lasts in real time (ms): 60,000 except in tests that run schedules in
     * seconds (`CRON_MINUTE_MS`). Shortened, the timer ticks every `minuteMs`, and the n-th short
     * minute since a fixed point (SHORT_MINUTES_FROM) counts as the n-th minute after it: instances
     * sharing a clock agree on slots, which stay small numbers (PostgreSQL stores them as integer).
     */
    private readonly minuteMs = 60_000,
  ) {}

  /** Adds or replaces a job; throws CronSyntaxError for an invalid expression. */
  register(id: string, expression: string, fn: CronJobFn): void {
    if (!/^[\w.-]{1,100}$/.test(id)) throw new Error(`Invalid cron job id ${id}`);
    this.jobs.set(id, { id, expression, schedule: parseCron(expression), fn });
  }

  remove(id: string): void {
    this.jobs.delete(id);
  }

  has(id: string): boolean {
    return this.jobs.has(id);
  }

  /** `[{id, expression}]`: app jobs sorted by id, then the internal `__pb…__` ones. */
  list(): { id: string; expression: string }[] {
    const all = [...this.jobs.values()].map((j) => ({ id: j.id, expression: j.expression }));
    const internal = (id: string) => id.startsWith('__');
    return all.sort((a, b) => Number(internal(a.id)) - Number(internal(b.id)) || a.id.localeCompare(b.id));
  }

  /** Runs a job now; resolves when it finished (errors are logged, never thrown). False when unknown or already running. */
  async run(id: string): Promise<boolean> {
    const job = this.jobs.get(id);
    if (!job || this.running.has(id)) return false;
    const done = (async () => {
      await null; // the entry below is in place before the job can end (a synchronous throw included)
      try {
        await job.fn();
      } catch (err) {
        this.log.error({ err, job: id }, 'cron job failed');
      } finally {
        this.running.delete(id);
      }
    })();
    this.running.set(id, done);
    await done;
    return true;
  }

  /** Ids of the jobs running now. */
  runningIds(): string[] {
    return [...this.running.keys()];
  }

  /**
   * Resolves true once no job runs (runs started meanwhile included), or false after `timeoutMs`.
   * With `stop()` first, no new scheduled run starts: shutdown waits for the ones in progress.
   */
  async idle(timeoutMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), Math.max(0, timeoutMs));
    });
    try {
      while (this.running.size) {
        if ((await Promise.race([Promise.all(this.running.values()).then(() => true as const), timeout])) === false) return false;
      }
      return true;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Starts every job due in the minute of `date` that is not running here and whose slot this
   * instance claims (without waiting for them); returns the ids started.
   */
  tick(date: Date): string[] {
    const slot = cronSlot(date);
    const started: string[] = [];
    for (const job of this.jobs.values()) {
      if (!cronMatches(job.schedule, date) || this.running.has(job.id)) continue;
      const claimed = this.claimed(job.id, slot);
      this.log.debug?.({ job: job.id, slot, claimed }, 'cron: due');
      if (!claimed) continue;
      void this.run(job.id);
      started.push(job.id);
    }
    return started;
  }

  /** A claim that fails (database busy or down) runs nothing: another instance may still claim. */
  private claimed(id: string, slot: number): boolean {
    if (!this.claim) return true;
    try {
      return this.claim(id, slot);
    } catch (err) {
      this.log.error({ err, job: id, slot }, 'cron claim failed');
      return false;
    }
  }

  start(): void {
    if (this.timer) return;
    const minute = this.minuteMs;
    const schedule = () => {
      const now = Date.now();
      // Just past the next minute boundary, so the tick sees the new minute.
      const delay = minute - (now % minute) + Math.min(50, minute / 10);
      this.timer = setTimeout(() => {
        const date = this.now();
        const since = date.getTime() - SHORT_MINUTES_FROM;
        this.tick(minute === 60_000 ? date : new Date(SHORT_MINUTES_FROM + Math.floor(since / minute) * 60_000));
        schedule();
      }, delay);
      this.timer.unref();
    };
    schedule();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
