import { Trans, useTranslation } from 'react-i18next';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { ExternalLink, FileText } from 'lucide-react';
import { paths } from '../../app/paths.ts';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, Skeleton } from '../../components/ui/card.tsx';
import { Label, Select } from '../../components/ui/input.tsx';
import { formatDate } from '../../lib/format.ts';
import type { Upload } from '../uploads/types.ts';

/**
 * "Original menu (PDF)": one of the organization's uploaded PDFs, linked from the venue's guest
 * page (the server serves it publicly only while it is linked to the venue).
 */
export function VenueOriginalMenuCard({
  value,
  uploads,
  guestUrl,
  onChange,
}: {
  /** The linked upload's id, '' for none. */
  value: string;
  /** The organization's uploads; undefined while loading. */
  uploads: Upload[] | undefined;
  /** The public URL of the linked PDF. */
  guestUrl: string;
  onChange: (uploadId: string) => Promise<void>;
}) {
  const { t } = useTranslation('venues');
  const id = useId();
  const [saving, setSaving] = useState(false);
  const withFile = (uploads ?? []).filter((u) => u.file);
  const known = !value || withFile.some((u) => u.id === value);
  const save = async (next: string) => {
    setSaving(true);
    try {
      await onChange(next);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('original.title')}</CardTitle>
        <CardDescription>{t('original.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {!uploads ? (
          <Skeleton className="h-10" aria-label={t('original.loading')} />
        ) : withFile.length === 0 ? (
          <div className="flex items-start gap-3 rounded-md border border-dashed p-4 text-sm text-muted-foreground">
            <FileText className="mt-0.5 size-5 shrink-0" aria-hidden />
            <p>
              <Trans
                t={t}
                i18nKey="original.empty"
                components={{
                  a: <Link href={paths.menuUpload()} className="font-medium text-primary underline-offset-4 hover:underline" />,
                }}
              />
            </p>
          </div>
        ) : (
          <div className="grid gap-2">
            <Label htmlFor={id}>{t('original.label')}</Label>
            <Select id={id} value={value} disabled={saving} aria-busy={saving || undefined} onChange={(e) => void save(e.target.value)}>
              <option value="">{t('original.none')}</option>
              {known ? null : <option value={value}>{t('original.current')}</option>}
              {withFile.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.name || t('original.untitled')} · {formatDate(u.created)}
                </option>
              ))}
            </Select>
          </div>
        )}
        {value ? (
          <div className="flex flex-wrap gap-2">
            <a href={guestUrl} target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              <ExternalLink aria-hidden /> {t('original.open')}
            </a>
            <Button type="button" variant="ghost" size="sm" disabled={saving} onClick={() => void save('')}>
              {t('original.removeLink')}
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
