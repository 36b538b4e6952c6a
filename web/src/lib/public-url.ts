/**
 * Guest links and QR codes point at the instance's public address (APP_URL, from
 * /api/app-config), never at whatever host the staff member happens to use: a code printed while
 * signed in through localhost or a LAN address would send every phone nowhere.
 */
export function publicUrl(appUrl: string | undefined, path: string): string {
  const base = (appUrl || window.location.origin).replace(/\/+$/, '');
  return `${base}${path}`;
}

/** Loopback, private (RFC 1918, unique-local, link-local) and `.local`/`localhost` names: phones outside the building cannot reach them. */
export function isPrivateAddress(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal')) return true;
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return a === 127 || a === 10 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
  }
  if (host.includes(':')) return host === '::1' || host === '::' || /^f[cd]/.test(host) || /^fe[89ab]/.test(host);
  return false;
}
