import { useState } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { Search } from 'lucide-react';
import type { RecordModel } from 'pocketbase';
import { SUBSCRIPTION_STATUSES } from '../../../../shared/constants.ts';
import { formatDate, formatRelative } from '../../lib/format.ts';
import { useTitle } from '../../hooks/use-title.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Input, Select } from '../../components/ui/input.tsx';
import { consolePaths } from './console-paths.ts';
import { DataState, Pager } from './console-ui.tsx';
import { SubscriptionStatusBadge } from '../../components/subscription-status-badge.tsx';
import { loadOrganizations, type OrganizationRow } from './organizations-data.ts';

const planName = (org: RecordModel) => String((org.expand as { plan?: RecordModel } | undefined)?.plan?.name ?? '');

function Row({ row }: { row: OrganizationRow }) {
  const { t } = useTranslation('console');
  const { org } = row;
  return (
    <li className="grid gap-2 p-4 sm:grid-cols-[minmax(0,2fr)_repeat(5,minmax(0,1fr))] sm:items-center sm:gap-4">
      <div className="min-w-0">
        <Link
          href={consolePaths.organization(org.id)}
          className="block truncate font-medium text-primary underline-offset-4 hover:underline"
        >
          {String(org.name)}
        </Link>
        <span className="block truncate text-xs text-muted-foreground">{String(org.slug || org.id)}</span>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm sm:contents">
        <span>
          <SubscriptionStatusBadge status={org.subscriptionStatus} />
        </span>
        <span className="text-muted-foreground sm:text-foreground">
          {planName(org) || <span className="text-muted-foreground">{t('organizations.noPlan')}</span>}
        </span>
        <span>
          <span className="sm:sr-only">{t('organizations.trialEnds')} </span>
          {org.trialEndsAt ? formatDate(org.trialEndsAt) : <span className="text-muted-foreground">—</span>}
        </span>
        <span>
          {t('organizations.members', { count: row.members })} · {t('organizations.venues', { count: row.venues })}
        </span>
        <span className="text-muted-foreground" title={row.lastActivity}>
          {formatRelative(row.lastActivity)}
        </span>
      </div>
    </li>
  );
}

/** Every organization of the instance: search, status, plan, trial end, members, venues, last activity. */
export default function OrganizationsPage() {
  const { t } = useTranslation('console');
  useTitle(t('titled', { title: t('nav.organizations') }));
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useSWR(['console-orgs', page, search, status], () => loadOrganizations(page, search, status), {
    keepPreviousData: true,
  });
  return (
    <>
      <PageHeader
        title={t('nav.organizations')}
        description={data ? t('organizations.total', { count: data.totalItems }) : t('organizations.description')}
      />
      <div className="mb-4 flex flex-col gap-2 sm:flex-row">
        <label className="relative flex-1">
          <span className="sr-only">{t('organizations.search')}</span>
          <Search className="pointer-events-none absolute left-3 top-3 size-4 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            placeholder={t('organizations.searchPlaceholder')}
            className="pl-9"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </label>
        <label className="sm:w-48">
          <span className="sr-only">{t('organizations.status')}</span>
          <Select
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(1);
            }}
          >
            <option value="">{t('organizations.allStatuses')}</option>
            {SUBSCRIPTION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`common:status.${s}`)}
              </option>
            ))}
          </Select>
        </label>
      </div>
      <DataState
        loading={isLoading && !data}
        error={error}
        empty={data?.rows.length === 0}
        emptyText={search || status ? t('organizations.noMatch') : t('organizations.none')}
        onRetry={() => void mutate()}
      >
        <div className="overflow-hidden rounded-lg border bg-card">
          <div
            aria-hidden
            className="hidden grid-cols-[minmax(0,2fr)_repeat(5,minmax(0,1fr))] gap-4 border-b px-4 py-2 text-xs uppercase tracking-wide text-muted-foreground sm:grid"
          >
            <span>{t('organizations.organization')}</span>
            <span>{t('organizations.status')}</span>
            <span>{t('organizations.plan')}</span>
            <span>{t('organizations.trialEnds')}</span>
            <span>{t('organizations.team')}</span>
            <span>{t('organizations.lastActivity')}</span>
          </div>
          <ul className="divide-y" aria-label={t('nav.organizations')}>
            {data?.rows.map((row) => (
              <Row key={row.org.id} row={row} />
            ))}
          </ul>
        </div>
        {data ? <Pager page={data.page} totalPages={data.totalPages} onPage={setPage} /> : null}
      </DataState>
    </>
  );
}
