import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { RecordModel } from 'pocketbase';
import { ArrowLeft, CalendarPlus, Eye } from 'lucide-react';
import { SUBSCRIPTION_STATUSES } from '../../../../shared/constants.ts';
import { pb } from '../../lib/pb.ts';
import { toast } from '../../lib/toast.ts';
import { errorMessage } from '../../lib/api-errors.ts';
import { formatDate } from '../../lib/format.ts';
import { startViewingAs } from '../../lib/console-return.ts';
import { paths } from '../../app/paths.ts';
import { useTitle } from '../../hooks/use-title.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Input, Label, Select } from '../../components/ui/input.tsx';
import { consolePaths } from './console-paths.ts';
import { DataState, Field } from './console-ui.tsx';
import { SubscriptionStatusBadge } from '../../components/subscription-status-badge.tsx';
import { extendedTrialEnd, loadOrganization } from './organizations-data.ts';

/** The record service's date format (`YYYY-MM-DD HH:MM:SS.mmmZ`). */
const recordDate = (d: Date) => d.toISOString().replace('T', ' ');

function ExtendTrialDialog({
  org,
  open,
  onOpenChange,
  onDone,
}: {
  org: RecordModel;
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('console');
  const [days, setDays] = useState('14');
  const [pending, setPending] = useState(false);
  const n = Number(days);
  const valid = Number.isInteger(n) && n >= 1 && n <= 365;
  const until = valid ? extendedTrialEnd(org.trialEndsAt, n) : null;
  const submit = async () => {
    if (!until) return;
    setPending(true);
    try {
      // An extended trial is a trial: a lapsed organization becomes trialing again; a paying one stays active.
      const status = org.subscriptionStatus === 'active' ? {} : { subscriptionStatus: 'trialing' };
      await pb.collection('organizations').update(org.id, { trialEndsAt: recordDate(until), ...status });
      toast.success(t('organization.extended', { date: formatDate(recordDate(until)) }));
      onOpenChange(false);
      onDone();
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('organization.extendTitle')}
      description={t('organization.extendDescription', { name: String(org.name) })}
    >
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="grid gap-2">
          <Label htmlFor="extend-days">{t('organization.daysToAdd')}</Label>
          <Input
            id="extend-days"
            type="number"
            inputMode="numeric"
            min={1}
            max={365}
            value={days}
            onChange={(e) => setDays(e.target.value)}
            aria-invalid={!valid || undefined}
          />
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {until
              ? t('organization.newEnd', { date: formatDate(recordDate(until), { dateStyle: 'medium', timeStyle: 'short' }) })
              : t('organization.daysRange')}
          </p>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            {t('common:ui.cancel')}
          </Button>
          <Button type="submit" disabled={!valid} loading={pending}>
            {t('organization.extend')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function StatusControl({ org, onDone }: { org: RecordModel; onDone: () => void }) {
  const { t } = useTranslation('console');
  const [status, setStatus] = useState(String(org.subscriptionStatus));
  const [pending, setPending] = useState(false);
  const save = async () => {
    setPending(true);
    try {
      await pb.collection('organizations').update(org.id, { subscriptionStatus: status });
      toast.success(t('organization.statusSet', { status: t(`common:status.${status}`) }));
      onDone();
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setPending(false);
    }
  };
  return (
    <form
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div className="grid flex-1 gap-2">
        <Label htmlFor="org-status">{t('organization.subscriptionStatus')}</Label>
        <Select id="org-status" value={status} onChange={(e) => setStatus(e.target.value)}>
          {SUBSCRIPTION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`common:status.${s}`)}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" variant="outline" disabled={status === org.subscriptionStatus} loading={pending}>
        {t('organization.setStatus')}
      </Button>
    </form>
  );
}

/** One organization: its billing state, team and venues; extend the trial, set the status, open as owner. */
export default function OrganizationPage() {
  const { organizationId = '' } = useParams<{ organizationId: string }>();
  const { t } = useTranslation('console');
  const { data, error, isLoading, mutate } = useSWR(['console-org', organizationId], () => loadOrganization(organizationId));
  useTitle(t('titled', { title: data ? String(data.org.name) : t('organization.title') }));
  const [extending, setExtending] = useState(false);
  const [opening, setOpening] = useState(false);
  const owner = data?.members.find((m) => m.role === 'owner');
  const ownerUser = (owner?.expand as { user?: RecordModel } | undefined)?.user;

  const openAsOwner = async () => {
    if (!data || !ownerUser) return;
    setOpening(true);
    try {
      const viewer = await pb.collection('users').impersonate(ownerUser.id, 3600);
      // The staff app works in the user's current organization: open the one we came from.
      const record = await viewer
        .collection('users')
        .update(ownerUser.id, { currentOrganization: data.org.id }, { expand: 'currentOrganization' });
      startViewingAs(
        { token: viewer.authStore.token, record },
        `${String(ownerUser.email)} (${String(data.org.name)})`,
        consolePaths.organization(data.org.id),
      );
      window.location.assign(paths.dashboard());
    } catch (err) {
      toast.error(errorMessage(err));
      setOpening(false);
    }
  };

  return (
    <>
      <Link
        href={consolePaths.organizations()}
        className="mb-4 inline-flex items-center gap-1 text-sm text-muted-foreground hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden /> {t('nav.organizations')}
      </Link>
      <DataState loading={isLoading} error={error} empty={false} emptyText="" onRetry={() => void mutate()}>
        {data ? (
          <>
            <PageHeader
              title={String(data.org.name)}
              description={<SubscriptionStatusBadge status={data.org.subscriptionStatus} />}
              actions={
                <>
                  <Button variant="outline" onClick={() => setExtending(true)}>
                    <CalendarPlus aria-hidden /> {t('organization.extend')}
                  </Button>
                  <Button
                    onClick={() => void openAsOwner()}
                    disabled={!ownerUser}
                    loading={opening}
                    title={ownerUser ? undefined : t('organization.noOwner')}
                  >
                    <Eye aria-hidden /> {t('organization.openAsOwner')}
                  </Button>
                </>
              }
            />
            <div className="grid gap-4 lg:grid-cols-2">
              <Card>
                <CardHeader>
                  <CardTitle>{t('organization.billing')}</CardTitle>
                </CardHeader>
                <CardContent className="grid gap-4">
                  <dl className="grid grid-cols-2 gap-4">
                    <Field label={t('organization.plan')}>
                      {String((data.org.expand as { plan?: RecordModel } | undefined)?.plan?.name ?? '')}
                    </Field>
                    <Field label={t('organization.interval')}>
                      {data.org.billingInterval ? t(`organization.intervals.${String(data.org.billingInterval)}`) : ''}
                    </Field>
                    <Field label={t('organization.trialEnds')}>
                      {formatDate(data.org.trialEndsAt, { dateStyle: 'medium', timeStyle: 'short' })}
                    </Field>
                    <Field label={t('organization.periodEnds')}>{formatDate(data.org.currentPeriodEnd)}</Field>
                    <Field label={t('organization.created')}>{formatDate(data.org.created)}</Field>
                    <Field label={t('organization.id')}>
                      <span className="font-mono text-xs">{data.org.id}</span>
                    </Field>
                  </dl>
                  <StatusControl key={String(data.org.subscriptionStatus)} org={data.org} onDone={() => void mutate()} />
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle>{t('organization.team', { count: data.members.length })}</CardTitle>
                </CardHeader>
                <CardContent>
                  <ul className="divide-y text-sm">
                    {data.members.map((m) => {
                      const u = (m.expand as { user?: RecordModel } | undefined)?.user;
                      return (
                        <li key={m.id} className="flex items-center justify-between gap-2 py-2">
                          <span className="min-w-0 truncate">{String(u?.email ?? m.user)}</span>
                          <span className="shrink-0 text-muted-foreground">
                            {t(`organization.roles.${String(m.role)}`, String(m.role))}
                          </span>
                        </li>
                      );
                    })}
                  </ul>
                </CardContent>
              </Card>
              <Card className="lg:col-span-2">
                <CardHeader>
                  <CardTitle>{t('organization.venuesAndMenus', { venues: data.venues.length, menus: data.menuCount })}</CardTitle>
                </CardHeader>
                <CardContent>
                  {data.venues.length === 0 ? (
                    <p className="text-sm text-muted-foreground">{t('organization.noVenue')}</p>
                  ) : (
                    <ul className="divide-y text-sm">
                      {data.venues.map((v) => (
                        <li key={v.id} className="flex items-center justify-between gap-2 py-2">
                          <span className="min-w-0 truncate">{String(v.name)}</span>
                          <a
                            href={paths.guestMenu(String(v.slug))}
                            target="_blank"
                            rel="noreferrer"
                            className="shrink-0 text-primary hover:underline"
                          >
                            /m/{String(v.slug)}
                          </a>
                        </li>
                      ))}
                    </ul>
                  )}
                </CardContent>
              </Card>
            </div>
            <ExtendTrialDialog org={data.org} open={extending} onOpenChange={setExtending} onDone={() => void mutate()} />
          </>
        ) : null}
      </DataState>
    </>
  );
}
