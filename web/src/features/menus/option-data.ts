import useSWR from 'swr';
import type { RecordModel } from 'pocketbase';
import { FULL_LIST_BATCH } from '../../../../shared/constants.ts';
import { useLiveRecords } from '../../hooks/use-live-records.ts';
import { pb } from '../../lib/pb.ts';
import { swrKeys } from '../../lib/swr-keys.ts';
import { readTranslations, type Translations } from '../../../../shared/translations.ts';

/**
 * The organization's option groups with their options, and how many items use each group: the
 * group editor's data. Groups are shared by the organization's items, so a change made in one
 * item's editor is a change for every item using the group (the editor says so).
 */

export interface Option extends RecordModel {
  group: string;
  name: string;
  /** Minor units of the currency, added to the item's price. */
  priceDelta: number;
  allergens: string[];
  mayContain: string[];
  diets: string[];
  available: boolean;
  position: number;
  translations: Translations;
}

export interface OptionGroup extends RecordModel {
  organization: string;
  name: string;
  description: string;
  minChoices: number;
  maxChoices: number;
  translations: Translations;
  /** Its options, by position. */
  options: Option[];
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);

export function toOption(r: RecordModel): Option {
  return {
    ...r,
    group: String(r.group ?? ''),
    name: String(r.name ?? ''),
    priceDelta: Number(r.priceDelta ?? 0),
    allergens: strings(r.allergens),
    mayContain: strings(r.mayContain),
    diets: strings(r.diets),
    available: Boolean(r.available),
    position: Number(r.position ?? 0),
    translations: readTranslations(r.translations),
  };
}

export function toOptionGroup(r: RecordModel, options: readonly Option[] = []): OptionGroup {
  return {
    ...r,
    organization: String(r.organization ?? ''),
    name: String(r.name ?? ''),
    description: String(r.description ?? ''),
    minChoices: Number(r.minChoices ?? 0),
    maxChoices: Number(r.maxChoices ?? 0),
    translations: readTranslations(r.translations),
    options: options.filter((o) => o.group === r.id).sort((a, b) => a.position - b.position),
  };
}

/** The organization's option groups by name, each with its options; live while mounted. */
export function useOptionGroups(organizationId: string | undefined) {
  const key = organizationId ? swrKeys.optionGroups(organizationId) : null;
  const swr = useSWR(key, async () => {
    const filter = pb.filter('organization = {:org}', { org: organizationId });
    const [groups, options] = await Promise.all([
      pb.collection('option_groups').getFullList({ batch: FULL_LIST_BATCH, filter, sort: 'name,created' }),
      pb.collection('options').getFullList({
        batch: FULL_LIST_BATCH,
        filter: pb.filter('group.organization = {:org}', { org: organizationId }),
        sort: 'position,created',
      }),
    ]);
    const all = options.map(toOption);
    return groups.map((g) => toOptionGroup(g, all));
  });
  const targets = key ? [key] : [];
  useLiveRecords({ collection: 'option_groups', topic: key ? '*' : null, targets });
  useLiveRecords({ collection: 'options', topic: key ? '*' : null, targets });
  return swr;
}

/**
 * Which of the organization's saved items use each option group: a shared
 * group's editor says "used by 3 items" so nobody edits every pizza's extras by surprise.
 */
export function useOptionGroupUsage(organizationId: string | undefined) {
  const key = organizationId ? swrKeys.optionGroupUsage(organizationId) : null;
  const swr = useSWR(key, async () => {
    const list = await pb.collection('items').getFullList({
      batch: FULL_LIST_BATCH,
      filter: pb.filter('section.menu.organization = {:org}', { org: organizationId }),
      fields: 'id,optionGroups',
    });
    return usageByGroup(list.map((i) => ({ id: i.id, groups: strings(i.optionGroups) })));
  });
  useLiveRecords({ collection: 'items', topic: key ? '*' : null, targets: key ? [key] : [] });
  return swr;
}

/** The ids of the items using each group, from each item's list of groups. */
export function usageByGroup(items: readonly { id: string; groups: readonly string[] }[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const item of items) for (const g of new Set(item.groups)) (out[g] ??= []).push(item.id);
  return out;
}

/**
 * How many items use a group once the item being edited is saved: the other saved items using it
 * (the edited item's stored state does not count: its form says what it will be), plus the
 * edited item when the form has the group.
 */
export function usedBy(usage: Record<string, string[]> | undefined, groupId: string, itemId: string | null, attached: boolean): number {
  const others = (usage?.[groupId] ?? []).filter((id) => id !== itemId).length;
  return others + (attached ? 1 : 0);
}
