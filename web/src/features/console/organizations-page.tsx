import { useState } from 'react';
import { Link } from 'wouter';
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
          {planName(org) || <span className="text-muted-foreground">No plan</span>}
        </span>
        <span>
          <span className="sm:sr-only">Trial ends </span>
          {org.trialEndsAt ? formatDate(org.trialEndsAt) : <span className="text-muted-foreground">—</span>}
        </span>
        <span>
          {row.members} <span className="text-muted-foreground">{row.members === 1 ? 'member' : 'members'}</span> · {row.venues}{' '}
          <span className="text-muted-foreground">{row.venues === 1 ? 'venue' : 'venues'}</span>
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
  useTitle('Organizations · Console');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useSWR(['console-orgs', page, search, status], () => loadOrganizations(page, search, status), {
    keepPreviousData: true,
  });
  return (
    <>
      <PageHeader title="Organizations" description={data ? `${data.totalItems} in total` : 'Everyone who signed up.'} />
      <div className="mb-4 flex flex-col gap-2 sm:flex-row">
        <label className="relative flex-1">
          <span className="sr-only">Search organizations</span>
          <Search className="pointer-events-none absolute left-3 top-3 size-4 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            placeholder="Search by name, slug or id"
            className="pl-9"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </label>
        <label className="sm:w-48">
          <span className="sr-only">Status</span>
          <Select
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(1);
            }}
          >
            <option value="">All statuses</option>
            {SUBSCRIPTION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </label>
      </div>
      <DataState
        loading={isLoading && !data}
        error={error}
        empty={data?.rows.length === 0}
        emptyText={search || status ? 'No organization matches.' : 'No organization yet.'}
        onRetry={() => void mutate()}
      >
        <div className="overflow-hidden rounded-lg border bg-card">
          <div
            aria-hidden
            className="hidden grid-cols-[minmax(0,2fr)_repeat(5,minmax(0,1fr))] gap-4 border-b px-4 py-2 text-xs uppercase tracking-wide text-muted-foreground sm:grid"
          >
            <span>Organization</span>
            <span>Status</span>
            <span>Plan</span>
            <span>Trial ends</span>
            <span>Team</span>
            <span>Last activity</span>
          </div>
          <ul className="divide-y" aria-label="Organizations">
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
