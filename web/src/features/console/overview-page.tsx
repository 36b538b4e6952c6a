import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { pb } from '../../lib/pb.ts';
import { formatDate } from '../../lib/format.ts';
import { useTitle } from '../../hooks/use-title.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { consolePaths } from './console-paths.ts';
import { DataState } from './console-ui.tsx';

const total = (collection: string, filter = '') =>
  pb
    .collection(collection)
    .getList(1, 1, { filter, fields: 'id' })
    .then((l) => l.totalItems);

async function loadOverview() {
  const soon = new Date(Date.now() + 7 * 86_400_000).toISOString().replace('T', ' ');
  const [organizations, users, trialsEnding, lapsed] = await Promise.all([
    total('organizations'),
    total('users'),
    total('organizations', pb.filter('subscriptionStatus = "trialing" && trialEndsAt != "" && trialEndsAt <= {:soon}', { soon })),
    total('organizations', 'subscriptionStatus = "past_due" || subscriptionStatus = "canceled" || subscriptionStatus = "unpaid"'),
  ]);
  return { organizations, users, trialsEnding, lapsed };
}

function Stat({ label, value, href }: { label: string; value: number | undefined; href: string }) {
  return (
    <Link
      href={href}
      className="rounded-lg border bg-card p-4 transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span className="block text-sm text-muted-foreground">{label}</span>
      <span className="block text-2xl font-semibold tabular-nums">{value ?? '…'}</span>
    </Link>
  );
}

/** The instance at a glance: health, how many organizations and users, trials ending, lapsed accounts. */
export default function OverviewPage() {
  const { t } = useTranslation('console');
  useTitle(t('title'));
  const health = useSWR('console-health', () => pb.health.check());
  const overview = useSWR('console-overview', loadOverview);
  const d = overview.data;
  return (
    <>
      <PageHeader title={t('nav.overview')} description={t('overview.description')} />
      <Card className="mb-4">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            {t('overview.health')}{' '}
            {health.data ? (
              <Badge variant={health.data.code === 200 ? 'success' : 'destructive'}>
                {health.data.code === 200 ? t('overview.healthy') : health.data.message}
              </Badge>
            ) : null}
          </CardTitle>
          <CardDescription>
            <code>GET /api/health</code>
          </CardDescription>
        </CardHeader>
        <CardContent>
          <DataState loading={health.isLoading} error={health.error} empty={false} emptyText="" onRetry={() => void health.mutate()}>
            <p className="text-sm">
              {/* The server's message is English: a healthy answer is said in the console's language. */}
              {health.data?.code === 200 ? t('overview.healthyText') : health.data?.message}
              {health.data?.data?.canBackup === false ? t('overview.noBackups') : ''}
            </p>
            <p className="text-xs text-muted-foreground">
              {t('overview.checked', { time: formatDate(new Date().toISOString(), { timeStyle: 'medium' }) })}
            </p>
          </DataState>
        </CardContent>
      </Card>
      <DataState loading={false} error={overview.error} empty={false} emptyText="" onRetry={() => void overview.mutate()}>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Stat label={t('nav.organizations')} value={d?.organizations} href={consolePaths.organizations()} />
          <Stat label={t('nav.users')} value={d?.users} href={consolePaths.users()} />
          <Stat label={t('overview.trialsEnding')} value={d?.trialsEnding} href={consolePaths.organizations()} />
          <Stat label={t('overview.lapsed')} value={d?.lapsed} href={consolePaths.organizations()} />
        </div>
      </DataState>
    </>
  );
}
