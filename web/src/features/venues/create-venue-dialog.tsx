import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSWRConfig } from 'swr';
import { useLocation } from 'wouter';
import { toast } from '../../lib/toast.ts';
import { pb } from '../../lib/pb.ts';
import { handleApiError } from '../../lib/api-errors.ts';
import { paths } from '../../app/paths.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { ColorPicker } from '../../components/color-picker.tsx';
import { browserTimeZone } from '../../../../shared/schedule.ts';
import { TimezonePicker } from '../../components/timezone-picker.tsx';
import { isTimeZone } from '../../../../shared/schemas/domain.ts';
import { planLimitMessage } from '../../lib/action-errors.ts';
import { PlanLimitNotice } from '../../components/plan-limit-notice.tsx';
import { isVenueListKey } from './use-venues.ts';
import { DEFAULT_VENUE_COLOR, zVenueCreate, type VenueCreateInput, type VenueCreateValues } from './venue-schemas.ts';

const defaults = (): VenueCreateInput => {
  const zone = browserTimeZone();
  return { name: '', timezone: isTimeZone(zone) ? zone : 'UTC', primaryColor: DEFAULT_VENUE_COLOR };
};

/** The "New venue" dialog: name, time zone (the browser's by default) and primary colour. */
export function CreateVenueDialog({
  open,
  onOpenChange,
  organizationId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  organizationId: string;
}) {
  const { t } = useTranslation('venues');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('create.title')} description={t('create.description')}>
      {open ? <CreateVenueForm organizationId={organizationId} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function CreateVenueForm({ organizationId, onDone }: { organizationId: string; onDone: () => void }) {
  const { t } = useTranslation('venues');
  const [, navigate] = useLocation();
  const { mutate } = useSWRConfig();
  const [limit, setLimit] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<VenueCreateInput, unknown, VenueCreateValues>({
    resolver: zodResolver(zVenueCreate),
    defaultValues: defaults(),
  });

  const submit = handleSubmit(async (values) => {
    setLimit(null);
    try {
      const venue = await pb.collection('venues').create({ organization: organizationId, ...values });
      toast.success(t('create.created', { name: String(venue.name) }));
      void mutate(isVenueListKey);
      onDone();
      navigate(paths.venue(venue.id));
    } catch (err) {
      const message = planLimitMessage(err);
      if (message) setLimit(message);
      else handleApiError(err, setError, ['name', 'timezone', 'primaryColor']);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {limit ? <PlanLimitNotice message={limit} /> : null}
      <FormField label={t('fields.name')} error={errors.name?.message}>
        <Input autoFocus autoComplete="off" placeholder={t('create.namePlaceholder')} {...register('name')} />
      </FormField>
      <Controller
        control={control}
        name="timezone"
        render={({ field }) => (
          <FormField label={t('fields.timeZone')} error={errors.timezone?.message} hint={t('create.timeZoneHint')}>
            <TimezonePicker {...field} />
          </FormField>
        )}
      />
      <Controller
        control={control}
        name="primaryColor"
        render={({ field }) => (
          <FormField label={t('fields.primaryColour')} error={errors.primaryColor?.message}>
            <ColorPicker {...field} label={t('fields.primaryColour')} />
          </FormField>
        )}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone} disabled={isSubmitting}>
          {t('common:ui.cancel')}
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {t('create.submit')}
        </Button>
      </div>
    </form>
  );
}
