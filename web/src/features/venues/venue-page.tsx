import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../lib/i18n/messages.ts';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { useSWRConfig } from 'swr';
import type { RecordModel } from 'pocketbase';
import { ArrowLeft, QrCode, RefreshCw, Trash2 } from 'lucide-react';
import { toast } from '../../lib/toast.ts';
import { useTitle } from '../../hooks/use-title.ts';
import { useAuth } from '../../hooks/use-auth.ts';
import { pb } from '../../lib/pb.ts';
import { errorMessage } from '../../lib/api-errors.ts';
import { paths } from '../../app/paths.ts';
import { usePublicConfig } from '../../hooks/use-public-config.ts';
import { publicUrl } from '../../lib/public-url.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Card, Skeleton } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { QrCodeDialog } from '../../components/qr-code-dialog.tsx';
import { VenueDetailsForm } from './venue-details-form.tsx';
import { VenueMenusCard } from './venue-menus-card.tsx';
import { VenueNutritionCard } from './venue-nutrition-card.tsx';
import { VenueGuestInfoCard } from './venue-guest-info-card.tsx';
import { VenueEmbedCard } from './venue-embed-card.tsx';
import { VenueLogoCard } from './venue-logo-card.tsx';
import { VenueDesignCard, type DesignValues } from './venue-design-card.tsx';
import { VenueLinkCard } from './venue-link-card.tsx';
import { VenuePrintKitCard } from './venue-print-kit-card.tsx';
import { VenueOriginalMenuCard } from './venue-original-menu-card.tsx';
import { VenueTranslationsCard } from './venue-translations-card.tsx';
import { venueLanguages } from './venue-languages.ts';
import type { WrittenTranslations } from '../../lib/translation-write.ts';
import { useUploads } from '../uploads/upload-data.ts';
import { isVenueListKey, logoUrl, useVenue } from './use-venues.ts';
import { useMenuOptions } from '../menus/menu-data.ts';
import type { VenueDetailsValues } from './venue-schemas.ts';

function BackLink() {
  const { t } = useTranslation(['venues', 'qr']);
  return (
    <Link
      href={paths.venues()}
      className="mb-3 inline-flex items-center gap-1 rounded-sm text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft className="size-4" aria-hidden /> {t('title')}
    </Link>
  );
}

export default function VenuePage() {
  const { t } = useTranslation(['venues', 'qr']);
  useTitle(t('edit.title'));
  const { venueId = '' } = useParams<{ venueId: string }>();
  const { organization } = useAuth();
  const { appUrl } = usePublicConfig();
  const { data: venue, error, mutate } = useVenue(venueId);
  const menus = useMenuOptions(organization?.id);
  const uploads = useUploads(organization?.id);
  const { mutate: mutateGlobal } = useSWRConfig();
  const [, navigate] = useLocation();
  const [qrOpen, setQrOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);

  /** Writes `data` with an optimistic copy; on failure the old record comes back and the error is rethrown. */
  const update = async (data: Record<string, unknown> | FormData, optimistic?: Partial<RecordModel>) => {
    if (!venue) return;
    await mutate(pb.collection('venues').update(venue.id, data), {
      optimisticData: optimistic ? { ...venue, ...optimistic } : venue,
      rollbackOnError: true,
      populateCache: true,
      revalidate: false,
    });
    void mutateGlobal(isVenueListKey);
  };

  if (error && !venue) {
    const missing = (error as { status?: number }).status === 404;
    return (
      <>
        <BackLink />
        <PageHeader title={t('edit.title')} />
        <Card role="alert" className="flex flex-col items-start gap-3 p-6 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="font-medium">{missing ? t('edit.missing') : t('edit.loadFailed')}</p>
            <p className="text-sm text-muted-foreground">{missing ? t('edit.missingHint') : errorMessage(error)}</p>
          </div>
          {missing ? (
            <Link href={paths.venues()} className={buttonVariants({ variant: 'outline' })}>
              {t('edit.allVenues')}
            </Link>
          ) : (
            <Button variant="outline" onClick={() => void mutate()}>
              <RefreshCw aria-hidden /> {t('common:ui.retry')}
            </Button>
          )}
        </Card>
      </>
    );
  }

  if (!venue) {
    return (
      <div aria-busy="true" aria-label={t('edit.loading')}>
        <Skeleton className="mb-4 h-4 w-20" />
        <Skeleton className="mb-8 h-8 w-56" />
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="grid gap-6">
            <Skeleton className="h-[32rem]" />
            <Skeleton className="h-48" />
          </div>
          <div className="grid gap-6">
            <Skeleton className="h-44" />
            <Skeleton className="h-52" />
          </div>
        </div>
      </div>
    );
  }

  const guestUrl = publicUrl(appUrl, paths.guestMenu(String(venue.slug ?? '')));
  const menuIds = Array.isArray(venue.menus) ? (venue.menus as string[]) : [];

  const saveDetails = (values: VenueDetailsValues) => update(values, values);
  const languages = venueLanguages(menuIds, menus.data);
  const saveTranslations = async (translations: WrittenTranslations) => {
    try {
      await update({ translations });
      toast.success(t('translations.saved'));
    } catch (err) {
      toast.error(t('translations.notSaved', { error: errorMessage(err) }));
      throw err;
    }
  };
  const saveOriginalMenu = async (uploadId: string) => {
    try {
      await update({ originalMenu: uploadId }, { originalMenu: uploadId });
      toast.success(uploadId ? t('original.linked') : t('original.unlinked'));
    } catch (err) {
      toast.error(t('original.notSaved', { error: errorMessage(err) }));
    }
  };
  const saveNutrition = async (values: { nutritionDisplay: string; dailyKcalNote: boolean }) => {
    try {
      await update(values, values);
      toast.success(t('nutrition.saved'));
    } catch (err) {
      toast.error(t('nutrition.notSaved', { error: errorMessage(err) }));
    }
  };
  // Field errors reach the form (it shows them and the toast); the optimistic copy rolls back.
  const saveGuestInfo = (values: Record<string, unknown>) => update(values, values);
  // Field errors reach the form, as for the guest info.
  const saveEmbeds = (values: { embedOrigins: string[] }) => update(values, values);
  // Snippets for the menus guests can open: the venue's published ones.
  const embeddable = menuIds.flatMap((id) => menus.data?.filter((m) => m.id === id && m.status === 'published') ?? []);
  const saveMenus = async (next: string[]) => {
    try {
      await update({ menus: next }, { menus: next });
    } catch (err) {
      toast.error(t('menus.notSaved', { error: errorMessage(err) }));
    }
  };
  const uploadLogo = async (file: File) => {
    const form = new FormData();
    form.append('logo', file);
    try {
      await update(form);
      toast.success(t('logo.uploaded'));
    } catch (err) {
      const field = (err as { response?: { data?: { logo?: { message?: string } } } }).response?.data?.logo?.message;
      toast.error(t('logo.notUploaded', { error: field ? translateMessage(field) : errorMessage(err) }));
      throw err;
    }
  };
  const removeLogo = async () => {
    try {
      await update({ logo: null }, { logo: '' });
      toast.success(t('logo.removed'));
    } catch (err) {
      toast.error(t('logo.notRemoved', { error: errorMessage(err) }));
      throw err;
    }
  };
  const saveDesign = async (values: DesignValues) => {
    try {
      await update({ ...values }, values);
      toast.success(t('design.saved'));
    } catch (err) {
      toast.error(t('design.notSaved', { error: errorMessage(err) }));
      throw err;
    }
  };
  const uploadCover = async (file: File) => {
    const form = new FormData();
    form.append('cover', file);
    try {
      await update(form);
      toast.success(t('design.coverUploaded'));
    } catch (err) {
      const field = (err as { response?: { data?: { cover?: { message?: string } } } }).response?.data?.cover?.message;
      toast.error(t('design.coverNotUploaded', { error: field ? translateMessage(field) : errorMessage(err) }));
      throw err;
    }
  };
  const removeCover = async () => {
    try {
      await update({ cover: null }, { cover: '' });
      toast.success(t('design.coverRemoved'));
    } catch (err) {
      toast.error(t('design.coverNotRemoved', { error: errorMessage(err) }));
      throw err;
    }
  };
  // The venue's menus in its order, for the design card's preview and layouts.
  const listedMenus = menuIds.flatMap((id) => {
    const m = menus.data?.find((o) => o.id === id);
    return m ? [{ id: m.id, name: m.name, languages: m.languages }] : [];
  });
  const remove = async () => {
    try {
      await pb.collection('venues').delete(venue.id);
    } catch (err) {
      toast.error(errorMessage(err));
      throw err;
    }
    toast.success(t('delete.done', { name: String(venue.name) }));
    void mutateGlobal(isVenueListKey);
    navigate(paths.venues(), { replace: true });
  };

  return (
    <>
      <BackLink />
      <PageHeader
        title={t('edit.title')}
        description={String(venue.name)}
        actions={
          <>
            <Button variant="outline" onClick={() => setQrOpen(true)}>
              <QrCode aria-hidden /> {t('qr:title')}
            </Button>
            <Button
              variant="outline"
              className="text-destructive hover:bg-destructive hover:text-destructive-foreground"
              onClick={() => setDeleting(true)}
            >
              <Trash2 aria-hidden /> {t('common:ui.delete')}
            </Button>
          </>
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid min-w-0 gap-6">
          <VenueDetailsForm venue={venue} onSave={saveDetails} />
          <VenueMenusCard menuIds={menuIds} options={menus.data} onChange={saveMenus} />
          <VenueDesignCard
            key={listedMenus.map((m) => m.id).join()}
            venue={venue}
            menus={listedMenus}
            onSave={saveDesign}
            onUploadCover={uploadCover}
            onRemoveCover={removeCover}
          />
          <VenueGuestInfoCard venue={venue} onSave={saveGuestInfo} />
          <VenueNutritionCard venue={venue} onSave={saveNutrition} />
          <VenueEmbedCard venue={venue} appUrl={publicUrl(appUrl, '')} menus={embeddable} onSave={saveEmbeds} />
          {languages.targets.length ? (
            <VenueTranslationsCard venue={venue} source={languages.source} targets={languages.targets} onSave={saveTranslations} />
          ) : null}
        </div>
        <div className="grid min-w-0 gap-6">
          <VenueLinkCard url={guestUrl} onQrCode={() => setQrOpen(true)} />
          <VenuePrintKitCard venue={venue} />
          <VenueLogoCard venue={venue} onUpload={uploadLogo} onRemove={removeLogo} />
          <VenueOriginalMenuCard
            value={String(venue.originalMenu ?? '')}
            uploads={uploads.data}
            guestUrl={paths.guestOriginalMenu(String(venue.slug ?? ''))}
            onChange={saveOriginalMenu}
          />
        </div>
      </div>

      <QrCodeDialog
        open={qrOpen}
        onOpenChange={setQrOpen}
        url={guestUrl}
        title={String(venue.name)}
        color={String(venue.primaryColor ?? '')}
        logoUrl={logoUrl(venue)}
        venueId={String(venue.id)}
        language={String(organization?.defaultLanguage || 'en')}
      />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t('delete.title')}
        description={t('delete.description', { name: String(venue.name) })}
        confirmLabel={t('delete.action')}
        destructive
        onConfirm={remove}
      />
    </>
  );
}
