import { emailT } from './i18n.ts';
import type { StaffLanguage } from '../../shared/i18n/staff-languages.ts';

/**
 * The shared card layout of every email. Tables and inline styles only: many clients strip
 * <style> blocks and ignore flex/grid. Every element that shows text sets both its colour and
 * its background, so clients that recolour for dark mode invert the card consistently, and the
 * color-scheme meta tells the ones that honour it that both schemes are fine.
 */

export interface Brand {
  appName: string;
  appUrl: string;
}

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

/** One email's parts; strings are plain text and are escaped here, never by the caller. */
export interface EmailParts {
  heading: string;
  /** Paragraphs before the action. */
  intro: string[];
  /** A button to a link (with the raw link as fallback) or a big code. */
  action?: { kind: 'link'; label: string; url: string } | { kind: 'code'; code: string };
  /** Label/value rows, e.g. time, device, IP. */
  details?: [string, string][];
  /** Paragraphs after the action, e.g. what to do if this wasn't you. */
  outro: string[];
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const ACCENT = '#2563eb';
const INK = '#1f2937';
const MUTED = '#6b7280';
const CARD = '#ffffff';
const PAGE = '#f3f4f6';

function paragraph(text: string, color = INK, size = 15): string {
  return `<p style="margin:0 0 16px;${FONT};font-size:${size}px;line-height:1.5;color:${color};">${escapeHtml(text)}</p>`;
}

function actionHtml(action: NonNullable<EmailParts['action']>, lang: StaffLanguage): string {
  if (action.kind === 'code') {
    return `<p style="margin:8px 0 24px;${FONT};font-size:32px;line-height:1.2;font-weight:700;letter-spacing:6px;color:${INK};background-color:${PAGE};padding:16px;border-radius:8px;text-align:center;">${escapeHtml(action.code)}</p>`;
  }
  const url = escapeHtml(action.url);
  // bgcolor on the cell keeps the button coloured in clients that drop the anchor's background.
  return (
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;"><tr>` +
    `<td bgcolor="${ACCENT}" style="border-radius:8px;background-color:${ACCENT};">` +
    `<a href="${url}" target="_blank" style="display:inline-block;padding:12px 24px;${FONT};font-size:15px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:8px;">${escapeHtml(action.label)}</a>` +
    `</td></tr></table>` +
    paragraph(emailT(lang)('layout.fallbackLink'), MUTED, 13) +
    `<p style="margin:0 0 16px;${FONT};font-size:13px;line-height:1.5;word-break:break-all;"><a href="${url}" style="color:${ACCENT};">${url}</a></p>`
  );
}

function detailsHtml(rows: [string, string][]): string {
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 16px 4px 0;${FONT};font-size:14px;color:${MUTED};vertical-align:top;white-space:nowrap;">${escapeHtml(label)}</td>` +
        `<td style="padding:4px 0;${FONT};font-size:14px;color:${INK};word-break:break-word;">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;">${cells}</table>`;
}

/** The footer line, with the app's name as a link (the sentence is translated around it). */
function footerHtml(brand: Brand, lang: StaffLanguage): string {
  const MARK = '\u0000';
  const link = `<a href="${escapeHtml(brand.appUrl)}" style="color:${MUTED};">${escapeHtml(brand.appName)}</a>`;
  return emailT(lang)('layout.footer', { appName: MARK }).split(MARK).map(escapeHtml).join(link);
}

export function renderHtml(brand: Brand, subject: string, parts: EmailParts, lang: StaffLanguage = 'en'): string {
  const body = [
    `<h1 style="margin:0 0 16px;${FONT};font-size:22px;line-height:1.3;color:${INK};">${escapeHtml(parts.heading)}</h1>`,
    ...parts.intro.map((p) => paragraph(p)),
    parts.action ? actionHtml(parts.action, lang) : '',
    parts.details ? detailsHtml(parts.details) : '',
    ...parts.outro.map((p) => paragraph(p, MUTED, 14)),
  ].join('');
  return `<!DOCTYPE html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background-color:${PAGE};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${PAGE}" style="background-color:${PAGE};"><tr><td align="center" style="padding:32px 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:520px;">
<tr><td style="padding:0 8px 16px;${FONT};font-size:16px;font-weight:700;color:${INK};">${escapeHtml(brand.appName)}</td></tr>
<tr><td bgcolor="${CARD}" style="background-color:${CARD};border:1px solid #e5e7eb;border-radius:12px;padding:32px;">${body}</td></tr>
<tr><td style="padding:16px 8px;${FONT};font-size:12px;color:${MUTED};">${footerHtml(brand, lang)}</td></tr>
</table></td></tr></table>
</body></html>
`;
}

/** Request-supplied values (user agent…) must not be able to add lines that look like our own text. */
export function oneLine(value: string): string {
  return value.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').trim();
}

/** The plain-text twin. Links and codes sit alone on their line so copy-paste and line wrapping can't break them. */
export function renderText(brand: Brand, parts: EmailParts): string {
  const lines: string[] = [parts.heading, ''];
  for (const p of parts.intro) lines.push(p, '');
  if (parts.action?.kind === 'link') lines.push(parts.action.url, '');
  if (parts.action?.kind === 'code') lines.push(parts.action.code, '');
  if (parts.details) {
    for (const [label, value] of parts.details) lines.push(`${label}: ${oneLine(value)}`);
    lines.push('');
  }
  for (const p of parts.outro) lines.push(p, '');
  lines.push('—', brand.appName, brand.appUrl, '');
  return lines.join('\n');
}

/** An email in the recipient's language (`lang` words the layout's own lines; the caller words `parts`). */
export function renderEmail(brand: Brand, subject: string, parts: EmailParts, lang: StaffLanguage = 'en'): EmailContent {
  return { subject, text: renderText(brand, parts), html: renderHtml(brand, subject, parts, lang) };
}
