import { useRef } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Redirect, useLocation } from 'wouter';
import useSWR from 'swr';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { RecordModel } from 'pocketbase';
import { Store } from 'lucide-react';
import { pb } from '../../lib/pb.ts';
import { handleApiError } from '../../lib/api-errors.ts';
import { AUTH_EXPAND, refreshAuth, useAuth } from '../../hooks/use-auth.ts';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Skeleton } from '../../components/ui/card.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { AuthCard, Notice } from '../../components/auth-card.tsx';
import { browserTimeZone } from '../../../../shared/schedule.ts';
import { TimezonePicker } from '../../components/timezone-picker.tsx';
import { isTimeZone } from '../../../../shared/schemas/domain.ts';
import { ColorField, COLOR_PRESETS } from './color-field.tsx';
import { renameFields } from '../../lib/form-errors.ts';
import { zOnboardingForm, zOnboardingOrgOnly, type OnboardingValues } from './onboarding-schemas.ts';

/** The browser's zone when the server will accept it, else UTC. */
function defaultTimeZone(): string {
  const tz = browserTimeZone();
  return isTimeZone(tz) ? tz : 'UTC';
}

function Legend({ children }: { children: string }) {
  return <legend className="mb-3 text-sm font-semibold uppercase tracking-wide text-muted-foreground">{children}</legend>;
}

/** The form itself, once we know whether the organization already has a venue. */
function OnboardingFields({
  user,
  organization,
  existingVenue,
  canRename,
}: {
  user: RecordModel;
  organization: RecordModel;
  existingVenue: RecordModel | null;
  /** Owners and admins; an editor finishes onboarding without renaming (the server would refuse it). */
  canRename: boolean;
}) {
  const { t } = useTranslation('onboarding');
  const [, navigate] = useLocation();
  // A venue created by an earlier, half-failed submit is not created twice.
  const createdVenue = useRef<string | null>(null);
  const schema = existingVenue ? zOnboardingOrgOnly : zOnboardingForm;
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<OnboardingValues, unknown, OnboardingValues>({
    resolver: zodResolver(schema as typeof zOnboardingForm),
    defaultValues: {
      // Asked, not guessed: sign-up named the organization after the person ("Welcome to Eve Empty!").
      organizationName: canRename ? '' : String(organization.name ?? ''),
      name: '',
      timezone: defaultTimeZone(),
      primaryColor: COLOR_PRESETS[0].hex,
    },
  });

  const submit = handleSubmit(async (v) => {
    try {
      if (canRename && v.organizationName !== organization.name)
        await pb.collection('organizations').update(organization.id, { name: v.organizationName });
    } catch (err) {
      handleApiError(err, renameFields(setError, { name: 'organizationName' }), ['name']);
      return;
    }
    if (!existingVenue && !createdVenue.current) {
      try {
        const venue = await pb
          .collection('venues')
          .create({ organization: organization.id, name: v.name, timezone: v.timezone, primaryColor: v.primaryColor });
        createdVenue.current = venue.id;
      } catch (err) {
        handleApiError(err, setError, ['name', 'timezone', 'primaryColor']);
        return;
      }
    }
    try {
      // Keep the expanded organization in the auth store, so the guards never see a gap.
      await pb.collection('users').update(user.id, { onboardingComplete: true }, { expand: AUTH_EXPAND });
      await refreshAuth();
      navigate(paths.dashboard(), { replace: true });
    } catch (err) {
      handleApiError(err);
    }
  });

  return (
    <AuthCard icon={<Store />} title={t('title')} description={t('description')}>
      <form onSubmit={submit} noValidate className="grid gap-6">
        <fieldset className="grid gap-4">
          <Legend>{t('business')}</Legend>
          <FormField
            label={t('organizationName')}
            error={errors.organizationName?.message}
            hint={canRename ? t('organizationHint') : t('organizationReadOnly')}
          >
            <Input
              autoComplete="organization"
              autoFocus={canRename}
              readOnly={!canRename}
              placeholder={canRename ? t('organizationPlaceholder') : undefined}
              {...register('organizationName')}
            />
          </FormField>
        </fieldset>
        {existingVenue ? (
          <Notice>
            <Trans
              t={t}
              i18nKey="existingVenue"
              values={{ name: String(existingVenue.name) }}
              components={{ b: <span className="font-medium" /> }}
            />
          </Notice>
        ) : (
          <fieldset className="grid gap-4">
            <Legend>{t('firstVenue')}</Legend>
            <FormField label={t('venueName')} error={errors.name?.message} hint={t('venueNameHint')}>
              <Input autoComplete="off" placeholder={t('venueNamePlaceholder')} {...register('name')} />
            </FormField>
            {/* FormField wires id and aria onto its direct child, so it sits inside the Controller. */}
            <Controller
              control={control}
              name="timezone"
              render={({ field }) => (
                <FormField label={t('timeZone')} error={errors.timezone?.message} hint={t('timeZoneHint')}>
                  <TimezonePicker ref={field.ref} name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
                </FormField>
              )}
            />
            <Controller
              control={control}
              name="primaryColor"
              render={({ field }) => (
                <FormField label={t('primaryColour')} error={errors.primaryColor?.message} hint={t('primaryColourHint')}>
                  <ColorField ref={field.ref} name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
                </FormField>
              )}
            />
          </fieldset>
        )}
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          {t('finish')}
        </Button>
      </form>
    </AuthCard>
  );
}

function LoadingCard() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 rounded-lg border bg-card p-6 shadow-md" aria-busy="true" aria-label={t('common:shell.loading')}>
      <Skeleton className="h-7 w-1/2" />
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
    </div>
  );
}

/**
 * Onboarding: rename the organization, create the first venue (unless one exists), mark the user
 * onboarded, then into the app.
 */
export function OnboardingForm() {
  const { t } = useTranslation('onboarding');
  const { record, organization, logout } = useAuth();
  const orgId = organization?.id;
  const venues = useSWR(
    orgId ? ['onboarding:venues', orgId] : null,
    () =>
      pb
        .collection('venues')
        .getList(1, 1, { filter: pb.filter('organization = {:org}', { org: orgId }), fields: 'id,name', skipTotal: true }),
    { revalidateOnFocus: false },
  );

  const role = useSWR(
    record && orgId ? ['onboarding:role', record.id, orgId] : null,
    async () => {
      const list = await pb.collection('memberships').getList(1, 1, {
        filter: pb.filter('user = {:u} && organization = {:o}', { u: record?.id, o: orgId }),
        fields: 'role',
        skipTotal: true,
      });
      return String(list.items[0]?.role ?? '');
    },
    { revalidateOnFocus: false },
  );

  if (!record) return null;
  if (record.onboardingComplete) return <Redirect to={paths.dashboard()} replace />;
  if (!organization) {
    return (
      <AuthCard title={t('title')}>
        <div className="grid gap-4">
          <Notice tone="error">{t('noOrganization')}</Notice>
          <Button variant="outline" className="w-full" onClick={logout}>
            {t('common:shell.signOut')}
          </Button>
        </div>
      </AuthCard>
    );
  }
  if (venues.isLoading || role.isLoading) return <LoadingCard />;
  // Should the role not load, the server still decides: a rename is only tried by those it names owner or admin.
  const canRename = role.data === 'owner' || role.data === 'admin';
  return <OnboardingFields user={record} organization={organization} existingVenue={venues.data?.items[0] ?? null} canRename={canRename} />;
}
