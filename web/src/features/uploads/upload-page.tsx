import { useMemo } from 'react';
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

const STEPS = [
  { icon: Sparkles, title: 'We read your PDF', text: 'Sections, dishes, descriptions and prices, page by page.' },
  { icon: FileSearch, title: 'You check the draft', text: 'Side by side with the PDF; rows without a price are highlighted.' },
  { icon: ListChecks, title: 'Import it as a menu', text: 'As a new draft menu, or added to a menu you already have.' },
];

export default function UploadPage() {
  useTitle('Menu Upload');
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
        <ArrowLeft className="size-4" aria-hidden /> Menus
      </Link>
      <PageHeader title="Menu Upload" description="Turn the PDF menu you already have into an editable menu." />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid min-w-0 gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Upload a PDF menu</CardTitle>
              <CardDescription>Works best with PDFs exported from a design or word-processing app; scanned images cannot be read.</CardDescription>
            </CardHeader>
            <CardContent>
              {orgId ? (
                <UploadForm
                  organizationId={orgId}
                  onUploaded={(record) => {
                    const upload = toUpload(record);
                    void mutate(swrKeys.uploads(orgId), (list: ReturnType<typeof toUpload>[] | undefined) => [upload, ...(list ?? []).filter((u) => u.id !== upload.id)], { revalidate: false });
                    toast.success(`Uploaded “${upload.name}”. Reading the menu…`);
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
            <CardTitle className="text-base">How it works</CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="grid gap-4">
              {STEPS.map(({ icon: Icon, title, text }, i) => (
                <li key={title} className="flex gap-3">
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary"><Icon className="size-4" aria-hidden /></span>
                  <div>
                    <p className="text-sm font-medium"><span className="sr-only">Step {i + 1}: </span>{title}</p>
                    <p className="text-sm text-muted-foreground">{text}</p>
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
