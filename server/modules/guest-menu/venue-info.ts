import { fill, weekdayName, type GuestChrome } from '../../../shared/i18n/guest-chrome.ts';
import { zOpeningHours, socialLabel, isWebUrl } from '../../../shared/schemas/venue-info.ts';
import {
  dayNumber,
  hasHours,
  hoursStatus,
  localMomentIn,
  openingHoursLd,
  type HoursPoint,
  type OpeningHours,
} from '../../../shared/opening-hours.ts';
import { WEEK_ORDER } from '../../../shared/schedule.ts';

/**
 * The venue's guest info on the guest page (issue 22 item 3): the header's "Open now · closes
 * 22:00" line, the footer block (hours, contact, map, Wi-Fi, social and legal links) and the
 * JSON-LD properties. Everything is optional; a venue without any shows nothing.
 *
 * The open-now line is computed when the page is rendered. Pages are cached for at most 30 s
 * (index.ts `CACHE_TTL_MS`) and browsers and proxies keep them `max-age=10,
 * stale-while-revalidate=30`: the line can be behind a change by at most about 70 seconds,
 * and no client script is needed for it (the "closes 22:00" part never goes stale within that).
 */

export interface GuestVenueInfo {
  hours: OpeningHours | null;
  phone: string;
  email: string;
  website: string;
  wifiName: string;
  wifiPassword: string;
  socialLinks: string[];
  imprintUrl: string;
  privacyUrl: string;
}

const parse = (v: unknown): unknown => {
  if (v === null || v === undefined || v === '') return null;
  try {
    return JSON.parse(String(v));
  } catch {
    return null;
  }
};

/** The guest info of a stored venue row (checked again: a link that is not http(s) is never shown). */
export function readVenueInfo(row: Record<string, unknown>): GuestVenueInfo {
  const hours = zOpeningHours.safeParse(parse(row.openingHours));
  const str = (k: string) => String(row[k] ?? '').trim();
  const url = (k: string) => (isWebUrl(str(k)) ? str(k) : '');
  const social = parse(row.socialLinks);
  return {
    hours: hours.success && hasHours(hours.data) ? hours.data : null,
    phone: str('phone'),
    email: str('email'),
    website: url('website'),
    wifiName: str('wifiName'),
    wifiPassword: String(row.wifiPassword ?? ''),
    socialLinks: Array.isArray(social) ? social.map(String).filter((u) => isWebUrl(u, true)) : [],
    imprintUrl: url('imprintUrl'),
    privacyUrl: url('privacyUrl'),
  };
}

type Esc = (s: unknown) => string;

const timeFormats = new Map<string, Intl.DateTimeFormat>();
/** 'HH:MM' as the page's language writes times ("22:00", "10:00 PM"). */
export function formatTime(lang: string, hhmm: string): string {
  let f = timeFormats.get(lang);
  if (!f) {
    f = new Intl.DateTimeFormat(lang, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
    timeFormats.set(lang, f);
  }
  const [h, m] = hhmm.split(':').map(Number);
  return f.format(new Date(Date.UTC(1970, 0, 1, h ?? 0, m ?? 0)));
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function formatDate(lang: string, date: string): string {
  let f = dateFormats.get(lang);
  if (!f) {
    f = new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    dateFormats.set(lang, f);
  }
  return f.format(new Date(dayNumber(date) * 86_400_000));
}

/** "closes 22:00" / "opens Tuesday 12:00": the weekday only when it is not today. */
function when(p: HoursPoint, lang: string): string {
  return `${p.inDays === 0 ? '' : `${weekdayName(lang, p.weekday)} `}${formatTime(lang, p.time)}`;
}

/** The header line: "Open now · closes 22:00" or "Closed · opens Tuesday 12:00"; '' without hours. */
export function openNowLine(info: GuestVenueInfo, timezone: string, at: Date, lang: string, c: GuestChrome, cl: string, esc: Esc): string {
  if (!info.hours) return '';
  const s = hoursStatus(info.hours, at, timezone);
  const t = c.info;
  const text = s.open
    ? `${t.openNow}${s.closes ? ` · ${fill(t.closesAt, { time: when(s.closes, lang) })}` : ''}`
    : `${t.closed}${s.opens ? ` · ${fill(t.opensAt, { when: when(s.opens, lang) })}` : ''}`;
  return `<p class="oh${s.open ? ' on' : ''}"${cl}><a href="#vi">${esc(text)}</a></p>`;
}

/** A time that never wraps inside ("10:00 PM"). */
const unbroken = (lang: string, hhmm: string) => formatTime(lang, hhmm).replace(/\s/g, '\u00a0');
/** "12:00 PM–2:30 PM, 6:00 PM–10:00 PM": a line may wrap between windows, never inside one (a word joiner after the dash). */
const windowsText = (windows: readonly { start: string; end: string }[], lang: string) =>
  windows.map((w) => (w.start === w.end ? '0:00–\u206024:00' : `${unbroken(lang, w.start)}–\u2060${unbroken(lang, w.end)}`)).join(', ');

/** A map link from the address (OpenStreetMap's search: no third-party script, works on every phone). */
export const mapUrl = (address: string): string => `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;

/** The footer block (`#vi`): hours and exceptions still ahead, contact, map, Wi-Fi, social and legal links. */
export function venueInfoFooter(
  info: GuestVenueInfo,
  address: string,
  timezone: string,
  at: Date,
  lang: string,
  c: GuestChrome,
  cl: string,
  esc: Esc,
): string {
  const t = c.info;
  const parts: string[] = [];
  if (info.hours) {
    const today = localMomentIn(at, timezone).day;
    // Days in a row with the same hours share a line: "Monday – Friday  11:30–14:30, 17:30–23:00".
    const lines: { from: number; to: number; text: string }[] = [];
    for (const d of WEEK_ORDER) {
      const w = info.hours.weekly.filter((x) => x.day === d);
      const text = w.length ? windowsText(w, lang) : t.closed;
      const last = lines[lines.length - 1];
      if (last && last.text === text) last.to = d;
      else lines.push({ from: d, to: d, text });
    }
    const rows = lines
      .map(
        (r) =>
          `<dt>${esc(weekdayName(lang, r.from))}${r.to === r.from ? '' : ` – ${esc(weekdayName(lang, r.to))}`}</dt><dd>${esc(r.text)}</dd>`,
      )
      .join('');
    const ahead = info.hours.exceptions
      .filter((e) => dayNumber(e.to || e.from) >= today)
      .sort((a, b) => a.from.localeCompare(b.from))
      .slice(0, 6)
      .map((e) => {
        const days = e.to && e.to !== e.from ? `${formatDate(lang, e.from)} – ${formatDate(lang, e.to)}` : formatDate(lang, e.from);
        const hours = e.closed ? t.closed : windowsText(e.windows, lang);
        return `<dt>${esc(days)}</dt><dd>${esc(hours)}${e.note ? ` (${esc(e.note)})` : ''}</dd>`;
      })
      .join('');
    parts.push(`<h2${cl}>${esc(t.hours)}</h2><dl${cl}>${rows}</dl>` + (ahead ? `<h3${cl}>${esc(t.special)}</h3><dl>${ahead}</dl>` : ''));
  }
  const contact = [
    info.phone ? `<li${cl}>${esc(t.phone)} <a href="tel:${esc(info.phone.replace(/[^0-9+]/g, ''))}">${esc(info.phone)}</a></li>` : '',
    info.email ? `<li${cl}>${esc(t.email)} <a href="mailto:${esc(info.email)}">${esc(info.email)}</a></li>` : '',
    info.website ? `<li><a href="${esc(info.website)}"${cl}>${esc(t.website)}</a></li>` : '',
    address ? `<li><a href="${esc(mapUrl(address))}"${cl}>${esc(t.map)}</a></li>` : '',
  ].join('');
  if (contact) parts.push(`<h2${cl}>${esc(t.contact)}</h2><ul class="vc">${contact}</ul>`);
  if (info.wifiName || info.wifiPassword) {
    // Without JavaScript the password is selectable text (one tap selects it all); the script shows
    // the copy button, which copies the text of the <code> before it (the button is in no form).
    const pw = info.wifiPassword
      ? `<dt${cl}>${esc(t.password)}</dt><dd><code class="pw">${esc(info.wifiPassword)}</code> <button class="cp" data-ok="${esc(t.copied)}" hidden${cl}>${esc(t.copy)}</button></dd>`
      : '';
    parts.push(
      `<h2${cl}>${esc(t.wifi)}</h2><dl>${info.wifiName ? `<dt${cl}>${esc(t.network)}</dt><dd>${esc(info.wifiName)}</dd>` : ''}${pw}</dl>`,
    );
  }
  if (info.socialLinks.length)
    parts.push(
      `<h2${cl}>${esc(t.follow)}</h2><ul class="vc">${info.socialLinks.map((u) => `<li><a href="${esc(u)}" rel="me">${esc(socialLabel(u))}</a></li>`).join('')}</ul>`,
    );
  const legal = [
    info.imprintUrl ? `<a href="${esc(info.imprintUrl)}"${cl}>${esc(t.imprint)}</a>` : '',
    info.privacyUrl ? `<a href="${esc(info.privacyUrl)}"${cl}>${esc(t.privacy)}</a>` : '',
  ].filter(Boolean);
  if (legal.length) parts.push(`<p class="lg2">${legal.join(' · ')}</p>`);
  return parts.length ? `<section id="vi">${parts.join('')}</section>` : '';
}

/** Whether the page carries the copy button (and so the copy script). */
export const hasCopyButton = (info: GuestVenueInfo): boolean => Boolean(info.wifiPassword);

/** The guest info's schema.org `Restaurant` properties. */
export function venueInfoLd(info: GuestVenueInfo): Record<string, unknown> {
  return {
    telephone: info.phone || undefined,
    email: info.email || undefined,
    // The page is the Restaurant's `url`; its own website and social profiles are the same place elsewhere.
    sameAs: info.website || info.socialLinks.length ? [info.website, ...info.socialLinks].filter(Boolean) : undefined,
    openingHoursSpecification: info.hours ? openingHoursLd(info.hours) : undefined,
  };
}

export const VENUE_INFO_CSS =
  '.oh a{color:var(--mu);text-decoration:none}.on a{color:var(--fg);font-weight:600}#vi h3{font-size:.9rem}' +
  '.vc{display:flex;flex-wrap:wrap;gap:0 16px}.vc li{line-height:32px}.pw{user-select:all;padding:2px 6px;background:var(--cd);color:var(--fg)}' +
  '.cp{font:inherit;padding:6px 12px;border-radius:99px;border:1px solid var(--b);background:none;color:var(--fg)}';
