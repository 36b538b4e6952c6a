/** Every href of the app, built in one place (the specification's routes). */
const withQuery = (path: string, query: Record<string, string | undefined>) => {
  const q = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => Boolean(e[1])));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
};

export const paths = {
  home: () => '/',
  verify: (token?: string) => withQuery('/verify', { token }),
  signUp: () => '/sign-up',
  login: (redirect?: string) => withQuery('/login', { redirect }),
  resetPassword: (token?: string) => withQuery('/reset-password', { token }),
  confirmEmailChange: (token?: string) => withQuery('/confirm-email-change', { token }),
  onboarding: () => '/onboarding',
  subscribe: () => '/subscribe/',
  subscribeSuccess: () => '/subscribe/success',
  dashboard: () => '/dashboard',
  help: () => '/help',
  /** Service mode (phone-first sold-out toggles): the venue picker, or one venue. */
  serviceVenues: () => '/service',
  service: (venueId: string) => `/service/${encodeURIComponent(venueId)}`,
  venues: () => '/venues/',
  venue: (venueId: string) => `/venues/${encodeURIComponent(venueId)}`,
  tags: () => '/tags/',
  profile: () => '/profile/',
  menus: () => '/menus/',
  menu: (menuId: string) => `/menus/${encodeURIComponent(menuId)}`,
  /** The menu's translation view, optionally in one language and scrolled to a block (`item-<id>`, `section-<id>`). */
  menuTranslate: (menuId: string, lang?: string, anchor?: string) =>
    `${withQuery(`/menus/${encodeURIComponent(menuId)}/translate`, { lang })}${anchor ? `#${anchor}` : ''}`,
  menuUpload: () => '/menus/upload/',
  menuUploadReview: (uploadId: string) => `/menus/upload/${encodeURIComponent(uploadId)}`,
  sectionItems: (sectionId: string) => `/sections/${encodeURIComponent(sectionId)}/items`,
  settings: () => '/settings/',
  settingsOrganization: () => '/settings/organization',
  settingsBilling: () => '/settings/billing',
  /** The operator console (superusers). */
  console: () => '/_/',
  guestMenu: (venueSlug: string) => `/m/${encodeURIComponent(venueSlug)}`,
  /** The venue's original PDF menu, public while it is linked to the venue. */
  guestOriginalMenu: (venueSlug: string) => `/m/${encodeURIComponent(venueSlug)}/original.pdf`,
};

/** The venue service mode's address names (`/service/<id>`), if any: the inverse of `paths.service`. */
export function serviceVenueInPath(pathname: string): string | undefined {
  const id = /^\/service\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (!id) return undefined;
  try {
    return decodeURIComponent(id);
  } catch {
    // A malformed escape (`/service/%E0`) names no venue: the picker says so.
    return id;
  }
}
