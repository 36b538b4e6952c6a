import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { ChevronLeft, ChevronRight, FileWarning, RefreshCw } from 'lucide-react';
import { openPdf } from '../../lib/pdf.ts';
import { pb } from '../../lib/pb.ts';
import { t as translate } from '../../lib/i18n/i18n.ts';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/card.tsx';
import type { DraftBox } from '../../../../shared/schemas/upload-draft.ts';
import type { Upload } from './types.ts';
import { HighlightBox } from './highlight-box.tsx';

/** The PDF could not be fetched: its message is ours (translated), unlike pdf.js's technical English ones. */
class PdfDownloadError extends Error {}

export type PdfDocument = ReturnType<typeof usePdfDocument>;

/** Loads the upload's (protected) PDF with a file token and opens it with pdf.js (once per screen: the viewer and the item regions share it). */
export function usePdfDocument(upload: Pick<Upload, 'id' | 'collectionId' | 'collectionName' | 'file'>) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const { id, collectionId, collectionName, file } = upload;
  useEffect(() => {
    if (!file) return;
    let active = true;
    let opened: PDFDocumentProxy | null = null;
    let destroyTask: (() => Promise<void>) | null = null;
    setDoc(null);
    setError(null);
    (async () => {
      const token = await pb.files.getToken();
      const res = await fetch(pb.files.getURL({ id, collectionId, collectionName }, file, { token }));
      if (!res.ok) throw new PdfDownloadError(
          res.status === 404 ? translate('uploads:viewer.notFound') : translate('uploads:viewer.downloadFailed', { status: res.status }),
        );
      const data = await res.arrayBuffer();
      if (!active) return;
      const task = await openPdf(data);
      destroyTask = () => task.destroy();
      if (!active) return void task.destroy();
      opened = await task.promise;
      if (!active) return void opened.destroy();
      setDoc(opened);
    })().catch((err: unknown) => {
      // pdf.js's own errors are English and technical: the user gets ours.
      if (active) setError(err instanceof PdfDownloadError ? err.message : translate('uploads:viewer.unreadable'));
    });
    return () => {
      active = false;
      void (opened ? opened.destroy() : destroyTask?.())?.catch(() => undefined);
    };
  }, [id, collectionId, collectionName, file, attempt]);
  return { doc, error, retry: () => setAttempt((n) => n + 1) };
}

/** The width of an element, kept up to date (integer CSS pixels). */
function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(Math.floor(el.clientWidth));
    const observer = new ResizeObserver(() => setWidth(Math.floor(el.clientWidth)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * One page of the uploaded PDF drawn by pdf.js onto a canvas as wide as its pane, with a page
 * switcher and an optional highlighted box (PDF points from the page's top-left corner, the
 * extractor's coordinates), scrolled into view inside the pane.
 */
export function PdfViewer({ pdf, page, onPageChange, highlight, onPages }: {
  pdf: PdfDocument;
  page: number;
  onPageChange: (page: number) => void;
  highlight: DraftBox | null;
  /** Tells the page count once the document is open. */
  onPages?: (pages: number) => void;
}) {
  const { t } = useTranslation('uploads');
  const { doc, error, retry } = pdf;
  const frame = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(frame);
  const [scale, setScale] = useState(0);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [rendering, setRendering] = useState(true);
  const pages = doc?.numPages ?? 0;
  const current = Math.min(Math.max(1, page), Math.max(1, pages));

  useEffect(() => { if (pages) onPages?.(pages); }, [pages, onPages]);

  useEffect(() => {
    if (!doc || !width || !canvas.current) return;
    let active = true;
    let task: RenderTask | null = null;
    setRendering(true);
    void (async () => {
      const pdfPage = await doc.getPage(current);
      if (!active || !canvas.current) return;
      const base = pdfPage.getViewport({ scale: 1 });
      const fit = width / base.width;
      const ratio = Math.min(window.devicePixelRatio || 1, 3);
      const viewport = pdfPage.getViewport({ scale: fit * ratio });
      const el = canvas.current;
      el.width = Math.floor(viewport.width);
      el.height = Math.floor(viewport.height);
      task = pdfPage.render({ canvas: el, viewport });
      await task.promise;
      if (!active) return;
      setScale(fit);
      setSize({ width: base.width * fit, height: base.height * fit });
      setRendering(false);
    })().catch((err: unknown) => {
      if ((err as { name?: string })?.name !== 'RenderingCancelledException' && active) setRendering(false);
    });
    return () => {
      active = false;
      task?.cancel();
    };
  }, [doc, current, width]);

  // Bring the highlighted box into view inside the pane only (never scroll the whole page).
  useEffect(() => {
    const el = box.current;
    const pane = scroller.current;
    if (!highlight || !el || !pane || !frame.current || rendering) return;
    const offset = frame.current.offsetTop + el.offsetTop;
    const top = offset - 24;
    const bottom = offset + el.offsetHeight + 24;
    if (top < pane.scrollTop) pane.scrollTo({ top, behavior: 'smooth' });
    else if (bottom > pane.scrollTop + pane.clientHeight) pane.scrollTo({ top: Math.max(0, bottom - pane.clientHeight), behavior: 'smooth' });
  }, [highlight, rendering, scale]);

  const switcher = (
    <div className="flex items-center justify-between gap-2 border-b px-3 py-2">
      <p className="min-w-0 truncate text-sm font-medium">{t('viewer.title')}</p>
      <nav aria-label={t('viewer.pages')} className="flex shrink-0 items-center gap-1">
        <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={t('viewer.previous')} disabled={!pages || current <= 1} onClick={() => onPageChange(current - 1)}><ChevronLeft aria-hidden /></Button>
        <span className="min-w-[6.5rem] text-center text-sm tabular-nums text-muted-foreground" aria-live="polite">{pages ? t('viewer.page', { page: current, pages }) : t('viewer.loading')}</span>
        <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={t('viewer.next')} disabled={!pages || current >= pages} onClick={() => onPageChange(current + 1)}><ChevronRight aria-hidden /></Button>
      </nav>
    </div>
  );

  return (
    <div className="flex max-h-full min-h-0 flex-col overflow-hidden rounded-lg border bg-card shadow-sm">
      {switcher}
      <div ref={scroller} className="relative min-h-0 flex-1 overflow-auto bg-muted/50 p-3">
        <div ref={frame} className="relative mx-auto w-full">
          {error ? (
            <div role="alert" className="flex flex-col items-center gap-3 px-4 py-16 text-center text-sm">
              <FileWarning className="size-8 text-muted-foreground" aria-hidden />
              <p className="font-medium">{t('viewer.failed')}</p>
              <p className="text-muted-foreground">{error}</p>
              <Button type="button" variant="outline" size="sm" onClick={retry}><RefreshCw aria-hidden /> {t('common:ui.retry')}</Button>
            </div>
          ) : (
            <>
              {!size ? <Skeleton className="aspect-[1/1.414] w-full rounded-sm" aria-label={t('viewer.loadingPdf')} /> : null}
              <canvas
                ref={canvas}
                role="img"
                aria-label={t('viewer.canvas', { page: current })}
                data-testid="pdf-page"
                data-page={current}
                data-rendered={!rendering || undefined}
                className={size ? 'block rounded-sm bg-white shadow' : 'absolute h-0 w-0'}
                style={size ? { width: size.width, height: size.height } : undefined}
              />
              {highlight && size && !rendering ? (
                <HighlightBox ref={box} highlight={highlight} scale={scale} />
              ) : null}
            </>
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * The part of a page where an item is printed, drawn by pdf.js at the width of its container
 * (with a margin around the box): the reviewer reads the original next to the fields.
 */
export function PdfRegion({ pdf, page, bbox, label }: { pdf: PdfDocument; page: number; bbox: DraftBox; label: string }) {
  const { t } = useTranslation('uploads');
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const width = useWidth(frame);
  const [drawn, setDrawn] = useState<{ height: number } | null>(null);
  const { doc } = pdf;
  const { x, y, width: w, height: h } = bbox;
  useEffect(() => {
    if (!doc || !width || !canvas.current || page < 1 || page > doc.numPages) return;
    let active = true;
    let task: RenderTask | null = null;
    void (async () => {
      const pdfPage = await doc.getPage(page);
      if (!active || !canvas.current) return;
      const base = pdfPage.getViewport({ scale: 1 });
      // The box with a margin, kept inside the page.
      const pad = 8;
      const left = Math.max(0, x - pad);
      const top = Math.max(0, y - pad);
      const right = Math.min(base.width, x + w + pad);
      const bottom = Math.min(base.height, y + h + pad);
      // As wide as the container, but never more than 2.5 times the print size.
      const fit = Math.min(width / Math.max(1, right - left), 2.5);
      const ratio = Math.min(window.devicePixelRatio || 1, 3);
      const scale = fit * ratio;
      const viewport = pdfPage.getViewport({ scale, offsetX: -left * scale, offsetY: -top * scale });
      const el = canvas.current;
      el.width = Math.max(1, Math.floor((right - left) * scale));
      el.height = Math.max(1, Math.floor((bottom - top) * scale));
      el.style.width = `${(right - left) * fit}px`;
      el.style.height = `${(bottom - top) * fit}px`;
      task = pdfPage.render({ canvas: el, viewport });
      await task.promise;
      if (active) setDrawn({ height: (bottom - top) * fit });
    })().catch(() => undefined);
    return () => {
      active = false;
      task?.cancel();
    };
  }, [doc, page, x, y, w, h, width]);
  return (
    <figure ref={frame} className="grid gap-1" data-testid="pdf-region" data-rendered={drawn ? true : undefined}>
      <canvas ref={canvas} role="img" aria-label={label} className={drawn ? 'block max-w-full rounded-sm border bg-white' : 'h-0 w-0'} />
      {!drawn ? <Skeleton className="h-10 w-full" aria-label={t('viewer.loadingPdf')} /> : null}
      <figcaption className="text-xs text-muted-foreground">{t('region.caption', { page })}</figcaption>
    </figure>
  );
}
