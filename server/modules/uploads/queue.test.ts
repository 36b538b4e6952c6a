import { describe, expect, it } from 'vitest';
import { JobQueue } from './queue.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('JobQueue', () => {
  it('runs one job at a time by default, each id once, and again when re-queued while running', async () => {
    const log: string[] = [];
    let running = 0;
    let max = 0;
    const queue = new JobQueue(async (id) => {
      running++;
      max = Math.max(max, running);
      log.push(`start ${id}`);
      await tick();
      log.push(`end ${id}`);
      running--;
    });
    queue.enqueue('a');
    queue.enqueue('b');
    queue.enqueue('a'); // already pending: ignored
    await tick();
    queue.enqueue('a'); // running: runs once more afterwards
    await queue.idle();
    expect(max).toBe(1);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start a', 'end a']);
  });

  it('runs up to `concurrency` jobs; errors go to onError and do not stop the queue', async () => {
    const errors: string[] = [];
    let running = 0;
    let max = 0;
    const queue = new JobQueue(async (id) => {
      running++;
      max = Math.max(max, running);
      await tick();
      running--;
      if (id === 'bad') throw new Error('boom');
    }, 2, (err, id) => errors.push(`${id}: ${(err as Error).message}`));
    for (const id of ['a', 'bad', 'c', 'd']) queue.enqueue(id);
    await queue.idle();
    expect(max).toBe(2);
    expect(errors).toEqual(['bad: boom']);
  });

  it('starts nothing after stop', async () => {
    const started: string[] = [];
    const queue = new JobQueue(async (id) => { started.push(id); await tick(); });
    queue.enqueue('a');
    queue.enqueue('b');
    await new Promise((resolve) => setImmediate(resolve));
    queue.stop();
    queue.enqueue('c');
    await queue.idle();
    expect(queue.isStopped).toBe(true);
    expect(started).toEqual(['a']);
  });
});
