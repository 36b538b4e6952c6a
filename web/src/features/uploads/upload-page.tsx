import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { useSWRConfig } from 'swr';
import { toast } from '../../lib/toast.ts';
import { ArrowLeft, FileSearch, ListChecks, Sparkles } from 'lucide-react';
import { useTitle } from '../../hooks/use-title.ts';
import { useAuth } from '../../hooks/use-auth.ts';
import { useLiveRecords } from '../../hooks/use-live-records.ts';
import { swrKeys } from '../../lib/swr-keys.ts';
import { paths } from '../../app/paths.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { UploadForm } from './upload-form.tsx';
import { UploadList } from './upload-list.tsx';
import { useUploads } from './upload-data.ts';
import { useMenuOptions } from '../menus/menu-data.ts';
import { toUpload, UPLOAD_LIST_FIELDS } from './types.ts';

/** The "How it works" steps: `uploads:steps.<key>.title` and `.text`. */
const STEPS = [
  { icon: Sparkles, key: 'read' },
  { icon: FileSearch, key: 'check' },
  { icon: ListChecks, key: 'import' },
] as const;

export default function UploadPage() {
  const { t } = useTranslation('uploads');
  useTitle(t('common:nav.menuUpload'));
  const { organization } = useAuth();
  const orgId = organization?.id;
  const [, navigate] = useLocation();
  const { mutate } = useSWRConfig();
  const uploads = useUploads(orgId);
  const menus = useMenuOptions(orgId);
  const menuNames = useMemo(() => new Map((menus.data ?? []).map((m) => [m.id, m.name])), [menus.data]);

  useLiveRecords({
    collection: 'menu_uploads', topic: orgId ? '*' : null, fields: UPLOAD_LIST_FIELDS,
    when: (e) => e.record.organization === orgId,
    targets: orgId ? [swrKeys.uploads(orgId), swrKeys.menuOptions(orgId)] : [],
  });

  return (
    <>
      <Link href={paths.menus()} className="mb-3 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden /> {t('common:nav.menus')}
      </Link>
      <PageHeader title={t('common:nav.menuUpload')} description={t('page.description')} />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid min-w-0 grid-cols-1 gap-6">
          <Card>
            <CardHeader>
              <CardTitle>{t('form.title')}</CardTitle>
              <CardDescription>{t('page.formDescription')}</CardDescription>
            </CardHeader>
            <CardContent>
              {orgId ? (
                <UploadForm
                  organizationId={orgId}
                  onUploaded={(record) => {
                    const upload = toUpload(record);
                    void mutate(swrKeys.uploads(orgId), (list: ReturnType<typeof toUpload>[] | undefined) => [upload, ...(list ?? []).filter((u) => u.id !== upload.id)], { revalidate: false });
                    toast.success(t('page.uploaded', { name: upload.name }));
                    navigate(paths.menuUploadReview(upload.id));
                  }}
                />
              ) : null}
            </CardContent>
          </Card>
          <UploadList uploads={uploads.data} error={uploads.error} menuNames={menuNames} onChanged={() => uploads.mutate()} />
        </div>
        <Card className="lg:sticky lg:top-20">
          <CardHeader>
            <CardTitle className="text-base">{t('steps.title')}</CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="grid gap-4">
              {STEPS.map(({ icon: Icon, key }, i) => (
                <li key={key} className="flex gap-3">
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary"><Icon className="size-4" aria-hidden /></span>
                  <div>
                    <p className="text-sm font-medium"><span className="sr-only">{t('steps.step', { number: i + 1 })} </span>{t(`steps.${key}.title`)}</p>
                    <p className="text-sm text-muted-foreground">{t(`steps.${key}.text`)}</p>
                  </div>
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
      </div>
    </>
  );
}
