import { describe, expect, it } from 'vitest';
import { loginErrors } from './login-rules.ts';
import { zLoginForm } from './schemas.ts';

/** The zod-free rules of the password sign-in refuse what zLoginForm refuses. */
describe('password sign-in rules', () => {
  it.each([
    ['anna@example.com', 'secret', {}],
    ['  anna@example.com ', 'x', {}],
    ['anna.b+menu@sub.example.co', 'x', {}],
    ['', 'x', { email: 'validation.emailInvalid' }],
    ['anna@', 'x', { email: 'validation.emailInvalid' }],
    ['anna@example', 'x', { email: 'validation.emailInvalid' }],
    ['an na@example.com', 'x', { email: 'validation.emailInvalid' }],
    ['anna@example.com', '', { password: 'validation.enterPassword' }],
  ])('%j / %j', (email, password, expected) => {
    expect(loginErrors({ email, password })).toEqual(expected);
    const parsed = zLoginForm.safeParse({ email, password });
    // Same fields refused (zod words the email one with MESSAGES' English text, which FormField maps to the same key).
    expect((parsed.error?.issues ?? []).map((i) => String(i.path[0]))).toEqual(Object.keys(expected));
  });
});
