import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertTriangle, CheckCircle2, Copy, FileDown, FileImage, FileText, XCircle } from 'lucide-react';
import { toast } from '../lib/toast.ts';
import { cn } from '../lib/cn.ts';
import { normalizeHex, qrContrast, QR_CONTRAST_GOOD, QR_CONTRAST_MIN } from '../../../shared/contrast.ts';
import { copyText, downloadBlob, imageDataUrl, qrFileName, qrPng, qrSvg, qrTableCardPdf, qrTargetUrl } from '../lib/qr.ts';
import { Dialog } from './ui/dialog.tsx';
import { Button } from './ui/button.tsx';
import { Input, Label, Select } from './ui/input.tsx';
import { GUEST_CHROME, GUEST_CHROME_LANGUAGES, guestChrome } from '../../../shared/i18n/guest-chrome.ts';
import { FormField } from './ui/form-field.tsx';
import { ColorPicker } from './color-picker.tsx';
import { registerTable, reportQrDownload } from '../lib/venue-tables.ts';
import { isPrivateAddress } from '../lib/public-url.ts';
import { formatNumber } from '../lib/format.ts';

/** "4.5:1", with the decimal sign of the app's language ("4,5:1"); cut, never rounded up past a threshold. */
const formatRatio = (ratio: number) =>
  `${formatNumber(Math.floor(ratio * 100) / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}:1`;

export interface QrCodeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The guest link (`https://host/m/<slug>`); the code adds `?src=qr` and the table. */
  url: string;
  /** The venue's name: dialog title, file names, table card heading. */
  title: string;
  /** Default colour of the code (the venue's primary colour). */
  color: string;
  /** A same-origin image shown in the centre of the code when chosen. */
  logoUrl?: string | null;
  /** The venue: a code made for a table registers that table with it (scans count per table). */
  venueId: string;
  /** The table card's language at first (the menu's default language); the dialog lets staff pick another. */
  language?: string;
}

const TABLE_PATTERN = /^[\p{L}\p{N} _-]{0,20}$/u;
type Format = 'svg' | 'png' | 'pdf';

/**
 * The QR code of a guest link: live preview, colour with a contrast check against white (downloads
 * are refused below 3:1), optional centre logo and table number, downloads (SVG, 1024 px PNG, A6 PDF
 * table card) and "Copy link".
 */
export function QrCodeDialog({ open, onOpenChange, url, title, color, logoUrl, venueId, language }: QrCodeDialogProps) {
  const { t } = useTranslation('qr');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('title')}
      description={t('description', { venue: title })}
      className="max-w-3xl"
    >
      {open ? <QrCodeBody url={url} title={title} color={color} logoUrl={logoUrl} venueId={venueId} language={language} /> : null}
    </Dialog>
  );
}

function QrCodeBody({ url, title, color: initialColor, logoUrl, venueId, language }: Omit<QrCodeDialogProps, 'open' | 'onOpenChange'>) {
  const { t } = useTranslation('qr');
  const [color, setColor] = useState(() => normalizeHex(initialColor) ?? '#000000');
  const [table, setTable] = useState('');
  const [cardLang, setCardLang] = useState(() => guestChrome(language ?? 'en').lang);
  const [withLogo, setWithLogo] = useState(Boolean(logoUrl));
  const [logo, setLogo] = useState<string | null>(null);
  const [logoFailed, setLogoFailed] = useState(false);
  const [svg, setSvg] = useState<string | null>(null);
  const [busy, setBusy] = useState<Format | null>(null);
  const logoId = useId();

  const hex = normalizeHex(color);
  const colorValid = hex !== null && /^#[0-9a-f]{6}$/i.test(color);
  const contrast = qrContrast(hex ?? '');
  const tableValid = TABLE_PATTERN.test(table);
  const target = useMemo(() => qrTargetUrl(url, tableValid ? table : ''), [url, table, tableValid]);
  const useLogo = withLogo && Boolean(logoUrl) && !logoFailed;
  const ready = colorValid && tableValid && contrast.level !== 'fail' && (!useLogo || logo !== null);

  // The logo is read once into a data URL, so SVG, PNG and PDF embed it without further requests.
  useEffect(() => {
    if (!useLogo || logo || !logoUrl) return;
    let live = true;
    imageDataUrl(logoUrl)
      .then((data) => {
        if (live) setLogo(data);
      })
      .catch(() => {
        if (live) setLogoFailed(true);
      });
    return () => {
      live = false;
    };
  }, [useLogo, logo, logoUrl]);

  // Live preview; a bad colour keeps the last good picture.
  useEffect(() => {
    if (!hex) return;
    let live = true;
    qrSvg(target, { color: hex, logo: useLogo ? logo : null })
      .then((s) => {
        if (live) setSvg(s);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [target, hex, useLogo, logo]);

  const style = { color: hex ?? '#000000', logo: useLogo ? logo : null };
  const name = qrFileName(title, tableValid ? table : '');
  // A code for a table registers the table first: its scans then count for that table.
  const register = async () => {
    const label = tableValid ? table.trim() : '';
    if (!label) return;
    try {
      await registerTable(venueId, label);
    } catch {
      toast.warning(t('tableNotSaved', { table: label }));
    }
  };
  const download = async (format: Format) => {
    if (!ready || busy) return;
    setBusy(format);
    try {
      await register();
      if (format === 'svg') {
        downloadBlob(new Blob([await qrSvg(target, style)], { type: 'image/svg+xml' }), `${name}.svg`);
      } else if (format === 'png') {
        downloadBlob(await qrPng(target, style), `${name}.png`);
      } else {
        const png = await qrPng(target, style);
        downloadBlob(await qrTableCardPdf({ title, url: target, png, color: style.color, table, lang: cardLang }), `${name}.pdf`);
      }
      reportQrDownload(venueId);
    } catch (err) {
      // lib/qr.ts's errors are English technical notes: the user reads ours, in their language.
      console.warn(err);
      toast.error(t('downloadFailed'));
    } finally {
      setBusy(null);
    }
  };
  const copy = async () => {
    try {
      await register();
      await copyText(target);
      toast.success(t('copied'));
    } catch (err) {
      console.warn(err);
      toast.error(t('copyFailed'));
    }
  };

  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="grid content-start gap-4">
        <div className="grid gap-2">
          <div className="mx-auto aspect-square w-full max-w-[16rem] overflow-hidden rounded-lg border bg-white p-2 shadow-sm md:max-w-none">
            {svg ? (
              <img
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
                alt={t('alt', { venue: title })}
                className="size-full"
                data-testid="qr-preview"
              />
            ) : (
              <div className="size-full animate-pulse rounded bg-neutral-200" aria-label={t('drawing')} />
            )}
          </div>
          <p className="break-all text-center font-mono text-xs text-muted-foreground" aria-label={t('link')}>
            {target}
          </p>
          {isPrivateAddress(url) ? <PrivateAddressWarning url={url} /> : null}
        </div>
        <div className="grid gap-2">
          <p className="text-sm font-medium">{t('download')}</p>
          <div className="grid grid-cols-3 gap-2">
            <Button
              type="button"
              variant="outline"
              onClick={() => void download('svg')}
              disabled={!ready}
              loading={busy === 'svg'}
              aria-label={t('downloadSvg')}
            >
              <FileDown aria-hidden /> SVG
            </Button>
            <Button
              type="button"
              variant="outline"
              onClick={() => void download('png')}
              disabled={!ready}
              loading={busy === 'png'}
              aria-label={t('downloadPng')}
            >
              <FileImage aria-hidden /> PNG
            </Button>
            <Button
              type="button"
              variant="outline"
              onClick={() => void download('pdf')}
              disabled={!ready}
              loading={busy === 'pdf'}
              aria-label={t('downloadPdf')}
            >
              <FileText aria-hidden /> PDF
            </Button>
          </div>
          <p className="text-xs text-muted-foreground">{t('formats')}</p>
          <Button type="button" variant="secondary" onClick={() => void copy()}>
            <Copy aria-hidden /> {t('copyLink')}
          </Button>
        </div>
      </div>

      <div className="grid content-start gap-4">
        <FormField label={t('colour')} error={colorValid ? undefined : 'validation.hexColor'}>
          <ColorPicker value={color} onChange={setColor} label={t('colourLabel')} />
        </FormField>
        <ContrastNote level={contrast.level} ratio={contrast.ratio} onUseBlack={() => setColor('#000000')} />

        {logoUrl ? (
          <div className="grid gap-1">
            <div className="flex items-center gap-2">
              <input
                id={logoId}
                type="checkbox"
                className="size-4 accent-primary"
                checked={withLogo && !logoFailed}
                disabled={logoFailed}
                onChange={(e) => setWithLogo(e.target.checked)}
              />
              <Label htmlFor={logoId}>{t('logo')}</Label>
            </div>
            <p className="text-xs text-muted-foreground">{logoFailed ? t('logoFailed') : t('logoHint')}</p>
          </div>
        ) : null}

        <FormField label={t('table')} hint={t('tableHint')} error={tableValid ? undefined : t('tableInvalid')}>
          <Input
            value={table}
            onChange={(e) => setTable(e.target.value)}
            inputMode="text"
            maxLength={20}
            placeholder={t('tablePlaceholder')}
            autoComplete="off"
          />
        </FormField>

        <FormField label={t('cardLanguage')} hint={t('cardLanguageHint')}>
          <Select value={cardLang} onChange={(e) => setCardLang(e.target.value)}>
            {GUEST_CHROME_LANGUAGES.map((code) => (
              <option key={code} value={code} lang={code}>
                {GUEST_CHROME[code]?.languageName ?? code}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
    </div>
  );
}

function ContrastNote({ level, ratio, onUseBlack }: { level: 'good' | 'low' | 'fail'; ratio: number; onUseBlack: () => void }) {
  const { t } = useTranslation('qr');
  const Icon = level === 'good' ? CheckCircle2 : level === 'low' ? AlertTriangle : XCircle;
  const text =
    level === 'good'
      ? t('contrastGood', { ratio: formatRatio(ratio) })
      : level === 'low'
        ? t('contrastLow', { ratio: formatRatio(ratio), good: formatNumber(QR_CONTRAST_GOOD) })
        : t('contrastFail', { ratio: formatRatio(ratio), min: formatNumber(QR_CONTRAST_MIN) });
  return (
    <div
      role={level === 'fail' ? 'alert' : 'status'}
      className={cn(
        'flex items-start gap-2 rounded-md border p-3 text-sm',
        level === 'good' &&
          'border-emerald-600/20 bg-emerald-50 text-emerald-900 dark:border-emerald-400/25 dark:bg-emerald-400/10 dark:text-emerald-200',
        level === 'low' &&
          'border-amber-600/25 bg-amber-50 text-amber-900 dark:border-amber-400/25 dark:bg-amber-400/10 dark:text-amber-200',
        level === 'fail' && 'border-red-600/20 bg-red-50 text-red-900 dark:border-red-400/25 dark:bg-red-400/10 dark:text-red-200',
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="grid gap-2">
        <p>{text}</p>
        {level === 'fail' ? (
          <Button type="button" size="sm" variant="outline" className="justify-self-start" onClick={onUseBlack}>
            {t('useBlack')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** Said before anyone prints: a code on a loopback or LAN address only works on this network. */
function PrivateAddressWarning({ url }: { url: string }) {
  const { t } = useTranslation('qr');
  return (
    <div
      role="alert"
      className="flex gap-2 rounded-md border border-amber-600/30 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-200"
    >
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>{t('privateAddress', { host: new URL(url).host })}</p>
    </div>
  );
}
