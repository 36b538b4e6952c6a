import type { MemberRole } from '../../../shared/constants.ts';
import { paths } from './paths.ts';

/**
 * The signed-in navigation, without React or icons: the app's layout (app-layout.tsx) and service
 * mode's own page (service-main.ts) show the same entries for a role. `label`: a `common` key.
 */
export const NAV_ITEMS = [
  { href: paths.dashboard(), label: 'nav.dashboard' },
  { href: paths.serviceVenues(), label: 'nav.service' },
  { href: paths.venues(), label: 'nav.venues' },
  { href: paths.menus(), label: 'nav.menus' },
  { href: paths.menuUpload(), label: 'nav.menuUpload' },
  { href: paths.tags(), label: 'nav.tags' },
  { href: paths.settingsOrganization(), label: 'nav.organization' },
  { href: paths.settingsBilling(), label: 'nav.billing' },
  { href: paths.help(), label: 'nav.help' },
] as const;

export type NavItem = (typeof NAV_ITEMS)[number];

/** What floor staff use: service mode (their home screen), their venues' list, their profile and help. */
const STAFF_NAV: readonly string[] = [paths.serviceVenues(), paths.venues(), paths.help()];

/** Billing's pages: owners' and admins' (editors are sent to the dashboard with a message). */
export function isBilling(location: string): boolean {
  return (location.split(/[?#]/)[0] ?? '').replace(/\/$/, '') === paths.settingsBilling().replace(/\/$/, '');
}

/**
 * The entries a role sees. Until the role is known (null/undefined), the team's navigation (staff
 * see it only for that moment, and every route they cannot use sends them back with a message).
 * Editors see billing only read-only: not offered (item 4 of issue 23).
 */
export function navFor(role: MemberRole | null | undefined): NavItem[] {
  if (role === 'staff') return NAV_ITEMS.filter((item) => STAFF_NAV.includes(item.href));
  if (role === 'editor') return NAV_ITEMS.filter((item) => !isBilling(item.href));
  return [...NAV_ITEMS];
}
