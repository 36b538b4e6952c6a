import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { PageSkeleton } from '../components/page-skeleton.tsx';
import { leaveNotice } from '../lib/page-notice.ts';

/**
 * Hands over to a page the React app does not render: service mode is its own page without React
 * (service.html, src/service-main.ts; issue 23 item 6, a phone's first load of at most 100 KB of
 * script). Loads `to` (default: the current address) from the server, replacing this history entry;
 * `notice` (a `common` key) is shown there as a toast (lib/page-notice.ts).
 */
export function PageLoad({ to, notice }: { to?: string; notice?: string }) {
  const [location] = useLocation();
  const search = useSearch();
  const target = to ?? (search ? `${location}?${search}` : location);
  useEffect(() => {
    if (notice) leaveNotice(notice);
    window.location.replace(target);
  }, [target, notice]);
  return <PageSkeleton />;
}
