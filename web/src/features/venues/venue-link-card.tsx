import { useTranslation } from 'react-i18next';
import { Copy, ExternalLink, QrCode } from 'lucide-react';
import { toast } from '../../lib/toast.ts';
import { copyText } from '../../lib/qr.ts';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';

/** The venue's guest link with copy and open, and the way to its QR code. */
export function VenueLinkCard({ url, onQrCode }: { url: string; onQrCode: () => void }) {
  const { t } = useTranslation(['venues', 'qr']);
  const copy = async () => {
    try {
      await copyText(url);
      toast.success(t('qr:copied'));
    } catch (err) {
      console.warn(err);
      toast.error(t('qr:copyFailed'));
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('link.title')}</CardTitle>
        <CardDescription>{t('link.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex gap-2">
          <Input
            readOnly
            value={url}
            aria-label={t('link.title')}
            className="min-w-0 font-mono text-xs"
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button
            type="button"
            variant="outline"
            size="icon"
            onClick={() => void copy()}
            aria-label={t('link.copy')}
            title={t('qr:copyLink')}
          >
            <Copy aria-hidden />
          </Button>
        </div>
        <div className="grid grid-cols-2 gap-2">
          <Button type="button" onClick={onQrCode}>
            <QrCode aria-hidden /> {t('qr:title')}
          </Button>
          {/* A plain link styled as a button (ui/button's asChild cannot take a single child today). */}
          <a href={url} target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: 'outline' })}>
            <ExternalLink aria-hidden /> {t('link.open')}
          </a>
        </div>
      </CardContent>
    </Card>
  );
}
