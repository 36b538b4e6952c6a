import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'wouter';
import { useSWRConfig } from 'swr';
import { toast } from '../../lib/toast.ts';
import { AlertTriangle, ArrowLeft, Check, ChevronDown, ChevronUp, CircleAlert, CloudUpload, FileDiff, FileUp, Import, Languages, Loader2, RefreshCw, UtensilsCrossed } from 'lucide-react';
import { useTitle } from '../../hooks/use-title.ts';
import { useAuth } from '../../hooks/use-auth.ts';
import { useLiveRecords } from '../../hooks/use-live-records.ts';
import { keysStartingWith, swrKeys } from '../../lib/swr-keys.ts';
import { paths } from '../../app/paths.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { reportError } from '../../lib/action-errors.ts';
import { formatRelative } from '../../lib/format.ts';
import { DraftEditor } from './draft-editor.tsx';
import { answerCurrency, currencyQuestionOpen, flagReason, flaggedItems, itemCount, itemLocation, nextFlag, unpricedItems, type EditDraft, type EditItem } from './draft-model.ts';
import { PdfContext, PhotoPagesContext } from './pdf-context.ts';
import { ImportDialog, type ImportTarget } from './import-dialog.tsx';
import { PdfViewer, usePdfDocument } from './pdf-viewer.tsx';
import { isPhotoUpload, PhotoViewer, usePhotoPages } from './photo-viewer.tsx';
import { importUpload, retryUpload, useSuggestedMenu, useUpload } from './upload-data.ts';
import { DiffDialog } from './diff-dialog.tsx';
import { useMenuOptions } from '../menus/menu-data.ts';
import { ExtractionProgress, UploadStatusBadge } from './upload-status.tsx';
import { useDraftEditor, type SaveState } from './use-draft-editor.ts';
import type { DraftBox } from '../../../../shared/schemas/upload-draft.ts';
import type { Upload } from './types.ts';
import { importErrorText, uploadMessage } from './upload-messages.ts';

function BackLink() {
  const { t } = useTranslation('uploads');
  return (
    <Link href={paths.menuUpload()} className="mb-3 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
      <ArrowLeft className="size-4" aria-hidden /> {t('common:nav.menuUpload')}
    </Link>
  );
}

/** A currency's name as amounts are counted in the app's language ("British pounds", "euros"), or its code. */
function currencyName(code: string, lang: string): string {
  try {
    const parts = new Intl.NumberFormat(lang, { style: 'currency', currency: code, currencyDisplay: 'name' }).formatToParts(2);
    return parts.find((p) => p.type === 'currency')?.value ?? code;
  } catch {
    return code;
  }
}

function languageName(code: string, lang: string): string {
  try {
    return new Intl.DisplayNames(lang, { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Typing in a field: single-letter shortcuts are text there. */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The PDF's prices are in another currency than the organization's: asks what to do before the
 * import (amounts are imported as they are, in the organization's currency, or the reviewer goes
 * to the organization's settings first).
 */
function CurrencyQuestion({ pdf, sign, currency, answered, onAnswer, attention }: {
  pdf: string; sign: string | undefined; currency: string; answered: boolean; onAnswer: () => void; attention: boolean;
}) {
  const { t, i18n } = useTranslation('uploads');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => { if (attention) ref.current?.focus(); }, [attention]);
  const values = { pdf: currencyName(pdf, i18n.language), sign: sign || pdf, currency: currencyName(currency, i18n.language) };
  if (answered) {
    return <p className="flex gap-2 text-sm text-muted-foreground" data-testid="currency-answered"><Check className="mt-0.5 size-4 shrink-0" aria-hidden /> {t('currency.answered', values)}</p>;
  }
  return (
    <div ref={ref} tabIndex={-1} role="group" aria-labelledby="currency-question" data-testid="currency-question"
      className={cn('grid gap-3 rounded-md border border-sky-600/20 bg-sky-50 p-3 text-sm text-sky-950 outline-none dark:border-sky-400/25 dark:bg-sky-400/10 dark:text-sky-100', attention && 'ring-2 ring-sky-600')}>
      <p id="currency-question" className="flex gap-2"><CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden /> {t('currency.question', values)}</p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" onClick={onAnswer}>{t('currency.keep', values)}</Button>
        <Link href={paths.settingsOrganization()} className={buttonVariants({ variant: 'outline', size: 'sm' })}>{t('currency.change')}</Link>
      </div>
    </div>
  );
}

/** "3 to check" with previous/next buttons; the keys N and P (or Alt+↓/↑) do the same. */
function FlagNavigator({ count, onJump }: { count: number; onJump: (step: 1 | -1) => void }) {
  const { t } = useTranslation('uploads');
  if (!count) return <p className="text-sm text-muted-foreground" data-testid="flag-count">{t('flags.none')}</p>;
  return (
    <div className="flex items-center gap-1" data-testid="flag-navigator">
      <span className="text-sm text-amber-800 dark:text-amber-300" data-testid="flag-count">{t('flags.count', { count })}</span>
      <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={t('flags.previous')} title={t('flags.previousKeys')} onClick={() => onJump(-1)}><ChevronUp aria-hidden /></Button>
      <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={t('flags.next')} title={t('flags.nextKeys')} onClick={() => onJump(1)}><ChevronDown aria-hidden /></Button>
    </div>
  );
}

function SaveIndicator({ state, error, onRetry }: { state: SaveState; error: string | null; onRetry: () => void }) {
  const { t } = useTranslation('uploads');
  const content = {
    saved: <><Check className="size-4 text-emerald-600 dark:text-emerald-400" aria-hidden /> {t('save.saved')}</>,
    pending: <><CloudUpload className="size-4" aria-hidden /> {t('save.pending')}</>,
    saving: <><Loader2 className="size-4 animate-spin" aria-hidden /> {t('save.saving')}</>,
    invalid: <><CircleAlert className="size-4 text-destructive" aria-hidden /> {t('save.invalid')}</>,
    error: <><CircleAlert className="size-4 text-destructive" aria-hidden /> {error ? t('save.errorWith', { error }) : t('save.error')} <Button type="button" variant="link" size="sm" className="h-auto px-1" onClick={onRetry}>{t('common:ui.retry')}</Button></>,
  }[state];
  return <p className="flex min-h-8 items-center gap-1.5 text-sm text-muted-foreground" role="status" data-testid="save-state" data-state={state}>{content}</p>;
}

/** Extracts the draft again; with `confirm`, asks first (the reviewed draft is discarded). */
function RetryButton({ upload, label, confirm }: { upload: Upload; label?: string; confirm?: boolean }) {
  const { t } = useTranslation('uploads');
  const [, navigate] = useLocation();
  const { mutate } = useSWRConfig();
  const [pending, setPending] = useState(false);
  const [asking, setAsking] = useState(false);
  const retry = async () => {
    setPending(true);
    try {
      await mutate(swrKeys.upload(upload.id), await retryUpload(upload.id), { revalidate: false });
    } catch (err) {
      reportError(err, navigate, t('list.retryFailed'));
      throw err;
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Button type="button" variant="outline" onClick={() => (confirm ? setAsking(true) : void retry().catch(() => undefined))} loading={pending}>{pending ? null : <RefreshCw aria-hidden />} {label ?? t('common:ui.retry')}</Button>
      {confirm ? (
        <ConfirmDialog
          open={asking}
          onOpenChange={setAsking}
          title={t(isPhotoUpload(upload) ? 'review.rereadPhotosTitle' : 'review.rereadTitle')}
          description={t(isPhotoUpload(upload) ? 'review.rereadPhotosDescription' : 'review.rereadDescription')}
          confirmLabel={t('review.rereadConfirm')}
          onConfirm={retry}
        />
      ) : null}
    </>
  );
}

export default function UploadReviewPage() {
  const { t, i18n } = useTranslation('uploads');
  const { uploadId = '' } = useParams<{ uploadId: string }>();
  // The specification gives this route no page title: the product name alone.
  useTitle();
  const { organization } = useAuth();
  const orgId = organization?.id;
  const currency = String(organization?.currency || 'EUR');
  const [, navigate] = useLocation();
  const { mutate } = useSWRConfig();
  const { data: upload, error } = useUpload(uploadId);
  const menus = useMenuOptions(orgId);
  const editor = useDraftEditor(upload, currency);
  const { edit, change, problems } = editor;
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<{ key: string; page: number; bbox: DraftBox | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const [updating, setUpdating] = useState(false);
  const suggested = useSuggestedMenu(upload);
  const [missingPrices, setMissingPrices] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [currencyAttention, setCurrencyAttention] = useState(0);
  // A photo upload has no PDF to open: its pages are the photos.
  const photoUpload = upload ? isPhotoUpload(upload) : false;
  const pdf = usePdfDocument({ id: upload?.id ?? '', collectionId: upload?.collectionId ?? '', collectionName: upload?.collectionName ?? '', file: photoUpload ? '' : (upload?.file ?? '') });
  const photoPages = usePhotoPages(upload ?? null, (upload?.draft?.pageSizes ?? []).map((s) => s?.width ?? null));
  const { doc: pdfDoc, error: pdfError, retry: pdfRetry } = pdf;
  // One object while the document is the same: the item regions re-render only when it changes.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const pdfShared = useMemo(() => pdf, [pdfDoc, pdfError]);
  void pdfRetry;

  useLiveRecords({
    collection: 'menu_uploads', topic: uploadId, targets: [swrKeys.upload(uploadId)],
    onEvent: (e) => {
      if (e.action === 'delete') {
        toast.info(t('review.deleted'));
        navigate(paths.menuUpload(), { replace: true });
      }
    },
  });

  const onSelect = useCallback((item: EditItem) => {
    const at = itemLocation(item);
    setSelected({ key: item.key, page: at?.page ?? 0, bbox: at?.bbox ?? null });
    if (at) setPage(at.page);
  }, []);

  const counts = useMemo(() => (edit ? { sections: edit.sections.filter((s) => s.items.length).length, items: itemCount(edit) } : { sections: 0, items: 0 }), [edit]);
  const unpriced = useMemo(() => (edit ? unpricedItems(edit, currency) : []), [edit, currency]);
  const flags = useMemo(() => (edit ? flaggedItems(edit, currency).length : 0), [edit, currency]);

  /** Selects the next (or previous) flagged item, focuses its row and says which it is. */
  const editRef = useRef<EditDraft | null>(null);
  useEffect(() => { editRef.current = edit; });
  const selectedKey = selected?.key ?? null;
  const jump = useCallback((step: 1 | -1) => {
    const current = editRef.current;
    if (!current) return;
    const item = nextFlag(current, currency, selectedKey, step);
    if (!item) {
      setAnnouncement(t('flags.none'));
      return;
    }
    onSelect(item);
    const all = flaggedItems(current, currency);
    const reason = flagReason(item, currency);
    setAnnouncement(t('flags.at', { index: all.findIndex((i) => i.key === item.key) + 1, count: all.length, name: item.name || t('editor.newItem'), reason: reason ? t(`flag.${reason}`) : '' }));
    const row = document.querySelector<HTMLElement>(`[data-key="${item.key}"]`);
    row?.focus({ preventScroll: true });
    row?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [currency, selectedKey, onSelect, t]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey) return;
      const alt = e.altKey && (e.key === 'ArrowDown' || e.key === 'ArrowUp');
      const letter = !e.altKey && !e.shiftKey && (e.key === 'n' || e.key === 'p') && !typing(e.target);
      if (!alt && !letter) return;
      if (document.querySelector('[role="dialog"]')) return;
      e.preventDefault();
      jump(e.key === 'ArrowDown' || e.key === 'n' ? 1 : -1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [jump]);

  if (error && !upload) {
    const missing = (error as { status?: number }).status === 404;
    return (
      <>
        <BackLink />
        <Card className="grid justify-items-center gap-3 p-10 text-center">
          <h1 className="text-lg font-semibold">{missing ? t('review.notFound') : t('review.loadFailed')}</h1>
          <p className="text-sm text-muted-foreground">{missing ? t('review.notFoundDescription') : t('review.loadFailedDescription')}</p>
          <Link className={buttonVariants({ variant: 'outline' })} href={paths.menuUpload()}>{t('review.back')}</Link>
        </Card>
      </>
    );
  }
  if (!upload) return <PageSkeleton />;

  /**
   * Checks the draft, then asks where to import it (`new`), or saves it and shows what it changes in
   * a menu (`update`: an item without a price keeps the menu's price, so missing prices do not block).
   */
  const startImport = (mode: 'new' | 'update' = 'new') => {
    const result = editor.current();
    if (!result) return;
    if (result.problems.size) {
      toast.error(t('review.fixFields'));
      document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    if (unpriced.length && mode === 'new') {
      const shown = unpriced.slice(0, 5).map(({ item }) => t('review.quoted', { name: item.name || t('editor.newItem') }));
      const list = new Intl.ListFormat(i18n.language, { type: 'unit' }).format(shown);
      const names = unpriced.length > 5 ? t('review.andMore', { names: list, count: unpriced.length - 5 }) : list;
      setMissingPrices(t('review.missingPrices', { count: unpriced.length, names }));
      const first = unpriced[0];
      if (first) {
        onSelect(first.item);
        document.querySelector<HTMLElement>(`[data-key="${first.item.key}"] input[aria-label=${JSON.stringify(t('editor.priceAmount', { number: 1 }))}]`)?.focus();
      }
      return;
    }
    setMissingPrices(null);
    if (edit && currencyQuestionOpen(edit, currency)) {
      setCurrencyAttention((n) => n + 1);
      toast.error(t('currency.first'));
      return;
    }
    if (mode === 'update') {
      // The diff is computed from the stored draft: what is pending is saved first.
      void editor.save().then(() => setUpdating(true));
      return;
    }
    setImporting(true);
  };

  const runImport = async (target: ImportTarget) => {
    const result = editor.current();
    if (!result || result.problems.size) return;
    await editor.hold();
    try {
      const res = await importUpload(upload.id, {
        draft: result.draft,
        ...(target.kind === 'append' ? { menuId: target.menuId } : {}),
        ...(target.kind === 'new' && target.language ? { language: target.language } : {}),
      });
      editor.release(true);
      setImporting(false);
      void mutate(keysStartingWith('menus', orgId));
      void mutate(swrKeys.upload(upload.id));
      if (orgId) void mutate(swrKeys.menuOptions(orgId));
      toast.success(t('review.imported', { count: res.items, name: res.menu.name }));
      navigate(paths.menu(res.menu.id));
    } catch (err) {
      editor.release(false);
      setImporting(false);
      // The server's own refusals (already imported, not ready, prices missing …) in the user's language.
      const refusal = importErrorText(err);
      if (refusal) toast.error(`${t('review.importFailed')}: ${refusal}`);
      else reportError(err, navigate, t('review.importFailed'));
    }
  };

  const ready = upload.status === 'ready' && edit;
  const updateTarget = suggested.data ?? null;
  const canUpdate = Boolean(updateTarget || menus.data?.length);
  const updateLabel = updateTarget ? t('diff.update', { name: updateTarget.name || t('import.untitledMenu') }) : t('diff.updateMenu');
  const updateButton = canUpdate ? <Button variant="outline" onClick={() => startImport('update')} data-testid="update-menu"><FileDiff aria-hidden /> {updateLabel}</Button> : null;
  const pdfCurrency = edit?.meta.currency;
  const currencyDiffers = Boolean(pdfCurrency && pdfCurrency !== currency);
  // The answer lives in the draft (saved like any edit), so a reload does not ask again.
  const currencyAnswered = Boolean(edit && !currencyQuestionOpen(edit, currency));
  const detectedLanguage = edit?.meta.language;
  const orgLanguage = String(organization?.defaultLanguage || 'en');
  const highlight = selected && selected.page === page ? selected.bbox : null;
  const importedMenu = menus.data?.find((m) => m.id === upload.menu);
  // Loaded and not there: the menu was deleted since.
  const menuGone = Boolean(upload.menu && menus.data && !importedMenu);

  return (
    <>
      <BackLink />
      <PageHeader
        title={upload.name || t('review.untitled')}
        description={<span className="inline-flex flex-wrap items-center gap-2"><UploadStatusBadge status={upload.status} /><span>{t('list.uploaded', { when: formatRelative(upload.created) })}{upload.pages ? ` · ${t('list.pages', { count: upload.pages })}` : ''}</span></span>}
        actions={ready ? <>{updateButton}<Button onClick={() => startImport()}><Import aria-hidden /> {t('import.submit')}</Button></> : null}
      />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <div className="h-[60vh] min-h-80 lg:sticky lg:top-20 lg:h-[calc(100vh-7rem)]">
          {isPhotoUpload(upload) ? (
            <PhotoViewer upload={upload} page={page} onPageChange={setPage} highlight={highlight} pageWidth={upload.draft?.pageSizes?.[page - 1]?.width ?? null} />
          ) : upload.file ? (
            <PdfViewer pdf={pdf} page={page} onPageChange={setPage} highlight={highlight} />
          ) : (
            <Card className="flex h-full items-center justify-center p-6 text-sm text-muted-foreground">{t('review.fileMissing')}</Card>
          )}
        </div>

        <div className="grid min-w-0 gap-4">
          {upload.status === 'uploaded' || upload.status === 'processing' ? (
            <Card>
              <CardHeader>
                <CardTitle>{t('review.readingTitle')}</CardTitle>
                <CardDescription>{t('review.readingDescription')}</CardDescription>
              </CardHeader>
              <CardContent><ExtractionProgress upload={upload} /></CardContent>
            </Card>
          ) : upload.status === 'failed' ? (
            <Card role="alert">
              <CardHeader>
                <CardTitle className="flex items-center gap-2"><AlertTriangle className="size-5 text-destructive" aria-hidden /> {t('review.failedTitle')}</CardTitle>
                <CardDescription className="text-foreground" data-testid="upload-error">{uploadMessage(upload.error, { photos: isPhotoUpload(upload) }) || t(isPhotoUpload(upload) ? 'review.failedPhotosDescription' : 'review.failedDescription')}</CardDescription>
              </CardHeader>
              <CardContent className="flex flex-wrap gap-2">
                <RetryButton upload={upload} />
                <Link href={paths.menuUpload()} className={buttonVariants({ variant: 'ghost' })}><FileUp aria-hidden /> {t('review.uploadAnother')}</Link>
              </CardContent>
            </Card>
          ) : upload.status === 'imported' ? (
            <Card>
              <CardHeader>
                <CardTitle className="flex items-center gap-2"><UtensilsCrossed className="size-5 text-primary" aria-hidden /> {t('status.imported')}</CardTitle>
                <CardDescription>
                  {upload.menu && !menuGone ? <Trans t={t} i18nKey="review.importedInto" values={{ name: importedMenu?.name ?? '…' }} components={{ b: <span className="font-medium text-foreground" /> }} /> : t('review.importedGone')}
                </CardDescription>
              </CardHeader>
              {upload.menu && !menuGone ? <CardContent><Link href={paths.menu(upload.menu)} className={buttonVariants()}>{t('review.openMenu')}</Link></CardContent> : null}
            </Card>
          ) : !edit ? (
            <Card className="p-6"><PageSkeleton /></Card>
          ) : null}

          {ready ? (
            <>
              <div className="sticky top-14 z-20 -mx-1 flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-md border bg-background/95 px-3 py-2 shadow-sm backdrop-blur">
                <p className="text-sm"><span className="font-medium">{t('counts.sections', { count: counts.sections })}, {t('counts.items', { count: counts.items })}</span>
                  {unpriced.length ? <span className="text-amber-700 dark:text-amber-300"> · {t('review.unpriced', { count: unpriced.length })}</span> : null}</p>
                <FlagNavigator count={flags} onJump={jump} />
                <SaveIndicator state={editor.state} error={editor.saveError} onRetry={() => void editor.save()} />
              </div>
              <p className="sr-only" aria-live="polite" data-testid="flag-announcement">{announcement}</p>
              {flags ? <p className="text-xs text-muted-foreground">{t('flags.hint')}</p> : null}
              {currencyDiffers && pdfCurrency ? (
                <CurrencyQuestion pdf={pdfCurrency} sign={edit.meta.currencySign} currency={currency} answered={currencyAnswered}
                  onAnswer={() => change((d) => answerCurrency(d, currency))} attention={currencyAttention > 0 && !currencyAnswered} key={currencyAttention} />
              ) : null}
              {detectedLanguage ? (
                <p className="flex gap-2 text-sm text-muted-foreground" data-testid="detected-language">
                  <Languages className="mt-0.5 size-4 shrink-0" aria-hidden />
                  {detectedLanguage === orgLanguage
                    ? t('language.same', { language: languageName(detectedLanguage, i18n.language) })
                    : t('language.other', { language: languageName(detectedLanguage, i18n.language), default: languageName(orgLanguage, i18n.language) })}
                </p>
              ) : null}
              {missingPrices && unpriced.length ? (
                <p role="alert" className="flex gap-2 rounded-md border border-amber-600/30 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-200">
                  <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden /> {missingPrices}
                </p>
              ) : null}
              <PdfContext.Provider value={photoUpload ? null : pdfShared}>
                <PhotoPagesContext.Provider value={photoPages}>
                  <DraftEditor edit={edit} currency={currency} change={change} problems={problems} selected={selected?.key ?? null} onSelect={onSelect} />
                </PhotoPagesContext.Provider>
              </PdfContext.Provider>
              <div className="flex flex-wrap items-center justify-end gap-2">
                <RetryButton upload={upload} label={t(isPhotoUpload(upload) ? 'review.rereadPhotos' : 'review.reread')} confirm />
                {updateButton}
                <Button onClick={() => startImport()}><Import aria-hidden /> {t('import.submit')}</Button>
              </div>
              {canUpdate && menus.data ? (
                <DiffDialog
                  open={updating}
                  onOpenChange={setUpdating}
                  uploadId={upload.id}
                  menus={menus.data}
                  initialMenuId={updateTarget?.id ?? menus.data[0]?.id ?? ''}
                  currency={currency}
                  onApplied={(res) => {
                    editor.release(true);
                    setUpdating(false);
                    void mutate(keysStartingWith('menus', orgId));
                    void mutate(keysStartingWith('items'));
                    void mutate(swrKeys.upload(upload.id));
                    toast.success(t('diff.applied', { count: res.applied, name: res.menu.name }));
                    navigate(paths.menu(res.menu.id));
                  }}
                />
              ) : null}
              <ImportDialog
                open={importing}
                onOpenChange={setImporting}
                uploadName={upload.name}
                sections={counts.sections}
                items={counts.items}
                menus={menus.data}
                language={detectedLanguage && detectedLanguage !== orgLanguage ? { code: detectedLanguage, name: languageName(detectedLanguage, i18n.language) } : null}
                onImport={runImport}
              />
            </>
          ) : null}
        </div>
      </div>
    </>
  );
}
