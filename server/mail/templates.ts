import { oneLine, renderEmail } from './layout.ts';
import type { Brand, EmailContent } from './layout.ts';

/**
 * The product's auth emails. Callers build the links (`${appUrl}/verify?token=…` etc.); the
 * templates only word and render them, escaping every value for HTML.
 */
export type { Brand, EmailContent } from './layout.ts';

export function verificationEmail(brand: Brand, link: string): EmailContent {
  return renderEmail(brand, `Verify your ${brand.appName} email`, {
    heading: 'Verify your email',
    intro: [`Thanks for signing up to ${brand.appName}! Please confirm that this is your email address:`],
    action: { kind: 'link', label: 'Verify email', url: link },
    outro: [`If you didn’t create a ${brand.appName} account, you can safely ignore this email.`],
  });
}

export function passwordResetEmail(brand: Brand, link: string): EmailContent {
  return renderEmail(brand, `Reset your ${brand.appName} password`, {
    heading: 'Reset your password',
    intro: [`We received a request to reset the password of your ${brand.appName} account. Choose a new one here:`],
    action: { kind: 'link', label: 'Reset password', url: link },
    outro: ['If you didn’t ask for this, you can safely ignore this email; your password stays the same.'],
  });
}

/** Sent to the NEW address: clicking proves the user owns it. */
export function emailChangeEmail(brand: Brand, link: string, newEmail: string): EmailContent {
  return renderEmail(brand, `Confirm your new ${brand.appName} email`, {
    heading: 'Confirm your new email',
    intro: [`To finish changing the email of your ${brand.appName} account to ${oneLine(newEmail)}, please confirm this address:`],
    action: { kind: 'link', label: 'Confirm new email', url: link },
    outro: ['If you didn’t request this change, ignore this email; the account keeps its current address.'],
  });
}

export function otpEmail(brand: Brand, code: string, minutes: number): EmailContent {
  const validity = minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return renderEmail(brand, `Your ${brand.appName} sign-in code`, {
    heading: 'Your sign-in code',
    intro: [`Enter this code to sign in to ${brand.appName}:`],
    action: { kind: 'code', code },
    outro: [
      `The code is valid for ${validity} and works only once. Never share it with anyone.`,
      'If you didn’t try to sign in, you can ignore this email; someone may have typed your address by mistake.',
    ],
  });
}

/** User agents are attacker-chosen and can be huge; keep the email readable. */
const MAX_AGENT = 300;

export function loginAlertEmail(brand: Brand, info: { when: string; userAgent: string; ip: string }): EmailContent {
  const agent = oneLine(info.userAgent) || 'unknown';
  return renderEmail(brand, `New sign-in to your ${brand.appName} account`, {
    heading: 'New sign-in to your account',
    intro: [`Your ${brand.appName} account was just signed in to from a new device:`],
    details: [
      ['When', info.when],
      ['Device', agent.length > MAX_AGENT ? `${agent.slice(0, MAX_AGENT)}…` : agent],
      ['IP address', info.ip || 'unknown'],
    ],
    outro: ['If this was you, there’s nothing to do.', `If it wasn’t, sign in at ${brand.appUrl} and change your password right away.`],
  });
}
