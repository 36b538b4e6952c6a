import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength.ts';

describe('password strength hint', () => {
  it.each([
    ['short', 0],
    ['password123', 1],
    ['abcdefgh', 1],
    ['abcdefgh12', 2],
    ['Abcdefgh12', 3],
    ['Tr0ub4dor&3-horse', 4],
  ])('%s scores %i', (pw, score) => {
    expect(passwordStrength(pw).score).toBe(score);
  });
});
