import { CONSENT_COOKIE, CONSENT_MAX_AGE_DAYS, CONSENT_VALUES, type Consent } from '../../../shared/constants.ts';

/** The stored consent choice; anything unreadable is `undecided`. */
export function readConsent(): Consent {
  try {
    const v = localStorage.getItem(CONSENT_COOKIE);
    return (CONSENT_VALUES as readonly string[]).includes(v ?? '') ? (v as Consent) : 'undecided';
  } catch {
    return 'undecided';
  }
}

/** The `cookie_consent` cookie: one year, the site's domain, SameSite=Lax, Secure except on plain-http localhost. */
export function consentCookie(value: Consent, location: Pick<Location, 'hostname' | 'protocol'>): string {
  const maxAge = CONSENT_MAX_AGE_DAYS * 24 * 60 * 60;
  const localHttp = location.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(location.hostname);
  const isIp = /^[\d.]+$/.test(location.hostname) || location.hostname.startsWith('[');
  const domain = location.hostname === 'localhost' || isIp ? '' : `; Domain=${location.hostname}`;
  return `${CONSENT_COOKIE}=${value}; Max-Age=${maxAge}; Path=/${domain}; SameSite=Lax${localHttp ? '' : '; Secure'}`;
}

export function storeConsent(value: Exclude<Consent, 'undecided'>): void {
  try {
    localStorage.setItem(CONSENT_COOKIE, value);
  } catch {
    /* storage may be blocked */
  }
  document.cookie = consentCookie(value, window.location);
}
