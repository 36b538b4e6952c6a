import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { RecordModel } from 'pocketbase';
import { toast } from '../../lib/toast.ts';
import { handleApiError } from '../../lib/api-errors.ts';
import { normalizeHex } from '../../../../shared/contrast.ts';
import { FormSaveBar } from '../../components/form-save-bar.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input, Textarea } from '../../components/ui/input.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { ColorPicker } from '../../components/color-picker.tsx';
import { browserTimeZone } from '../../../../shared/schedule.ts';
import { TimezonePicker } from '../../components/timezone-picker.tsx';
import { useUnsavedChanges } from '../../hooks/use-unsaved-changes.ts';
import {
  DEFAULT_VENUE_COLOR,
  VENUE_DETAIL_FIELDS,
  zVenueDetails,
  type VenueDetailsInput,
  type VenueDetailsValues,
} from './venue-schemas.ts';

export function venueFormValues(venue: RecordModel): VenueDetailsInput {
  return {
    name: String(venue.name ?? ''),
    timezone: String(venue.timezone || browserTimeZone()),
    primaryColor: normalizeHex(String(venue.primaryColor ?? '')) ?? DEFAULT_VENUE_COLOR,
    address: String(venue.address ?? ''),
  };
}

/**
 * Name, time zone, colour and address. `onSave` updates optimistically and throws after
 * rolling back; field errors from the server land on the inputs. Leaving with unsaved edits warns.
 */
export function VenueDetailsForm({ venue, onSave }: { venue: RecordModel; onSave: (values: VenueDetailsValues) => Promise<void> }) {
  const { t } = useTranslation('venues');
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<VenueDetailsInput, unknown, VenueDetailsValues>({
    resolver: zodResolver(zVenueDetails),
    defaultValues: venueFormValues(venue),
  });
  useUnsavedChanges(isDirty);

  // Changes made elsewhere (another tab, a teammate) show up while the form is untouched.
  // Only when the stored record changes, not on every keystroke.
  useEffect(() => {
    if (!isDirty) reset(venueFormValues(venue));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [venue.updated, venue.id]);

  const submit = handleSubmit(async (values) => {
    try {
      await onSave(values);
      reset(values);
      toast.success(t('details.saved'));
    } catch (err) {
      handleApiError(err, setError, VENUE_DETAIL_FIELDS, { placedToast: t('details.notSaved') });
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('details.title')}</CardTitle>
        <CardDescription>{t('details.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-5" aria-label={t('details.form')}>
          <FormField label={t('fields.name')} error={errors.name?.message}>
            <Input autoComplete="off" {...register('name')} />
          </FormField>
          <div className="grid gap-5 sm:grid-cols-2">
            <Controller
              control={control}
              name="timezone"
              render={({ field }) => (
                <FormField label={t('fields.timeZone')} error={errors.timezone?.message}>
                  <TimezonePicker {...field} />
                </FormField>
              )}
            />
          </div>
          <FormField label={t('fields.address')} error={errors.address?.message} hint={t('details.addressHint')}>
            <Textarea rows={3} autoComplete="street-address" placeholder={t('details.addressPlaceholder')} {...register('address')} />
          </FormField>
          <Controller
            control={control}
            name="primaryColor"
            render={({ field }) => (
              <FormField label={t('fields.primaryColour')} error={errors.primaryColor?.message} hint={t('details.colourHint')}>
                <ColorPicker {...field} label={t('fields.primaryColour')} className="max-w-sm" />
              </FormField>
            )}
          />
          <FormSaveBar dirty={isDirty} submitting={isSubmitting} onDiscard={() => reset(venueFormValues(venue))} />
        </form>
      </CardContent>
    </Card>
  );
}
