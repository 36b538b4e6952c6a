import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { useFieldArray, useForm, type Control, type UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { RecordModel } from 'pocketbase';
import { Copy, Plus, Trash2 } from 'lucide-react';
import { toast } from '../../lib/toast.ts';
import { handleApiError } from '../../lib/api-errors.ts';
import { translateMessage } from '../../lib/i18n/messages.ts';
import { venueInfoShape, zOpeningHours, zSocialLinkList } from '../../../../shared/schemas/venue-info.ts';
import { WEEK_ORDER } from '../../../../shared/schedule.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormSaveBar } from '../../components/form-save-bar.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input, Select, Textarea } from '../../components/ui/input.tsx';
import { PRICE_NOTES } from '../../../../shared/price-notes.ts';
import { FormField } from '../../components/ui/form-field.tsx';
import { useUnsavedChanges } from '../../hooks/use-unsaved-changes.ts';

/** The form's shape: the shared record rules, social links typed one per line. */
const zGuestInfoForm = z.object({
  ...venueInfoShape,
  openingHours: zOpeningHours,
  socialLinks: z
    .string()
    .transform((v) =>
      v
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean),
    )
    .pipe(zSocialLinkList),
  priceNote: z.enum(['', ...PRICE_NOTES]),
});
type GuestInfoInput = z.input<typeof zGuestInfoForm>;
type GuestInfoValues = z.output<typeof zGuestInfoForm>;
export const GUEST_INFO_FIELDS = [
  'openingHours',
  'phone',
  'email',
  'website',
  'wifiName',
  'wifiPassword',
  'socialLinks',
  'imprintUrl',
  'privacyUrl',
  'priceNote',
] as const;

function formValues(venue: RecordModel): GuestInfoInput {
  const parsed = zOpeningHours.safeParse(venue.openingHours);
  const hours = parsed.success ? parsed.data : { weekly: [], exceptions: [] };
  return {
    openingHours: {
      weekly: hours.weekly,
      exceptions: hours.exceptions.map((e) => ({ ...e, to: e.to ?? '', note: e.note ?? '' })),
    },
    phone: String(venue.phone ?? ''),
    email: String(venue.email ?? ''),
    website: String(venue.website ?? ''),
    wifiName: String(venue.wifiName ?? ''),
    wifiPassword: String(venue.wifiPassword ?? ''),
    socialLinks: (Array.isArray(venue.socialLinks) ? (venue.socialLinks as string[]) : []).join('\n'),
    imprintUrl: String(venue.imprintUrl ?? ''),
    privacyUrl: String(venue.privacyUrl ?? ''),
    priceNote: (PRICE_NOTES as readonly string[]).includes(String(venue.priceNote)) ? (venue.priceNote as GuestInfoInput['priceNote']) : '',
  };
}

/**
 * The hours of one exception (up to six windows, as the model allows): each with its own remove
 * button, and one to add a window; named after the exception for screen readers.
 */
function ExceptionWindows({
  control,
  register,
  index,
  label,
  error,
}: {
  control: Control<GuestInfoInput, unknown, GuestInfoValues>;
  register: UseFormRegister<GuestInfoInput>;
  index: number;
  label: string;
  error: boolean;
}) {
  const { t } = useTranslation('venues');
  const windows = useFieldArray({ control, name: `openingHours.exceptions.${index}.windows` });
  return (
    <div className="grid gap-2 sm:col-span-2">
      {windows.fields.map((f, w) => (
        <div key={f.id} className={WINDOW_ROW}>
          <Input
            type="time"
            className={TIME_INPUT}
            aria-label={t('info.opens', { day: label })}
            {...register(`openingHours.exceptions.${index}.windows.${w}.start`)}
          />
          <span aria-hidden>–</span>
          <Input
            type="time"
            className={TIME_INPUT}
            aria-label={t('info.closes', { day: label })}
            {...register(`openingHours.exceptions.${index}.windows.${w}.end`)}
          />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={t('info.removeWindow', { day: label })}
            onClick={() => windows.remove(w)}
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
      ))}
      <div className="flex flex-wrap items-center gap-2">
        {windows.fields.length < 6 ? (
          <Button type="button" variant="outline" size="sm" onClick={() => windows.append({ start: '12:00', end: '22:00' })}>
            <Plus aria-hidden /> {t('info.addWindow')}
            <span className="sr-only"> ({label})</span>
          </Button>
        ) : null}
        {error ? <span className="text-sm text-destructive">{t('info.needHours')}</span> : null}
      </div>
    </div>
  );
}

/** One time window: opens – closes and its remove button on one line, also on a 320 px phone. */
const WINDOW_ROW = 'grid grid-cols-[minmax(0,8rem)_auto_minmax(0,8rem)_auto] items-center gap-2';
const TIME_INPUT = 'min-w-0 px-2 sm:px-3';

const dayName = (lang: string, day: number) =>
  new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 7 + day)));

/**
 * "Guest info": opening hours per weekday (several windows a day, past midnight allowed, copy a
 * day to the others; a day without windows is closed), dated exceptions (holiday or season:
 * closed or their own hours, with a note), contact, Wi-Fi and links. Shown on the guest page's
 * header and footer (server/modules/guest-menu/venue-info.ts).
 */
export function VenueGuestInfoCard({ venue, onSave }: { venue: RecordModel; onSave: (values: GuestInfoValues) => Promise<void> }) {
  const { t, i18n } = useTranslation('venues');
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    getValues,
    setValue,
    watch,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<GuestInfoInput, unknown, GuestInfoValues>({ resolver: zodResolver(zGuestInfoForm), defaultValues: formValues(venue) });
  useUnsavedChanges(isDirty);
  useEffect(() => {
    if (!isDirty) reset(formValues(venue));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [venue.updated, venue.id]);
  const weekly = useFieldArray({ control, name: 'openingHours.weekly' });
  const exceptions = useFieldArray({ control, name: 'openingHours.exceptions' });
  const windows = watch('openingHours.weekly');

  const copyToAll = (day: number) => {
    const source = getValues('openingHours.weekly').filter((w) => w.day === day);
    const others = WEEK_ORDER.filter((d) => d !== day).flatMap((d) => source.map((w) => ({ ...w, day: d })));
    weekly.replace([...source, ...others]);
  };

  const submit = handleSubmit(async (values) => {
    try {
      await onSave(values);
      reset(formValues({ ...venue, ...values } as RecordModel));
      toast.success(t('info.saved'));
    } catch (err) {
      handleApiError(err, setError, GUEST_INFO_FIELDS, { placedToast: t('info.notSaved') });
    }
  });
  const hoursError = errors.openingHours?.message ?? errors.openingHours?.root?.message;
  // One link per line: the list's own error, or the first bad line's (reported at `socialLinks.N`).
  const lineErrors: unknown = errors.socialLinks;
  const badLine = Array.isArray(lineErrors) ? lineErrors.findIndex((e) => (e as { message?: string } | undefined)?.message) : -1;
  const socialError =
    errors.socialLinks?.message ??
    (badLine >= 0
      ? t('info.socialLine', {
          line: badLine + 1,
          message: translateMessage(String((lineErrors as { message?: string }[])[badLine]?.message)),
        })
      : undefined);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('info.title')}</CardTitle>
        <CardDescription>{t('info.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-6" aria-label={t('info.title')}>
          <fieldset className="grid gap-3">
            <legend className="mb-2 font-medium">{t('info.hours')}</legend>
            {WEEK_ORDER.map((day) => {
              const rows = weekly.fields.map((f, index) => ({ f, index })).filter(({ index }) => windows[index]?.day === day);
              const name = dayName(i18n.language, day);
              return (
                <div key={day} className="grid gap-2 border-b pb-3 sm:grid-cols-[8rem_1fr]" role="group" aria-label={name}>
                  <span className="pt-2 text-sm font-medium">{name}</span>
                  <div className="grid gap-2">
                    {rows.length === 0 ? <span className="text-sm text-muted-foreground">{t('info.closed')}</span> : null}
                    {rows.map(({ f, index }) => (
                      <div key={f.id} className={WINDOW_ROW}>
                        <Input
                          type="time"
                          className={TIME_INPUT}
                          aria-label={t('info.opens', { day: name })}
                          {...register(`openingHours.weekly.${index}.start`)}
                        />
                        <span aria-hidden>–</span>
                        <Input
                          type="time"
                          className={TIME_INPUT}
                          aria-label={t('info.closes', { day: name })}
                          {...register(`openingHours.weekly.${index}.end`)}
                        />
                        <Button
                          type="button"
                          variant="ghost"
                          size="icon"
                          aria-label={t('info.removeWindow', { day: name })}
                          onClick={() => weekly.remove(index)}
                        >
                          <Trash2 aria-hidden />
                        </Button>
                      </div>
                    ))}
                    <div className="flex flex-wrap gap-2">
                      <Button
                        type="button"
                        variant="outline"
                        size="sm"
                        onClick={() => weekly.append({ day, start: '12:00', end: '22:00' })}
                      >
                        <Plus aria-hidden /> {t('info.addWindow')}
                        <span className="sr-only"> ({name})</span>
                      </Button>
                      {rows.length ? (
                        <Button type="button" variant="ghost" size="sm" onClick={() => copyToAll(day)}>
                          <Copy aria-hidden /> {t('info.copyToAll')}
                          <span className="sr-only"> ({name})</span>
                        </Button>
                      ) : null}
                    </div>
                  </div>
                </div>
              );
            })}
            <p className="text-sm text-muted-foreground">{t('info.hoursHint')}</p>
          </fieldset>

          <fieldset className="grid gap-3">
            <legend className="mb-2 font-medium">{t('info.exceptions')}</legend>
            {exceptions.fields.map((f, index) => {
              const e = errors.openingHours?.exceptions?.[index];
              const closed = watch(`openingHours.exceptions.${index}.closed`);
              const closedField = register(`openingHours.exceptions.${index}.closed`);
              return (
                <div
                  key={f.id}
                  className="grid gap-3 rounded-md border p-3 sm:grid-cols-2"
                  role="group"
                  aria-label={t('info.exception', { n: index + 1 })}
                >
                  <FormField label={t('info.from')} error={e?.from?.message}>
                    <Input type="date" {...register(`openingHours.exceptions.${index}.from`)} />
                  </FormField>
                  <FormField label={t('info.to')} error={e?.to?.message}>
                    <Input type="date" {...register(`openingHours.exceptions.${index}.to`)} />
                  </FormField>
                  <label className="flex items-center gap-2 text-sm sm:col-span-2">
                    <input
                      type="checkbox"
                      className="size-4"
                      {...closedField}
                      onChange={(event) => {
                        void closedField.onChange(event);
                        // Open on that date: start with one window to fill in.
                        if (!event.target.checked && !getValues(`openingHours.exceptions.${index}.windows`).length)
                          setValue(`openingHours.exceptions.${index}.windows`, [{ start: '12:00', end: '22:00' }], { shouldDirty: true });
                      }}
                    />{' '}
                    {t('info.closedAllDay')}
                  </label>
                  {closed ? null : (
                    <ExceptionWindows
                      control={control}
                      register={register}
                      index={index}
                      label={t('info.exception', { n: index + 1 })}
                      error={Boolean(e?.windows?.message ?? e?.windows?.root?.message)}
                    />
                  )}
                  <div className="sm:col-span-2">
                    <FormField label={t('info.note')} error={e?.note?.message}>
                      <Input placeholder={t('info.notePlaceholder')} {...register(`openingHours.exceptions.${index}.note`)} />
                    </FormField>
                  </div>
                  <Button type="button" variant="ghost" size="sm" className="justify-self-start" onClick={() => exceptions.remove(index)}>
                    <Trash2 aria-hidden /> {t('info.removeException')}
                    <span className="sr-only"> ({t('info.exception', { n: index + 1 })})</span>
                  </Button>
                </div>
              );
            })}
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="justify-self-start"
              onClick={() =>
                exceptions.append({ from: new Date().toISOString().slice(0, 10), to: '', closed: true, windows: [], note: '' })
              }
            >
              <Plus aria-hidden /> {t('info.addException')}
            </Button>
            {hoursError ? <p className="text-sm text-destructive">{hoursError}</p> : null}
          </fieldset>

          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 font-medium">{t('info.contact')}</legend>
            <FormField label={t('info.phone')} error={errors.phone?.message}>
              <Input type="tel" autoComplete="off" {...register('phone')} />
            </FormField>
            <FormField label={t('info.email')} error={errors.email?.message}>
              <Input type="email" autoComplete="off" {...register('email')} />
            </FormField>
            <div className="sm:col-span-2">
              <FormField label={t('info.website')} error={errors.website?.message}>
                <Input type="url" placeholder="https://" {...register('website')} />
              </FormField>
            </div>
            <FormField label={t('info.wifiName')} error={errors.wifiName?.message}>
              <Input autoComplete="off" {...register('wifiName')} />
            </FormField>
            <FormField label={t('info.wifiPassword')} error={errors.wifiPassword?.message}>
              <Input autoComplete="off" {...register('wifiPassword')} />
            </FormField>
            <div className="sm:col-span-2">
              <FormField label={t('info.social')} error={socialError} hint={t('info.socialHint')}>
                <Textarea rows={3} placeholder="https://www.instagram.com/…" {...register('socialLinks')} />
              </FormField>
            </div>
            <FormField label={t('info.imprint')} error={errors.imprintUrl?.message}>
              <Input type="url" placeholder="https://" {...register('imprintUrl')} />
            </FormField>
            <FormField label={t('info.privacy')} error={errors.privacyUrl?.message}>
              <Input type="url" placeholder="https://" {...register('privacyUrl')} />
            </FormField>
          </fieldset>

          <fieldset className="grid gap-3">
            <legend className="mb-2 font-medium">{t('info.prices')}</legend>
            <FormField label={t('info.priceNote')} error={errors.priceNote?.message} hint={t('info.priceNoteHint')}>
              <Select {...register('priceNote')}>
                <option value="">{t('info.priceNoteNone')}</option>
                {PRICE_NOTES.map((note) => (
                  <option key={note} value={note}>
                    {t(`info.priceNotes.${note}`)}
                  </option>
                ))}
              </Select>
            </FormField>
          </fieldset>

          <FormSaveBar dirty={isDirty} submitting={isSubmitting} onDiscard={() => reset(formValues(venue))} />
        </form>
      </CardContent>
    </Card>
  );
}
