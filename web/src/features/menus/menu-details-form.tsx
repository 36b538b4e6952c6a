import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useSWRConfig } from 'swr';
import { toast } from '../../lib/toast.ts';
import { zMenuForm } from '../../../../shared/schemas/forms.ts';
import { zLanguages, zSchedule } from '../../../../shared/schemas/domain.ts';
import { pb } from '../../lib/pb.ts';
import { handleApiError } from '../../lib/api-errors.ts';
import { swrKeys } from '../../lib/swr-keys.ts';
import { cn } from '../../lib/cn.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input, Label, Textarea } from '../../components/ui/input.tsx';
import { LanguagesField } from './languages-field.tsx';
import { RemoteChangeNotice } from './remote-change-notice.tsx';
import { ScheduleEditor, sortSchedule } from './schedule-editor.tsx';
import { Switch } from './switch.tsx';
import { PlanFeatureNotice } from '../../components/plan-feature-notice.tsx';
import { useEntitlement } from '../../hooks/use-entitlement.ts';
import { featureRefusalOf } from '../../../../shared/plan-features.ts';
import { SchedulePreview } from './schedule-preview.tsx';
import { toMenu, type Menu } from './types.ts';
import { useUnsavedChanges } from '../../hooks/use-unsaved-changes.ts';
import { errorText } from './error-text.ts';

const zMenuDetails = zMenuForm.extend({
  description: z.string().max(2000, 'menus:validation.descriptionTooLong'),
  languages: zLanguages.min(1, 'menus:validation.languagesRequired'),
  schedule: zSchedule,
  hidePrices: z.boolean(),
});
type MenuDetails = z.infer<typeof zMenuDetails>;

function valuesOf(menu: Menu, fallbackLanguage: string): MenuDetails {
  return {
    name: menu.name,
    description: menu.description,
    languages: menu.languages.length ? menu.languages : [fallbackLanguage],
    schedule: sortSchedule(menu.schedule.map((w) => ({ day: Number(w.day), start: String(w.start), end: String(w.end) }))),
    hidePrices: menu.hidePrices,
  };
}
const same = (a: MenuDetails, b: MenuDetails) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Name, description, languages and the weekly schedule of a menu, saved together. Another
 * member's save refreshes a clean form; a dirty one shows a notice instead of losing input.
 */
export function MenuDetailsForm({
  menu,
  timeZone,
  zoneSource,
  defaultLanguage,
}: {
  menu: Menu;
  timeZone: string;
  zoneSource: string | null;
  defaultLanguage: string;
}) {
  const { t } = useTranslation('menus');
  const { mutate } = useSWRConfig();
  const server = valuesOf(menu, defaultLanguage);
  const [base, setBase] = useState(server);
  const {
    register,
    control,
    handleSubmit,
    reset,
    watch,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<MenuDetails>({
    resolver: zodResolver(zMenuDetails),
    defaultValues: base,
  });
  useUnsavedChanges(isDirty);

  const serverKey = JSON.stringify(server);
  useEffect(() => {
    const next = JSON.parse(serverKey) as MenuDetails;
    // A clean form follows the server; a dirty one keeps the input (see the notice below).
    if (!isDirty && !isSubmitting && !same(next, base)) {
      reset(next);
      setBase(next);
    }
  }, [serverKey, isDirty, isSubmitting, base, reset]);
  const conflict = isDirty && !isSubmitting && !same(server, base);
  // Scheduled menus are a plan feature: without it the card says why and links to the upgrade
  // (also when the server refused a save, e.g. the plan changed while this form was open).
  const schedules = useEntitlement('schedules');
  const [refusedPlan, setRefusedPlan] = useState<string | null>(null);
  const scheduleLocked = schedules.status === 'locked' ? schedules.planName : refusedPlan;

  const onSubmit = handleSubmit(async (values) => {
    const body = { ...values, name: values.name.trim(), schedule: sortSchedule(values.schedule) };
    try {
      const saved = toMenu(await pb.collection('menus').update(menu.id, body));
      await mutate(swrKeys.menu(menu.id), saved, { revalidate: false });
      const next = valuesOf(saved, defaultLanguage);
      setBase(next);
      reset(next);
      toast.success(t('details.saved'));
    } catch (err) {
      const refusal = featureRefusalOf((err as { response?: { data?: unknown } }).response?.data);
      if (refusal?.feature === 'schedules') setRefusedPlan(refusal.planName);
      else handleApiError(err, setError, ['name', 'description', 'languages', 'schedule', 'hidePrices']);
    }
  });

  const schedule = watch('schedule');

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6" aria-label={t('details.label')}>
      {conflict ? (
        <RemoteChangeNotice
          what={t('details.remoteWhat')}
          onReload={() => {
            reset(server);
            setBase(server);
          }}
          onKeep={() => {
            reset(server, { keepValues: true });
            setBase(server);
          }}
        />
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>{t('details.title')}</CardTitle>
          <CardDescription>{t('details.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <FormField label={t('details.name')} error={errorText(errors.name?.message)}>
            <Input {...register('name')} autoComplete="off" />
          </FormField>
          <FormField
            label={t('details.descriptionField')}
            error={errorText(errors.description?.message)}
            hint={t('details.descriptionHint')}
          >
            <Textarea {...register('description')} rows={3} />
          </FormField>
          <div className="grid gap-2">
            <Label>{t('details.languages')}</Label>
            <Controller
              control={control}
              name="languages"
              render={({ field, fieldState }) => (
                <LanguagesField
                  value={field.value}
                  onChange={field.onChange}
                  error={errorText(
                    fieldState.error?.message ?? (errors.languages as { root?: { message?: string } } | undefined)?.root?.message,
                  )}
                />
              )}
            />
          </div>
          <Controller
            control={control}
            name="hidePrices"
            render={({ field }) => (
              <div className="flex items-start gap-3">
                <Switch
                  id={`${menu.id}-hide-prices`}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  aria-describedby={`${menu.id}-hide-prices-hint`}
                  className="mt-0.5"
                />
                <span className="grid gap-0.5 text-sm">
                  <Label htmlFor={`${menu.id}-hide-prices`}>{t('details.hidePrices')}</Label>
                  <span id={`${menu.id}-hide-prices-hint`} className="text-muted-foreground">
                    {t('details.hidePricesHint')}
                  </span>
                </span>
              </div>
            )}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('details.scheduleTitle')}</CardTitle>
          <CardDescription>{t('details.scheduleDescription')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {scheduleLocked !== null ? (
            <PlanFeatureNotice feature="schedules" planName={scheduleLocked}>
              {base.schedule.length ? t('common:planFeatures.scheduleKept') : null}
            </PlanFeatureNotice>
          ) : (
            <>
              <Controller
                control={control}
                name="schedule"
                render={({ field }) => (
                  <ScheduleEditor value={field.value} onChange={field.onChange} errors={errors.schedule as never} timeZone={timeZone} />
                )}
              />
              <SchedulePreview schedule={schedule} timeZone={timeZone} zoneSource={zoneSource} />
            </>
          )}
        </CardContent>
      </Card>

      <div
        className={cn(
          'flex flex-wrap items-center justify-end gap-2 rounded-lg border bg-card px-4 py-3',
          // While there is something to save, the bar stays in view at the bottom of the screen.
          isDirty && 'sticky bottom-2 z-20 shadow-lg ring-1 ring-primary/30',
        )}
      >
        <span className="mr-auto text-sm text-muted-foreground" aria-live="polite">
          {isDirty ? t('details.unsaved') : t('details.allSaved')}
        </span>
        <Button type="button" variant="ghost" disabled={!isDirty || isSubmitting} onClick={() => reset(base)}>
          {t('details.discard')}
        </Button>
        <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
          {t('details.save')}
        </Button>
      </div>
    </form>
  );
}
