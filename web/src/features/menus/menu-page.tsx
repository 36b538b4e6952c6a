import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'wouter';
import { useSWRConfig } from 'swr';
import { toast } from '../../lib/toast.ts';
import { ArrowLeft, Download, ExternalLink, Languages, QrCode, Upload } from 'lucide-react';
import { useTitle } from '../../hooks/use-title.ts';
import { useAuth } from '../../hooks/use-auth.ts';
import { useLiveRecords } from '../../hooks/use-live-records.ts';
import { pb } from '../../lib/pb.ts';
import { swrKeys } from '../../lib/swr-keys.ts';
import { paths } from '../../app/paths.ts';
import { usePublicConfig } from '../../hooks/use-public-config.ts';
import { publicUrl } from '../../lib/public-url.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { QrCodeDialog } from '../../components/qr-code-dialog.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { reportError } from '../../lib/action-errors.ts';
import { errorMessage } from '../../lib/api-errors.ts';
import { MenuDetailsForm } from './menu-details-form.tsx';
import { useItemCounts, useMenu, useSections, useVenues, venuesShowing } from './menu-data.ts';
import { SectionList } from './section-list.tsx';
import { MenuCsvImportDialog } from './menu-csv-dialog.tsx';
import { downloadMenuCsv } from './menu-csv-api.ts';
import { Switch } from './switch.tsx';
import { toMenu, type Menu, type Venue } from './types.ts';

function BackLink() {
  const { t } = useTranslation('menus');
  return (
    <Link href={paths.menus()} className="mb-3 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
      <ArrowLeft className="size-4" aria-hidden /> {t('page.back')}
    </Link>
  );
}

function StatusControl({ menu }: { menu: Menu }) {
  const { t } = useTranslation('menus');
  const { mutate } = useSWRConfig();
  const [, navigate] = useLocation();
  const published = menu.status === 'published';
  const setPublished = async (next: boolean) => {
    const key = swrKeys.menu(menu.id);
    const status = next ? 'published' : 'draft';
    await mutate(key, { ...menu, status }, { revalidate: false });
    try {
      const saved = toMenu(await pb.collection('menus').update(menu.id, { status }));
      await mutate(key, saved, { revalidate: false });
      toast.success(next ? t('page.published') : t('page.unpublished'));
    } catch (err) {
      await mutate(key, menu, { revalidate: true });
      reportError(err, navigate, next ? t('page.publishFailed') : t('page.unpublishFailed'));
    }
  };
  return (
    <label className="flex h-10 items-center gap-3 rounded-md border px-3 text-sm">
      <Switch checked={published} onCheckedChange={(v) => void setPublished(v)} aria-label={t('status.published')} />
      {published ? <Badge variant="success">{t('status.published')}</Badge> : <Badge variant="outline">{t('status.draft')}</Badge>}
    </label>
  );
}

function venueLogo(venue: Venue): string | null {
  return venue.logo ? pb.files.getURL(venue, venue.logo, { thumb: '256x256' }) : null;
}

export default function MenuPage() {
  const { t } = useTranslation('menus');
  const { menuId = '' } = useParams<{ menuId: string }>();
  const { organization } = useAuth();
  const { appUrl } = usePublicConfig();
  const [, navigate] = useLocation();
  const { data: menu, error } = useMenu(menuId);
  const { data: sections, isLoading: sectionsLoading } = useSections(menuId);
  const { data: counts } = useItemCounts(menuId);
  const { data: venues } = useVenues(organization?.id);
  const [qrOpen, setQrOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const { mutate } = useSWRConfig();
  // The specification gives this route no page title: the product name alone.
  useTitle();

  const sectionIds = new Set((sections ?? []).map((s) => s.id));
  useLiveRecords({
    collection: 'menus',
    topic: menuId,
    targets: [swrKeys.menu(menuId)],
    onEvent: (e) => {
      if (e.action === 'delete') {
        toast.info(t('page.deletedElsewhere'));
        navigate(paths.menus(), { replace: true });
      }
    },
  });
  useLiveRecords({
    collection: 'sections',
    topic: '*',
    when: (e) => e.record.menu === menuId,
    targets: [swrKeys.sections(menuId), swrKeys.itemCounts(menuId)],
  });
  useLiveRecords({
    collection: 'items',
    topic: '*',
    when: (e) => sectionIds.has(String(e.record.section)),
    targets: [swrKeys.itemCounts(menuId)],
  });

  if (error) {
    const missing = (error as { status?: number }).status === 404;
    return (
      <>
        <BackLink />
        <Card className="grid justify-items-center gap-3 p-10 text-center">
          <h1 className="text-lg font-semibold">{missing ? t('page.notFound') : t('page.loadFailed')}</h1>
          <p className="text-sm text-muted-foreground">{missing ? t('notFoundHint') : t('loadFailedHint')}</p>
          <Link className={buttonVariants({ variant: 'outline' })} href={paths.menus()}>
            {t('backToMenus')}
          </Link>
        </Card>
      </>
    );
  }
  if (!menu) return <PageSkeleton />;

  const { venues: showing, timeZone, zoneSource } = venuesShowing(venues, menu.id);
  const venue = showing[0];
  const exportCsv = async () => {
    setExporting(true);
    try {
      toast.success(t('csv.exported', { name: await downloadMenuCsv(menu.id) }));
    } catch (err) {
      toast.error(t('csv.exportFailed', { message: errorMessage(err) }));
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <BackLink />
      <PageHeader
        title={menu.name || t('untitledMenu')}
        description={
          showing.length ? (
            <>
              {t('page.shownAt')}{' '}
              {showing.map((v, i) => (
                <span key={v.id}>
                  {i ? ', ' : ''}
                  <Link href={paths.venue(v.id)} className="underline-offset-4 hover:underline">
                    {v.name}
                  </Link>
                </span>
              ))}
            </>
          ) : (
            t('page.notShownYet')
          )
        }
        actions={
          <>
            <StatusControl menu={menu} />
            {menu.languages.length > 1 ? (
              <Link className={buttonVariants({ variant: 'outline' })} href={paths.menuTranslate(menu.id)}>
                <Languages aria-hidden /> {t('page.translations')}
              </Link>
            ) : null}
            <Button variant="outline" onClick={() => void exportCsv()} loading={exporting}>
              <Download aria-hidden /> {t('csv.export')}
            </Button>
            <Button variant="outline" onClick={() => setImportOpen(true)}>
              <Upload aria-hidden /> {t('csv.import')}
            </Button>
            {venue ? (
              <>
                <a className={buttonVariants({ variant: 'outline' })} href={paths.guestMenu(venue.slug)} target="_blank" rel="noreferrer">
                  <ExternalLink aria-hidden /> {t('page.guestView')}
                </a>
                <Button variant="outline" onClick={() => setQrOpen(true)}>
                  <QrCode aria-hidden /> {t('page.qrCode')}
                </Button>
              </>
            ) : (
              <Link className={buttonVariants({ variant: 'outline' })} href={paths.venues()}>
                <QrCode aria-hidden /> {t('page.addToVenue')}
              </Link>
            )}
          </>
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="lg:order-2">
          <SectionList menuId={menu.id} sections={sections} counts={counts} loading={sectionsLoading} />
        </div>
        <div className="lg:order-1">
          <MenuDetailsForm
            key={menu.id}
            menu={menu}
            timeZone={timeZone}
            zoneSource={zoneSource}
            defaultLanguage={String(organization?.defaultLanguage || 'en')}
          />
        </div>
      </div>
      <MenuCsvImportDialog
        menuId={menu.id}
        open={importOpen}
        onOpenChange={setImportOpen}
        onImported={() => void Promise.all([mutate(swrKeys.sections(menu.id)), mutate(swrKeys.itemCounts(menu.id))])}
      />
      {venue ? (
        <QrCodeDialog
          open={qrOpen}
          onOpenChange={setQrOpen}
          url={publicUrl(appUrl, paths.guestMenu(venue.slug))}
          title={venue.name}
          color={venue.primaryColor}
          logoUrl={venueLogo(venue)}
          venueId={venue.id}
          language={menu?.languages[0] ?? String(organization?.defaultLanguage || 'en')}
        />
      ) : null}
    </>
  );
}
