import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../core/errors.ts';
import { diffMenu, type DraftSectionInput, type LiveSection } from '../../../shared/menu-diff.ts';
import { DIFF_BUSY, DIFF_TOO_SLOW, DiffWorkers } from './diff-workers.ts';

/** The diff worker's bounds: one comparison at a time, a bounded queue, a time limit. */
const pools: DiffWorkers[] = [];
afterEach(async () => {
  for (const pool of pools.splice(0)) await pool.close();
});

const live: LiveSection[] = [{ id: 's', name: 'Mains', items: [{ id: 'b', name: 'Burger', prices: [{ label: '', amount: 1400 }] }] }];
const draft: DraftSectionInput[] = [{ name: 'Mains', items: [{ name: 'Cheeseburger', prices: [{ label: '', amount: 1500 }] }] }];

describe('diff workers', () => {
  it('answers what diffMenu answers, and refuses a comparison past the queue with 503', async () => {
    const pool = new DiffWorkers({ timeoutMs: 60_000, maxQueued: 0, maxMemoryMb: 128 });
    pools.push(pool);
    const first = pool.run({ live, draft });
    const refused = await pool.run({ live, draft }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 503, message: DIFF_BUSY });
    expect((await first).changes).toEqual(diffMenu(live, draft));
    // Free again: the next one runs (on the same worker).
    expect((await pool.run({ live, draft, accept: [] })).planned?.[0]?.items[0]?.name).toBe('Burger');
  });

  it('stops a comparison over its time limit (boot included) with 503', async () => {
    const pool = new DiffWorkers({ timeoutMs: 1, maxQueued: 1, maxMemoryMb: 128 });
    pools.push(pool);
    const slow = await pool.run({ live, draft }).catch((err: unknown) => err);
    expect(slow).toMatchObject({ status: 503, message: DIFF_TOO_SLOW });
    expect(pool.load).toBe(0);
  });
});
