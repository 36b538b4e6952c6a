/** A rough strength estimate for the sign-up hint (not a policy: the server only checks length). */
export interface Strength {
  /** 0 (too short) to 4 (strong). */
  score: 0 | 1 | 2 | 3 | 4;
  /** Which tip to show (`auth:strength.tip.<tip>`); the label is `auth:strength.label.<score>`. */
  tip: 'tooShort' | 'common' | 'great' | 'longer' | 'mix';
}

const COMMON = /^(password|passw0rd|qwerty|letmein|welcome|iloveyou|admin|12345678|123456789|1234567890|abc12345)/i;

export function passwordStrength(password: string): Strength {
  if (password.length < 8) return { score: 0, tip: 'tooShort' };
  if (COMMON.test(password) || /^(.)\1+$/.test(password)) return { score: 1, tip: 'common' };
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((r) => r.test(password)).length;
  let points = kinds + (password.length >= 12 ? 1 : 0) + (password.length >= 16 ? 1 : 0);
  if (kinds === 1 && password.length < 16) points = Math.min(points, 1);
  const score = (points <= 1 ? 1 : points <= 2 ? 2 : points <= 4 ? 3 : 4) as Strength['score'];
  const tip = score >= 4 ? 'great' : password.length < 12 ? 'longer' : 'mix';
  return { score, tip };
}
