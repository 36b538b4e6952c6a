/**
 * Every swr key of the menu screens, built in one place: pages read with these keys, and
 * mutations and realtime events (`use-live-records.ts`) refresh the very same keys.
 */
export const swrKeys = {
  /** One page of the organization's menus list. */
  menus: (organizationId: string, page: number, search: string) => ['menus', organizationId, page, search] as const,
  menu: (menuId: string) => ['menu', menuId] as const,
  /** The sections of a menu, in position order. */
  sections: (menuId: string) => ['sections', menuId] as const,
  /** Items per section of a menu (for the section list). */
  itemCounts: (menuId: string) => ['item-counts', menuId] as const,
  /** A section with its menu expanded (languages, name). */
  section: (sectionId: string) => ['section', sectionId] as const,
  /** Every translatable text of a menu: the menu, its sections and items, the organization's tags (translation view). */
  menuTexts: (menuId: string) => ['menu-texts', menuId] as const,
  /** The items of a section, in position order. */
  items: (sectionId: string) => ['items', sectionId] as const,
  venues: (organizationId: string) => ['venues', organizationId] as const,
  tags: (organizationId: string) => ['tags', organizationId] as const,
  /** The organization's PDF uploads, newest first (without drafts). */
  uploads: (organizationId: string) => ['uploads', organizationId] as const,
  /** One upload with its draft. */
  upload: (uploadId: string) => ['upload', uploadId] as const,
  /** The menu a new version of an imported PDF updates by default. */
  uploadDiffTarget: (uploadId: string) => ['upload-diff-target', uploadId] as const,
  /** The organization's option groups with their options (item editor). */
  optionGroups: (organizationId: string) => ['option-groups', organizationId] as const,
  /** How many items use each of the organization's option groups. */
  optionGroupUsage: (organizationId: string) => ['option-group-usage', organizationId] as const,
  /** The venues' overrides of a section's items (sold out here, own prices). */
  venueItems: (sectionId: string) => ['venue-items', sectionId] as const,
  /** The organization's menus by name (id, name, status): pickers. */
  menuOptions: (organizationId: string) => ['menu-options', organizationId] as const,
};

export type SwrKey = readonly unknown[];

/** Matches every key that starts with `prefix`, e.g. all pages of one organization's menus list. */
export function keysStartingWith(...prefix: readonly unknown[]): (key: unknown) => boolean {
  return (key) => Array.isArray(key) && prefix.every((part, i) => key[i] === part);
}
