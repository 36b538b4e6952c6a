import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight, FileWarning, RefreshCw } from 'lucide-react';
import { pb } from '../../lib/pb.ts';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/card.tsx';
import type { DraftBox } from '../../../../shared/schemas/upload-draft.ts';
import type { Upload } from './types.ts';
import { HighlightBox } from './highlight-box.tsx';
import type { PhotoPages } from './pdf-context.ts';

/** Whether the upload's pages are photos (its file is an image, or it has further photos). */
export function isPhotoUpload(upload: Pick<Upload, 'file' | 'photos'>): boolean {
  return upload.photos.length > 0 || /\.(jpe?g|png|webp)$/i.test(upload.file);
}

/** The URLs of an upload's photos (with a file token), in page order; null until the token came. */
export function usePhotoPages(upload: Pick<Upload, 'id' | 'collectionId' | 'collectionName' | 'file' | 'photos'> | null, widths: Array<number | null>): PhotoPages | null {
  const [token, setToken] = useState<string | null>(null);
  const photo = upload ? isPhotoUpload(upload) : false;
  useEffect(() => {
    if (!photo) return;
    let active = true;
    pb.files.getToken().then(
      (tk) => active && setToken(tk),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [photo]);
  const names = upload && photo ? [upload.file, ...upload.photos].filter(Boolean) : [];
  const key = `${upload?.id}:${names.join('/')}:${widths.join('/')}:${token}`;
  // One object while nothing changed: the item regions re-render only when it does.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => (upload && photo && token ? { urls: names.map((n) => pb.files.getURL({ id: upload.id, collectionId: upload.collectionId, collectionName: upload.collectionName }, n, { token })), widths } : null), [key]);
}

/**
 * The part of a photo where an item is printed (its box with a margin), as wide as its container
 * but never more than 2.5 times the photo's size in points: the reviewer reads the original next
 * to the fields. The photo is cropped by CSS, so no canvas and no second download.
 */
export function PhotoRegion({ url, pageWidth, page, bbox, label }: { url: string; pageWidth: number; page: number; bbox: DraftBox; label: string }) {
  const { t } = useTranslation('uploads');
  const [loaded, setLoaded] = useState(false);
  const pad = 8;
  const left = Math.max(0, bbox.x - pad);
  const top = Math.max(0, bbox.y - pad);
  const width = Math.max(1, Math.min(pageWidth, bbox.x + bbox.width + pad) - left);
  const height = Math.max(1, bbox.y + bbox.height + pad - top);
  return (
    <figure className="grid gap-1" data-testid="pdf-region" data-rendered={loaded || undefined}>
      <div
        role="img"
        aria-label={label}
        className="relative overflow-hidden rounded-sm border bg-white"
        style={{ width: '100%', maxWidth: width * 2.5, aspectRatio: `${width} / ${height}` }}
      >
        <img
          src={url}
          alt=""
          className="absolute max-w-none"
          style={{ left: `${(-left / width) * 100}%`, top: `${(-top / height) * 100}%`, width: `${(pageWidth / width) * 100}%` }}
          onLoad={() => setLoaded(true)}
        />
      </div>
      <figcaption className="text-xs text-muted-foreground">{t('region.photoCaption', { page })}</figcaption>
    </figure>
  );
}

/**
 * The photos of an upload (its file, then its further photos: the pages in order), one at a time,
 * with a page switcher and an optional highlighted box. Boxes are in the extractor's page points:
 * a photo is `pageWidth` points wide (from the draft), so they scale with the shown width.
 */
export function PhotoViewer({ upload, page, onPageChange, highlight, pageWidth }: {
  upload: Pick<Upload, 'id' | 'collectionId' | 'collectionName' | 'file' | 'photos'>;
  page: number;
  onPageChange: (page: number) => void;
  highlight: DraftBox | null;
  pageWidth: number | null;
}) {
  const { t } = useTranslation('uploads');
  const names = [upload.file, ...upload.photos].filter(Boolean);
  const pages = names.length;
  const current = Math.min(Math.max(1, page), Math.max(1, pages));
  const [token, setToken] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [shown, setShown] = useState<{ width: number } | null>(null);
  const img = useRef<HTMLImageElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let active = true;
    setFailed(false);
    pb.files.getToken().then(
      (tk) => active && setToken(tk),
      () => active && setFailed(true),
    );
    return () => {
      active = false;
    };
  }, [attempt]);

  useEffect(() => {
    const el = img.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setShown(el.complete && el.naturalWidth ? { width: el.clientWidth } : null));
    observer.observe(el);
    return () => observer.disconnect();
  }, [token, current]);

  useEffect(() => {
    const el = box.current;
    const pane = scroller.current;
    if (!highlight || !el || !pane) return;
    const top = el.offsetTop - 24;
    const bottom = el.offsetTop + el.offsetHeight + 24;
    if (top < pane.scrollTop) pane.scrollTo({ top, behavior: 'smooth' });
    else if (bottom > pane.scrollTop + pane.clientHeight) pane.scrollTo({ top: Math.max(0, bottom - pane.clientHeight), behavior: 'smooth' });
  }, [highlight, shown]);

  const name = names[current - 1];
  const url = token && name ? pb.files.getURL({ id: upload.id, collectionId: upload.collectionId, collectionName: upload.collectionName }, name, { token }) : null;
  const scale = shown && pageWidth ? shown.width / pageWidth : 0;

  return (
    <div className="flex max-h-full min-h-0 flex-col overflow-hidden rounded-lg border bg-card shadow-sm">
      <div className="flex items-center justify-between gap-2 border-b px-3 py-2">
        <p className="min-w-0 truncate text-sm font-medium">{t('viewer.photosTitle')}</p>
        <nav aria-label={t('viewer.pages')} className="flex shrink-0 items-center gap-1">
          <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={t('viewer.previous')} disabled={current <= 1} onClick={() => onPageChange(current - 1)}><ChevronLeft aria-hidden /></Button>
          <span className="min-w-[6.5rem] text-center text-sm tabular-nums text-muted-foreground" aria-live="polite">{t('viewer.page', { page: current, pages })}</span>
          <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={t('viewer.next')} disabled={current >= pages} onClick={() => onPageChange(current + 1)}><ChevronRight aria-hidden /></Button>
        </nav>
      </div>
      <div ref={scroller} className="relative min-h-0 flex-1 overflow-auto bg-muted/50 p-3">
        <div className="relative mx-auto w-full">
          {failed ? (
            <div role="alert" className="flex flex-col items-center gap-3 px-4 py-16 text-center text-sm">
              <FileWarning className="size-8 text-muted-foreground" aria-hidden />
              <p className="font-medium">{t('viewer.photoFailed')}</p>
              <Button type="button" variant="outline" size="sm" onClick={() => setAttempt((n) => n + 1)}><RefreshCw aria-hidden /> {t('common:ui.retry')}</Button>
            </div>
          ) : (
            <>
              {!shown ? <Skeleton className="aspect-[1/1.414] w-full rounded-sm" aria-label={t('viewer.loading')} /> : null}
              {url ? (
                <img
                  ref={img}
                  key={url}
                  src={url}
                  alt={t('viewer.photo', { page: current })}
                  data-testid="photo-page"
                  data-page={current}
                  className={shown ? 'block w-full rounded-sm shadow' : 'absolute h-0 w-0'}
                  onLoad={(e) => setShown({ width: e.currentTarget.clientWidth })}
                  onError={() => setFailed(true)}
                />
              ) : null}
              {highlight && scale ? (
                <HighlightBox ref={box} highlight={highlight} scale={scale} />
              ) : null}
            </>
          )}
        </div>
      </div>
    </div>
  );
}
