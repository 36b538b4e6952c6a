import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import useSWR from 'swr';
import { toast } from '../../lib/toast.ts';
import { Inbox, LifeBuoy, Send } from 'lucide-react';
import { zHelpForm } from '../../../../shared/schemas/forms.ts';
import { HELP_DESCRIPTION_MAX, SESSION_REPLAY_LOOKBACK_SECONDS } from '../../../../shared/constants.ts';
import { useTitle } from '../../hooks/use-title.ts';
import { useAuth } from '../../hooks/use-auth.ts';
import { useConsent } from '../../hooks/use-consent.ts';
import { pb } from '../../lib/pb.ts';
import { analytics, sessionReplayUrl } from '../../lib/analytics.ts';
import { errorMessage, handleApiError } from '../../lib/api-errors.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, Skeleton } from '../../components/ui/card.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input, Textarea } from '../../components/ui/input.tsx';
import { formatDate } from '../../lib/format.ts';

const helpKey = (userId: string) => ['help-requests', userId] as const;

function HelpForm({ userId, onSent }: { userId: string; onSent: () => void }) {
  const { t } = useTranslation('help');
  const { consent } = useConsent();
  const form = useForm({ resolver: zodResolver(zHelpForm), defaultValues: { title: '', description: '' } });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const description = watch('description') ?? '';

  const onSubmit = handleSubmit(async (values) => {
    // A replay link only with consent and a configured analytics client.
    const replay = consent === 'yes' && analytics() ? sessionReplayUrl(SESSION_REPLAY_LOOKBACK_SECONDS) : '';
    try {
      await pb
        .collection('help_requests')
        .create({ user: userId, title: values.title, description: values.description, ...(replay ? { sessionReplayUrl: replay } : {}) });
      toast.success(t('form.sent'));
      reset();
      onSent();
    } catch (err) {
      handleApiError(err, setError, ['title', 'description']);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField label={t('form.title')} error={errors.title?.message}>
        <Input {...register('title')} placeholder={t('form.titlePlaceholder')} autoComplete="off" />
      </FormField>
      <FormField
        label={t('form.description')}
        error={errors.description?.message}
        hint={
          <span className="flex justify-between gap-2">
            <span>{t('form.descriptionHint')}</span>
            <span className="tabular-nums">
              {description.length}/{HELP_DESCRIPTION_MAX}
            </span>
          </span>
        }
      >
        <Textarea {...register('description')} rows={7} placeholder={t('form.descriptionPlaceholder')} />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" loading={isSubmitting} className="w-full sm:w-auto">
          <Send aria-hidden /> {t('form.submit')}
        </Button>
      </div>
    </form>
  );
}

function StatusBadge({ status }: { status: unknown }) {
  const { t } = useTranslation('help');
  return status === 'closed' ? <Badge variant="success">{t('status.closed')}</Badge> : <Badge variant="info">{t('status.open')}</Badge>;
}

export default function HelpPage() {
  const { t } = useTranslation('help');
  useTitle(t('title'));
  const { record } = useAuth();
  const userId = record?.id ?? '';
  const requests = useSWR(userId ? helpKey(userId) : null, () =>
    pb.collection('help_requests').getList(1, 20, { filter: pb.filter('user = {:id}', { id: userId }), sort: '-created' }),
  );

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[3fr_2fr]">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <LifeBuoy className="size-5 text-primary" aria-hidden /> {t('contact')}
            </CardTitle>
            <CardDescription>{record?.email ? t('repliesTo', { email: String(record.email) }) : t('repliesToYou')}</CardDescription>
          </CardHeader>
          <CardContent>
            <HelpForm userId={userId} onSent={() => void requests.mutate()} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t('requests.title')}</CardTitle>
            <CardDescription>{t('requests.description')}</CardDescription>
          </CardHeader>
          <CardContent>
            {requests.error ? (
              <p role="alert" className="text-sm text-destructive">
                {errorMessage(requests.error)}
              </p>
            ) : !requests.data ? (
              <div className="grid gap-3" aria-busy="true" aria-label={t('requests.loading')}>
                {[0, 1].map((i) => (
                  <Skeleton key={i} className="h-14" />
                ))}
              </div>
            ) : requests.data.items.length === 0 ? (
              <div className="flex flex-col items-center gap-2 rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
                <Inbox className="size-6" aria-hidden />
                {t('requests.empty')}
              </div>
            ) : (
              <ul className="grid grid-cols-1 divide-y" aria-label={t('requests.list')}>
                {requests.data.items.map((r) => (
                  <li key={r.id} className="flex items-start justify-between gap-3 py-3 first:pt-0 last:pb-0">
                    <div className="min-w-0">
                      <p className="truncate text-sm font-medium" title={String(r.title)}>
                        {String(r.title)}
                      </p>
                      <p className="text-xs text-muted-foreground">{formatDate(r.created, { dateStyle: 'medium', timeStyle: 'short' })}</p>
                    </div>
                    <StatusBadge status={r.status} />
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </>
  );
}
