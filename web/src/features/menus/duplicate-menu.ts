import { FULL_LIST_BATCH } from '../../../../shared/constants.ts';
import { newRecordId } from '../../../../shared/ids.ts';
import { pb } from '../../lib/pb.ts';
import { toItem, toSection, type Menu } from './types.ts';
import { translationsAsWritten } from '../../lib/translation-write.ts';
import { t } from '../../lib/i18n/i18n.ts';

const BATCH_LIMIT = 50;

async function imageFile(record: { image: string } & Parameters<typeof pb.files.getURL>[0]): Promise<File | null> {
  if (!record.image) return null;
  try {
    const res = await fetch(pb.files.getURL(record, record.image));
    if (!res.ok) return null;
    const blob = await res.blob();
    return new File([blob], record.image.replace(/_[a-z0-9]{10}(\.[a-z0-9]+)$/i, '$1'), { type: blob.type });
  } catch {
    return null;
  }
}

/**
 * Copies a menu with its sections and items (texts, prices, tags, allergens, photos) as a draft
 * named "… (copy)" (in the user's language). Everything goes in one batch (one transaction) when it fits the server's batch
 * size; a bigger menu is sent in several and the partial copy is removed if a later one fails.
 * `withSchedule` false: the copy has no schedule (a plan without scheduled menus keeps a schedule
 * set on a bigger plan, unapplied, but may not set it on a new menu).
 */
export async function duplicateMenu(menu: Menu, { withSchedule = true } = {}): Promise<string> {
  const [sections, items] = await Promise.all([
    pb
      .collection('sections')
      .getFullList({ batch: FULL_LIST_BATCH, filter: pb.filter('menu = {:m}', { m: menu.id }), sort: 'position,created' }),
    pb
      .collection('items')
      .getFullList({ batch: FULL_LIST_BATCH, filter: pb.filter('section.menu = {:m}', { m: menu.id }), sort: 'position,created' }),
  ]);
  const menuId = newRecordId();
  const sectionIds = new Map(sections.map((s) => [s.id, newRecordId()]));
  type Write = { collection: string; body: Record<string, unknown> };
  const writes: Write[] = [
    {
      collection: 'menus',
      body: {
        id: menuId,
        organization: menu.organization,
        name: t('menus:list.copyName', { name: menu.name }).slice(0, 100),
        description: menu.description,
        status: 'draft',
        schedule: withSchedule ? menu.schedule : [],
        languages: menu.languages,
        // Same texts, so every translation (drafts and their bases too) still fits the copy.
        translations: translationsAsWritten(menu.translations),
        publishIncomplete: menu.publishIncomplete,
        glossary: menu.glossary,
      },
    },
  ];
  for (const raw of sections) {
    const s = toSection(raw);
    writes.push({
      collection: 'sections',
      body: {
        id: sectionIds.get(s.id),
        menu: menuId,
        name: s.name,
        description: s.description,
        position: s.position,
        translations: translationsAsWritten(s.translations),
      },
    });
  }
  const photos = await Promise.all(items.map((raw) => imageFile(toItem(raw))));
  items.forEach((raw, i) => {
    const item = toItem(raw);
    const body: Record<string, unknown> = {
      section: sectionIds.get(item.section),
      name: item.name,
      description: item.description,
      prices: item.prices,
      tags: item.tags,
      allergens: item.allergens,
      mayContain: item.mayContain,
      available: item.available,
      soldOutUntil: item.soldOutUntil,
      position: item.position,
      translations: translationsAsWritten(item.translations),
    };
    const photo = photos[i];
    if (photo) body.image = photo;
    writes.push({ collection: 'items', body });
  });

  for (let i = 0; i < writes.length; i += BATCH_LIMIT) {
    const batch = pb.createBatch();
    for (const w of writes.slice(i, i + BATCH_LIMIT)) batch.collection(w.collection).create(w.body);
    try {
      await batch.send();
    } catch (err) {
      if (i > 0)
        await pb
          .collection('menus')
          .delete(menuId)
          .catch(() => undefined);
      throw err;
    }
  }
  return menuId;
}
