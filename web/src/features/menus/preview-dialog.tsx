import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pb } from '../../lib/pb.ts';
import { errorMessage } from '../../lib/api-errors.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Skeleton } from '../../components/ui/card.tsx';

/** The answer of `POST /api/menus/{id}/preview-link`: a same-origin, short-lived URL of the guest page. */
interface PreviewLink {
  url: string;
}

/** The guest page of this menu in one language, in a phone-sized frame (even unpublished languages). */
export function PreviewDialog({
  open,
  onOpenChange,
  menuId,
  language,
  languageLabel,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  menuId: string;
  language: string;
  languageLabel: string;
}) {
  const { t } = useTranslation('menus');
  const [link, setLink] = useState<{ url: string } | { error: string } | null>(null);
  useEffect(() => {
    if (!open) return;
    let active = true;
    setLink(null);
    pb.send<PreviewLink>(`/api/menus/${encodeURIComponent(menuId)}/preview-link`, { method: 'POST', body: { language } }).then(
      (res) => active && setLink({ url: res.url }),
      (err: unknown) => active && setLink({ error: errorMessage(err) }),
    );
    return () => {
      active = false;
    };
  }, [open, menuId, language]);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('previewDialog.title', { language: languageLabel })}
      description={t('previewDialog.description')}
      className="max-w-md"
    >
      {link === null ? (
        <Skeleton className="h-[70vh]" aria-busy="true" />
      ) : 'error' in link ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {t('previewDialog.failed', { message: link.error })}
        </p>
      ) : (
        <iframe
          src={link.url}
          title={t('previewDialog.frame', { language: languageLabel })}
          className="h-[70vh] w-full rounded-md border bg-white"
        />
      )}
    </Dialog>
  );
}
