/**
 * The password sign-in form's rules without zod (or react-hook-form): `/login`'s first load has a 150 KB budget
 * (e2e/shell.test.ts) and zod alone is about 38 KB of it. The rules match `zLoginForm`
 * (schemas.ts): a well-formed email (trimmed) and a non-empty password; the server checks the rest.
 * Messages are `common:validation.*` keys, translated by FormField.
 */
export interface LoginValues {
  email: string;
  password: string;
}

// The shape zod's z.email() accepts for ordinary addresses; the server validates again.
const EMAIL = /^(?!\.)(?!.*\.\.)[\w'+\-.]*[\w+-]@([a-z0-9][a-z0-9-]*\.)+[a-z]{2,}$/i;

export function loginErrors(values: LoginValues): Partial<Record<keyof LoginValues, string>> {
  const errors: Partial<Record<keyof LoginValues, string>> = {};
  if (!EMAIL.test(values.email.trim())) errors.email = 'validation.emailInvalid';
  if (!values.password) errors.password = 'validation.enterPassword';
  return errors;
}
