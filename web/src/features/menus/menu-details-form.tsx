import { useEffect, useState } from 'react';
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
import { SchedulePreview } from './schedule-preview.tsx';
import { toMenu, type Menu } from './types.ts';
import { useUnsavedChanges } from '../../hooks/use-unsaved-changes.ts';

const zMenuDetails = zMenuForm.extend({
  description: z.string().max(2000, 'Keep the description under 2000 characters'),
  languages: zLanguages.min(1, 'Add at least one language'),
  schedule: zSchedule,
});
type MenuDetails = z.infer<typeof zMenuDetails>;

function valuesOf(menu: Menu, fallbackLanguage: string): MenuDetails {
  return {
    name: menu.name,
    description: menu.description,
    languages: menu.languages.length ? menu.languages : [fallbackLanguage],
    schedule: sortSchedule(menu.schedule.map((w) => ({ day: Number(w.day), start: String(w.start), end: String(w.end) }))),
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

  const onSubmit = handleSubmit(async (values) => {
    const body = { ...values, name: values.name.trim(), schedule: sortSchedule(values.schedule) };
    try {
      const saved = toMenu(await pb.collection('menus').update(menu.id, body));
      await mutate(swrKeys.menu(menu.id), saved, { revalidate: false });
      const next = valuesOf(saved, defaultLanguage);
      setBase(next);
      reset(next);
      toast.success('Menu saved');
    } catch (err) {
      handleApiError(err, setError, ['name', 'description', 'languages', 'schedule']);
    }
  });

  const schedule = watch('schedule');

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6" aria-label="Menu details">
      {conflict ? (
        <RemoteChangeNotice
          what="This menu"
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
          <CardTitle>Details</CardTitle>
          <CardDescription>What guests see at the top of the menu.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <FormField label="Name" error={errors.name?.message}>
            <Input {...register('name')} autoComplete="off" />
          </FormField>
          <FormField label="Description" error={errors.description?.message} hint="Optional, e.g. “Served from 6 pm”.">
            <Textarea {...register('description')} rows={3} />
          </FormField>
          <div className="grid gap-2">
            <Label>Languages</Label>
            <Controller
              control={control}
              name="languages"
              render={({ field, fieldState }) => (
                <LanguagesField
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message ?? (errors.languages as { root?: { message?: string } } | undefined)?.root?.message}
                />
              )}
            />
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Schedule</CardTitle>
          <CardDescription>When guests see this menu, e.g. a lunch menu on weekdays only.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Controller
            control={control}
            name="schedule"
            render={({ field }) => (
              <ScheduleEditor value={field.value} onChange={field.onChange} errors={errors.schedule as never} timeZone={timeZone} />
            )}
          />
          <SchedulePreview schedule={schedule} timeZone={timeZone} zoneSource={zoneSource} />
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
          {isDirty ? 'Unsaved changes' : 'All changes saved'}
        </span>
        <Button type="button" variant="ghost" disabled={!isDirty || isSubmitting} onClick={() => reset(base)}>
          Discard
        </Button>
        <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
          Save menu
        </Button>
      </div>
    </form>
  );
}
