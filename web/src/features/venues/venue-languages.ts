import type { RecordModel } from 'pocketbase';

/**
 * The languages a venue's texts need: its guests read the languages of the menus it shows. The
 * venue's own texts are written in the default language of its first menu (the one its guest page
 * opens in); every other language of its menus is a target.
 */
export function venueLanguages(
  menuIds: readonly string[],
  menus: readonly RecordModel[] | undefined,
): { source: string; targets: string[] } {
  const byId = new Map((menus ?? []).map((m) => [m.id, m]));
  const all = menuIds.flatMap((id) => {
    const languages = byId.get(id)?.languages;
    return Array.isArray(languages) ? languages.filter((l): l is string => typeof l === 'string') : [];
  });
  const [source = 'en', ...rest] = all;
  return { source, targets: [...new Set(rest)].filter((l) => l !== source) };
}
