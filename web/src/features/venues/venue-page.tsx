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
import { VenueLogoCard } from './venue-logo-card.tsx';
import { VenueLinkCard } from './venue-link-card.tsx';
import { VenueOriginalMenuCard } from './venue-original-menu-card.tsx';
import { VenueTranslationsCard } from './venue-translations-card.tsx';
import { venueLanguages } from './venue-languages.ts';
import type { WrittenTranslations } from '../../lib/translation-write.ts';
import { useUploads } from '../uploads/upload-data.ts';
import { isVenueListKey, logoUrl, useVenue } from './use-venues.ts';
import { useMenuOptions } from '../menus/menu-data.ts';
import type { VenueDetailsValues } from './venue-schemas.ts';

const BackLink = () => (
  <Link
    href={paths.venues()}
    className="mb-3 inline-flex items-center gap-1 rounded-sm text-sm text-muted-foreground hover:text-foreground"
  >
    <ArrowLeft className="size-4" aria-hidden /> Venues
  </Link>
);

export default function VenuePage() {
  useTitle('Edit Venue');
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
        <PageHeader title="Edit Venue" />
        <Card role="alert" className="flex flex-col items-start gap-3 p-6 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="font-medium">{missing ? 'This venue does not exist (any more).' : 'The venue could not be loaded.'}</p>
            <p className="text-sm text-muted-foreground">
              {missing ? 'It may have been deleted, or it belongs to another organization.' : errorMessage(error)}
            </p>
          </div>
          {missing ? (
            <Link href={paths.venues()} className={buttonVariants({ variant: 'outline' })}>
              All venues
            </Link>
          ) : (
            <Button variant="outline" onClick={() => void mutate()}>
              <RefreshCw aria-hidden /> Try again
            </Button>
          )}
        </Card>
      </>
    );
  }

  if (!venue) {
    return (
      <div aria-busy="true" aria-label="Loading venue">
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
      toast.success('Translations saved');
    } catch (err) {
      toast.error(`The translations were not saved: ${errorMessage(err)}`);
      throw err;
    }
  };
  const saveOriginalMenu = async (uploadId: string) => {
    try {
      await update({ originalMenu: uploadId }, { originalMenu: uploadId });
      toast.success(uploadId ? 'Guests now see a link to the original menu' : 'The original menu is no longer linked');
    } catch (err) {
      toast.error(`The original menu was not saved: ${errorMessage(err)}`);
    }
  };
  const saveMenus = async (next: string[]) => {
    try {
      await update({ menus: next }, { menus: next });
    } catch (err) {
      toast.error(`The menu list was not saved: ${errorMessage(err)}`);
    }
  };
  const uploadLogo = async (file: File) => {
    const form = new FormData();
    form.append('logo', file);
    try {
      await update(form);
      toast.success('Logo uploaded');
    } catch (err) {
      const field = (err as { response?: { data?: { logo?: { message?: string } } } }).response?.data?.logo?.message;
      toast.error(`The logo was not uploaded: ${field ?? errorMessage(err)}`);
      throw err;
    }
  };
  const removeLogo = async () => {
    try {
      await update({ logo: null }, { logo: '' });
      toast.success('Logo removed');
    } catch (err) {
      toast.error(`The logo was not removed: ${errorMessage(err)}`);
      throw err;
    }
  };
  const remove = async () => {
    try {
      await pb.collection('venues').delete(venue.id);
    } catch (err) {
      toast.error(errorMessage(err));
      throw err;
    }
    toast.success(`Venue “${String(venue.name)}” deleted`);
    void mutateGlobal(isVenueListKey);
    navigate(paths.venues(), { replace: true });
  };

  return (
    <>
      <BackLink />
      <PageHeader
        title="Edit Venue"
        description={String(venue.name)}
        actions={
          <>
            <Button variant="outline" onClick={() => setQrOpen(true)}>
              <QrCode aria-hidden /> QR code
            </Button>
            <Button
              variant="outline"
              className="text-destructive hover:bg-destructive hover:text-destructive-foreground"
              onClick={() => setDeleting(true)}
            >
              <Trash2 aria-hidden /> Delete
            </Button>
          </>
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid min-w-0 gap-6">
          <VenueDetailsForm venue={venue} onSave={saveDetails} />
          <VenueMenusCard menuIds={menuIds} options={menus.data} onChange={saveMenus} />
          {languages.targets.length ? (
            <VenueTranslationsCard venue={venue} source={languages.source} targets={languages.targets} onSave={saveTranslations} />
          ) : null}
        </div>
        <div className="grid min-w-0 gap-6">
          <VenueLinkCard url={guestUrl} onQrCode={() => setQrOpen(true)} />
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
        title="Delete this venue?"
        description={`“${String(venue.name)}” and its guest link are removed for good; printed QR codes stop working. Its menus are kept.`}
        confirmLabel="Delete venue"
        destructive
        onConfirm={remove}
      />
    </>
  );
}
