import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyOr, startEarlyFor, takeEarly } from './early-requests.ts';

describe('early requests', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands a started request to its hook once; then the hook loads for itself', async () => {
    let loads = 0;
    const load = async () => ++loads;
    void startEarlyFor(['venues', 'org1'], load);
    expect(await earlyOr(['venues', 'org1'], load)).toBe(1);
    expect(await earlyOr(['venues', 'org1'], load)).toBe(2);
    // Another key never takes it.
    void startEarlyFor(['venues', 'org2'], load);
    expect(await earlyOr(['venues', 'org3'], load)).toBe(4);
  });

  it('a failed early request fails its hook (which shows it), and is not reported unhandled', async () => {
    void startEarlyFor(['marks', 'v1'], async () => {
      throw new Error('offline');
    });
    await expect(earlyOr(['marks', 'v1'], async () => 'fresh')).rejects.toThrow('offline');
  });

  it('a request nobody took for 15 s is stale: the page asks afresh', async () => {
    vi.useFakeTimers();
    void startEarlyFor(['menus', 'v2'], async () => 'old');
    vi.advanceTimersByTime(15_001);
    expect(takeEarly(JSON.stringify(['menus', 'v2']))).toBeUndefined();
  });
});
