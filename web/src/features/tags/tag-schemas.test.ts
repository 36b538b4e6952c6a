import { describe, expect, it } from 'vitest';
import { zTagDialog } from '../../../../shared/schemas/tags.ts';

describe('zTagDialog', () => {
  it.each([
    ['', '#000000'],
    ['   ', '#000000'],
    ['#10B981', '#10b981'],
    ['10b981', '#10b981'],
    ['#abc', '#aabbcc'],
  ])('colour %j → %s', (color, expected) => {
    expect(zTagDialog.parse({ name: ' Vegan ', color })).toEqual({ name: 'Vegan', color: expected });
  });

  it('keeps the specification’s name message and rejects non-colours', () => {
    const result = zTagDialog.safeParse({ name: '  ', color: 'teal' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({ name: 'Tag name is required', color: 'Must be a colour like #1a2b3c' });
  });
});
