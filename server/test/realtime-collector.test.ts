import type { RecordSubscription } from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { collector, sentinelFence } from './realtime-collector.ts';

const event = (id: string): RecordSubscription => ({ action: 'update', record: { id } as RecordSubscription['record'] });

describe('realtime collector', () => {
  it('waits for a count or a matching event, and names what never came', async () => {
    const c = collector();
    setTimeout(() => {
      c.push(event('a'));
      c.push(event('b'));
    }, 5);
    expect((await c.waitFor(2)).map((e) => e.record.id)).toEqual(['a', 'b']);
    await c.waitUntil((e) => e.record.id === 'b');
    await expect(c.waitUntil((e) => e.record.id === 'z', 30)).rejects.toThrow('the awaited event never came; got ["update:a","update:b"]');
    await expect(c.waitFor(3, 30)).rejects.toThrow('got 2 of 3 events');
  });

  it('passes a fence once every client received the sentinel', async () => {
    const listeners: Array<(e: RecordSubscription) => void> = [];
    const client = {
      collection: () => ({
        subscribe: async (_topic: string, cb: (e: RecordSubscription) => void) => {
          listeners.push(cb);
        },
      }),
    };
    const fence = await sentinelFence([client, client], 'plans', 'p1', async () => {
      for (const l of listeners) setTimeout(() => l(event('p1')), 5);
    });
    await fence.pass();
    await fence.pass();
    expect(listeners).toHaveLength(2);
  });
});
