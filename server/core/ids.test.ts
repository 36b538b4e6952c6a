import { describe, expect, it } from 'vitest';
import { newRecordId, timeOrderedId } from './ids.ts';

describe('record ids', () => {
  it('are 15 lower-case alphanumerics', () => {
    for (const id of [newRecordId(), timeOrderedId()]) expect(id).toMatch(/^[a-z0-9]{15}$/);
  });

  it('time-ordered ids made later sort later, whatever their random part', () => {
    const times = [0, 1, 35, 36, Date.UTC(2026, 10, 23), Date.UTC(2026, 10, 23) + 1, Date.UTC(2999, 0, 1)];
    const ids = times.map((t) => timeOrderedId(t));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(Array.from({ length: 1000 }, () => timeOrderedId(42))).size).toBe(1000);
  });
});
