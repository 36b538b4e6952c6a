import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordModel } from 'pocketbase';
import { FileArchive, FileDown, Loader2, Printer } from 'lucide-react';
import { toast } from '../../lib/toast.ts';
import { cn } from '../../lib/cn.ts';
import { errorMessage } from '../../lib/api-errors.ts';
import { downloadFile } from '../../lib/download-file.ts';
import { registerTables } from '../../lib/venue-tables.ts';
import { MAX_VENUE_TABLES } from '../../../../shared/constants.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Input, Label } from '../../components/ui/input.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import {
  perSheet,
  PRINT_KIT_MAX_TABLE_NUMBER,
  PRINT_KIT_MAX_TABLES,
  PRINT_KIT_TEMPLATES,
  printKitTemplate,
  type PrintKitFormat,
  type PrintKitTemplate,
  type PrintKitTemplateId,
} from '../../../../shared/print-kit.ts';

/** The venue's print kit: a card on the venue page that opens the dialog. */
export function VenuePrintKitCard({ venue }: { venue: RecordModel }) {
  const { t } = useTranslation('qr');
  const [open, setOpen] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('printKit.title')}</CardTitle>
        <CardDescription>{t('printKit.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button type="button" variant="outline" className="w-full" onClick={() => setOpen(true)}>
          <Printer aria-hidden /> {t('printKit.open')}
        </Button>
        <Dialog
          open={open}
          onOpenChange={setOpen}
          title={t('printKit.title')}
          description={t('printKit.dialogDescription', { venue: String(venue.name ?? '') })}
          className="max-w-2xl"
        >
          {open ? <PrintKitForm venue={venue} /> : null}
        </Dialog>
      </CardContent>
    </Card>
  );
}

const whole = (value: string) => (/^\d{1,4}$/.test(value.trim()) ? Number(value) : NaN);

function PrintKitForm({ venue }: { venue: RecordModel }) {
  const { t } = useTranslation('qr');
  const [from, setFrom] = useState('1');
  const [to, setTo] = useState('20');
  const [template, setTemplate] = useState<PrintKitTemplateId>('a4-12');
  const hasWifi = String(venue.wifiName ?? '').trim() !== '';
  const [wifi, setWifi] = useState(hasWifi);
  const [cta, setCta] = useState(true);
  const [cropMarks, setCropMarks] = useState(false);
  const [busy, setBusy] = useState<PrintKitFormat | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const ids = { wifi: useId(), cta: useId(), crop: useId(), templates: useId() };

  const first = whole(from);
  const last = whole(to);
  const numberError = (n: number) =>
    Number.isNaN(n) || n < 1 || n > PRINT_KIT_MAX_TABLE_NUMBER
      ? t('printKit.errors.number', { max: PRINT_KIT_MAX_TABLE_NUMBER })
      : undefined;
  const fromError = numberError(first);
  const toError =
    numberError(last) ??
    (!fromError && last < first
      ? t('printKit.errors.order')
      : !fromError && last - first + 1 > PRINT_KIT_MAX_TABLES
        ? t('printKit.errors.tooMany', { max: PRINT_KIT_MAX_TABLES })
        : undefined);
  const valid = !fromError && !toError;
  const count = valid ? last - first + 1 : 0;
  const tpl = printKitTemplate(template) ?? (PRINT_KIT_TEMPLATES[0] as PrintKitTemplate);

  const download = async (format: PrintKitFormat) => {
    if (!valid || busy) return;
    setBusy(format);
    setFailure(null);
    const query = new URLSearchParams({
      from: String(first),
      to: String(last),
      template,
      format,
      cta: cta ? '1' : '0',
      wifi: wifi && hasWifi ? '1' : '0',
      cropMarks: cropMarks ? '1' : '0',
    });
    try {
      const name = await downloadFile(`/api/venues/${encodeURIComponent(venue.id)}/print-kit?${query.toString()}`, `print-kit.${format}`);
      toast.success(t('printKit.downloaded', { file: name }));
    } catch (err) {
      setFailure(t('printKit.failed', { error: errorMessage(err) }));
      return;
    } finally {
      setBusy(null);
    }
    // Scans count per table only for the venue's own table labels: the printed tables become its labels.
    try {
      const labels = Array.from({ length: count }, (_, i) => String(first + i));
      if (!(await registerTables(venue.id, labels))) toast.warning(t('printKit.tooManyTables', { max: MAX_VENUE_TABLES }));
    } catch (err) {
      console.warn(err);
      toast.warning(t('printKit.tablesNotSaved'));
    }
  };

  return (
    <div className="grid gap-5">
      <div className="grid grid-cols-2 gap-3">
        <FormField label={t('printKit.from')} error={fromError}>
          <Input inputMode="numeric" autoComplete="off" value={from} onChange={(e) => setFrom(e.target.value)} />
        </FormField>
        <FormField label={t('printKit.to')} error={toError}>
          <Input inputMode="numeric" autoComplete="off" value={to} onChange={(e) => setTo(e.target.value)} />
        </FormField>
      </div>

      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t('printKit.template')}</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {PRINT_KIT_TEMPLATES.map((option) => {
            const id = `${ids.templates}-${option.id}`;
            return (
              <label
                key={option.id}
                htmlFor={id}
                className={cn(
                  'flex cursor-pointer flex-col items-center gap-2 rounded-md border p-2 text-center text-xs transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                  template === option.id ? 'border-primary bg-primary/5' : 'hover:bg-muted',
                )}
              >
                <input
                  id={id}
                  type="radio"
                  name={ids.templates}
                  className="sr-only"
                  value={option.id}
                  checked={template === option.id}
                  onChange={() => setTemplate(option.id)}
                />
                <LayoutPreview template={option} />
                <span className="font-medium">{t(`printKit.templates.${option.id}.name`)}</span>
                <span className="text-muted-foreground">{t(`printKit.templates.${option.id}.hint`)}</span>
              </label>
            );
          })}
        </div>
      </fieldset>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">{t('printKit.options')}</legend>
        <div className="flex items-start gap-2">
          <input
            id={ids.cta}
            type="checkbox"
            className="mt-0.5 size-4 accent-primary"
            checked={cta}
            onChange={(e) => setCta(e.target.checked)}
          />
          <Label htmlFor={ids.cta}>{t('printKit.cta')}</Label>
        </div>
        <div className="flex items-start gap-2">
          <input
            id={ids.wifi}
            type="checkbox"
            className="mt-0.5 size-4 accent-primary"
            checked={wifi && hasWifi}
            disabled={!hasWifi}
            aria-describedby={hasWifi ? undefined : `${ids.wifi}-hint`}
            onChange={(e) => setWifi(e.target.checked)}
          />
          <div className="grid gap-1">
            <Label htmlFor={ids.wifi} className={cn(!hasWifi && 'text-muted-foreground')}>
              {t('printKit.wifi')}
            </Label>
            {hasWifi ? null : (
              <p id={`${ids.wifi}-hint`} className="text-xs text-muted-foreground">
                {t('printKit.wifiMissing')}
              </p>
            )}
          </div>
        </div>
        <div className="flex items-start gap-2">
          <input
            id={ids.crop}
            type="checkbox"
            className="mt-0.5 size-4 accent-primary"
            checked={cropMarks}
            onChange={(e) => setCropMarks(e.target.checked)}
          />
          <Label htmlFor={ids.crop}>{t('printKit.cropMarks')}</Label>
        </div>
      </fieldset>

      <p className="text-sm text-muted-foreground" aria-live="polite">
        {valid ? t('printKit.summary', { count, pages: Math.ceil(count / perSheet(tpl)), from: first, to: last }) : '\u00a0'}
      </p>
      {failure ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">
          {failure}
        </p>
      ) : null}
      <div className="grid gap-2 sm:grid-cols-2">
        <Button type="button" disabled={!valid || busy !== null} aria-busy={busy === 'pdf'} onClick={() => void download('pdf')}>
          {busy === 'pdf' ? <Loader2 className="animate-spin" aria-hidden /> : <FileDown aria-hidden />}
          {busy === 'pdf' ? t('printKit.preparing') : t('printKit.downloadPdf')}
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={!valid || busy !== null}
          aria-busy={busy === 'zip'}
          onClick={() => void download('zip')}
        >
          {busy === 'zip' ? <Loader2 className="animate-spin" aria-hidden /> : <FileArchive aria-hidden />}
          {busy === 'zip' ? t('printKit.preparing') : t('printKit.downloadZip')}
        </Button>
      </div>
    </div>
  );
}

/** A small drawing of a template: the (white) sheet, its cells, and in each a code and text lines (a tent's top half upside down). */
function LayoutPreview({ template: tpl }: { template: PrintKitTemplate }) {
  const scale = 56 / Math.max(tpl.page.width, tpl.page.height);
  const w = tpl.page.width * scale;
  const h = tpl.page.height * scale;
  const left = (w - tpl.columns * tpl.cell.width * scale) / 2;
  const top = (h - tpl.rows * tpl.cell.height * scale) / 2;
  const cells = Array.from({ length: perSheet(tpl) }, (_, i) => ({
    x: left + (i % tpl.columns) * tpl.cell.width * scale,
    y: top + Math.floor(i / tpl.columns) * tpl.cell.height * scale,
  }));
  const cw = tpl.cell.width * scale;
  const ch = tpl.cell.height * scale;
  const face = (x: number, y: number, fw: number, fh: number, landscape: boolean, key: string) => {
    const q = landscape ? Math.min(fh * 0.8, fw * 0.45) : Math.min(fw * 0.6, fh * 0.45);
    const qx = landscape ? x + fw * 0.08 : x + (fw - q) / 2;
    const qy = landscape ? y + (fh - q) / 2 : y + fh * 0.18;
    const tx = landscape ? qx + q + fw * 0.06 : x + fw * 0.2;
    const tw = landscape ? x + fw - tx - fw * 0.06 : fw * 0.6;
    const ty = landscape ? y + fh * 0.3 : qy + q + fh * 0.08;
    return (
      <g key={key}>
        <rect x={x} y={y} width={fw} height={Math.max(0.6, fh * 0.04)} className="fill-primary" />
        <rect x={qx} y={qy} width={q} height={q} fill="#111827" />
        {[0, 1, 2].map((l) => (
          <rect key={l} x={tx} y={ty + l * fh * 0.12} width={tw * (l === 0 ? 1 : 0.8)} height={Math.max(0.6, fh * 0.05)} fill="#9ca3af" />
        ))}
      </g>
    );
  };
  return (
    <svg width={w} height={h} viewBox={`0 0 ${w} ${h}`} aria-hidden className="shrink-0">
      <rect x={0.5} y={0.5} width={w - 1} height={h - 1} rx={1.5} fill="#ffffff" className="stroke-border" />
      {cells.map((c, i) =>
        tpl.tent ? (
          <g key={i}>
            <g transform={`rotate(180 ${c.x + cw / 2} ${c.y + ch / 4})`}>{face(c.x, c.y, cw, ch / 2, true, 'up')}</g>
            <line x1={c.x} x2={c.x + cw} y1={c.y + ch / 2} y2={c.y + ch / 2} strokeDasharray="2 2" stroke="#9ca3af" />
            {face(c.x, c.y + ch / 2, cw, ch / 2, true, 'down')}
          </g>
        ) : (
          <g key={i}>
            {perSheet(tpl) > 1 ? (
              <rect x={c.x} y={c.y} width={cw} height={ch} className="fill-none stroke-border" strokeWidth={0.5} />
            ) : null}
            {face(c.x + cw * 0.06, c.y + ch * 0.06, cw * 0.88, ch * 0.88, cw / ch > 1.2, 'f')}
          </g>
        ),
      )}
    </svg>
  );
}
