import { describe, expect, it } from 'vitest';
import { CronScheduler, CronSyntaxError, cronMatches, isValidCron, parseCron } from './cron.ts';

const at = (iso: string) => new Date(iso);
const due = (expr: string, iso: string) => cronMatches(parseCron(expr), at(iso));

describe('cron expressions', () => {
  it('matches fields, ranges, steps, lists and macros (UTC)', () => {
    expect(due('0 3 * * *', '2025-06-21T03:00:00Z')).toBe(true);
    expect(due('0 3 * * *', '2025-06-21T03:01:00Z')).toBe(false);
    expect(due('*/15 * * * *', '2025-06-21T10:45:30Z')).toBe(true);
    expect(due('*/15 * * * *', '2025-06-21T10:46:00Z')).toBe(false);
    expect(due('5-10/5 * * * *', '2025-06-21T10:10:00Z')).toBe(true);
    expect(due('5-10/5 * * * *', '2025-06-21T10:07:00Z')).toBe(false);
    expect(due('0 0 1,15 * *', '2025-06-15T00:00:00Z')).toBe(true);
    expect(due('0 */6 * * *', '2025-06-21T18:00:00Z')).toBe(true);
    expect(due('0 */6 * * *', '2025-06-21T19:00:00Z')).toBe(false);
    expect(due('@hourly', '2025-06-21T19:00:00Z')).toBe(true);
    expect(due('@daily', '2025-06-21T00:00:00Z')).toBe(true);
    expect(due('@weekly', '2025-06-22T00:00:00Z')).toBe(true); // a Sunday
    expect(due('0 0 * * 7', '2025-06-22T00:00:00Z')).toBe(true); // 7 is Sunday too
    expect(due('0 0 * 6 1-5', '2025-06-23T00:00:00Z')).toBe(true); // Monday in June
    expect(due('0 0 * 7 *', '2025-06-23T00:00:00Z')).toBe(false);
  });

  it('matches either day field when both are restricted (classic cron)', () => {
    // The 13th or any Friday.
    expect(due('0 0 13 * 5', '2025-06-13T00:00:00Z')).toBe(true); // Friday the 13th
    expect(due('0 0 13 * 5', '2025-06-20T00:00:00Z')).toBe(true); // a Friday
    expect(due('0 0 13 * 5', '2025-07-13T00:00:00Z')).toBe(true); // a Sunday, the 13th
    expect(due('0 0 13 * 5', '2025-06-21T00:00:00Z')).toBe(false);
    // With one day field `*`, both must match.
    expect(due('0 0 * * 5', '2025-06-21T00:00:00Z')).toBe(false);
  });

  it.each([
    '',
    '* * * *',
    '* * * * * *',
    '60 * * * *',
    '* 24 * * *',
    '* * 0 * *',
    '* * * 13 *',
    '* * * * 8',
    'a * * * *',
    '*/0 * * * *',
    '5-1 * * * *',
    '@often',
  ])('refuses %j', (expr) => {
    expect(isValidCron(expr)).toBe(false);
    expect(() => parseCron(expr)).toThrow(CronSyntaxError);
  });
});

describe('CronScheduler', () => {
  const silent = { error: () => undefined };

  it('lists app jobs by id, then internal __pb…__ jobs', () => {
    const s = new CronScheduler(silent);
    s.register('__pbLogsCleanup__', '0 */6 * * *', () => undefined);
    s.register('zeta', '* * * * *', () => undefined);
    s.register('alpha', '@daily', () => undefined);
    s.register('__pbDBOptimize__', '0 0 * * *', () => undefined);
    expect(s.list()).toEqual([
      { id: 'alpha', expression: '@daily' },
      { id: 'zeta', expression: '* * * * *' },
      { id: '__pbDBOptimize__', expression: '0 0 * * *' },
      { id: '__pbLogsCleanup__', expression: '0 */6 * * *' },
    ]);
    expect(() => s.register('bad', 'nope', () => undefined)).toThrow(CronSyntaxError);
    s.remove('zeta');
    expect(s.has('zeta')).toBe(false);
  });

  it('runs due jobs on tick, never two runs of one job at once, and logs failures', async () => {
    const errors: unknown[] = [];
    const s = new CronScheduler({ error: (obj) => errors.push(obj.err) });
    let runs = 0;
    let release!: () => void;
    s.register('slow', '0 * * * *', () => {
      runs++;
      return new Promise<void>((r) => {
        release = r;
      });
    });
    s.register('failing', '0 * * * *', () => {
      throw new Error('boom');
    });
    s.register('later', '30 * * * *', () => undefined);
    expect(s.tick(at('2025-06-21T10:00:00Z'))).toEqual(['slow', 'failing']);
    expect(await s.run('slow')).toBe(false); // still running
    expect(runs).toBe(1);
    release();
    await new Promise((r) => setImmediate(r));
    expect(await s.run('unknown')).toBe(false);
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe('boom');
  });
});

describe('waiting for running jobs (graceful shutdown)', () => {
  it('idle() resolves once the running jobs ended, a synchronous throw included', async () => {
    const errors: unknown[] = [];
    const crons = new CronScheduler({ error: (obj) => errors.push(obj) });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const order: string[] = [];
    crons.register('slow', '* * * * *', async () => {
      await gate;
      order.push('job ended');
    });
    crons.register('throws', '* * * * *', () => {
      throw new Error('boom');
    });
    expect(crons.tick(at('2025-06-21T10:00:00Z'))).toEqual(['slow', 'throws']);
    expect(crons.runningIds().sort()).toEqual(['slow', 'throws']);
    const idle = crons.idle(60_000).then((v) => order.push(`idle ${v}`));
    await new Promise((r) => setImmediate(r));
    release();
    await idle;
    expect(order).toEqual(['job ended', 'idle true']);
    expect(crons.runningIds()).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(await crons.idle(0)).toBe(true);
  });

  it('idle() gives up after its timeout while a job still runs', async () => {
    const crons = new CronScheduler({ error: () => undefined });
    crons.register('stuck', '* * * * *', () => new Promise(() => undefined));
    void crons.run('stuck');
    expect(await crons.idle(20)).toBe(false);
    expect(crons.runningIds()).toEqual(['stuck']);
  });
});

describe('claimed scheduled runs (several instances)', () => {
  it('starts a due job only when its slot is claimed; a failing claim is logged and runs nothing; manual runs need no claim', async () => {
    const errors: Record<string, unknown>[] = [];
    const asked: string[] = [];
    let answer: boolean | 'throw' = false;
    const claim = (job: string, slot: number) => {
      asked.push(`${job}@${slot}`);
      if (answer === 'throw') throw new Error('database is locked');
      return answer;
    };
    const crons = new CronScheduler({ error: (obj) => errors.push(obj) }, undefined, claim);
    let runs = 0;
    crons.register('job', '* * * * *', () => {
      runs++;
    });
    const minute = at('2025-06-21T10:00:42Z');
    const slot = Date.parse('2025-06-21T10:00:00Z') / 60_000;
    expect(crons.tick(minute)).toEqual([]);
    answer = 'throw';
    expect(crons.tick(minute)).toEqual([]);
    expect(errors).toEqual([expect.objectContaining({ job: 'job', slot })]);
    await crons.idle(1000);
    expect(runs).toBe(0);
    expect(await crons.run('job')).toBe(true);
    expect(runs).toBe(1);
    answer = true;
    expect(crons.tick(minute)).toEqual(['job']);
    await crons.idle(1000);
    expect(runs).toBe(2);
    expect(asked).toEqual([`job@${slot}`, `job@${slot}`, `job@${slot}`]);
  });

  it('does not claim a slot while the job still runs here, so another instance may take it', async () => {
    const asked: string[] = [];
    const crons = new CronScheduler({ error: () => undefined }, undefined, (job) => {
      asked.push(job);
      return true;
    });
    let release!: () => void;
    crons.register('slow', '* * * * *', () => new Promise<void>((r) => (release = r)));
    expect(crons.tick(at('2025-06-21T10:00:00Z'))).toEqual(['slow']);
    expect(crons.tick(at('2025-06-21T10:01:00Z'))).toEqual([]);
    expect(asked).toEqual(['slow']);
    await new Promise((r) => setImmediate(r)); // the job has started
    release();
    await crons.idle(1000);
  });
});

describe('shortened cron minutes (CRON_MINUTE_MS, tests only)', () => {
  it('tick every minuteMs, each short minute a slot counted from one fixed point, small enough for an integer column', async () => {
    const slots: number[] = [];
    const debug: Record<string, unknown>[] = [];
    const s = new CronScheduler(
      { error: () => undefined, debug: (obj) => debug.push(obj) },
      undefined,
      (_job, slot) => {
        slots.push(slot);
        return slots.length % 2 === 1;
      },
      300,
    );
    s.register('every', '* * * * *', () => undefined);
    s.start();
    const from = Date.UTC(2026, 0, 1);
    try {
      const end = Date.now() + 5000;
      while (slots.length < 3 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    } finally {
      s.stop();
    }
    const expected = Math.floor(from / 60_000) + Math.floor((Date.now() - from) / 300);
    expect(slots.length).toBeGreaterThanOrEqual(3);
    // One slot per short minute, increasing; the last one is the short minute of now (±1 for timing).
    for (let i = 1; i < slots.length; i++) expect(slots[i]).toBeGreaterThan(slots[i - 1] as number);
    expect(Math.abs((slots.at(-1) as number) - expected)).toBeLessThanOrEqual(1);
    expect(slots.at(-1)).toBeLessThan(2 ** 31);
    // Every due slot is logged at debug with whether this instance claimed it.
    expect(debug.slice(0, 2)).toEqual([
      { job: 'every', slot: slots[0], claimed: true },
      { job: 'every', slot: slots[1], claimed: false },
    ]);
  });
});
