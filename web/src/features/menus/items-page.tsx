import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'wouter';
import { useSWRConfig } from 'swr';
import { toast } from '../../lib/toast.ts';
import { ArrowLeft, Languages, Plus, UtensilsCrossed } from 'lucide-react';
import { useTitle } from '../../hooks/use-title.ts';
import { useAuth } from '../../hooks/use-auth.ts';
import { useLiveRecords } from '../../hooks/use-live-records.ts';
import { pb } from '../../lib/pb.ts';
import { swrKeys } from '../../lib/swr-keys.ts';
import { paths } from '../../app/paths.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Card, Skeleton } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { reportError } from '../../lib/action-errors.ts';
import { ItemEditor } from './item-editor.tsx';
import { ItemRow } from './item-row.tsx';
import { useItems, useSection, useTags, useVenues, venuesShowing } from './menu-data.ts';
import { savePositions, withPositions } from './reorder.ts';
import { SortableList } from './sortable-list.tsx';
import { Switch } from './switch.tsx';
import { untranslatedLanguagesOfAll, toItem, type Item, type TranslatableRecord } from './types.ts';
import { useSectionCourses } from './use-set-courses.ts';
import { useOptionGroups } from './option-data.ts';
import { blockAnchor } from './translation-rows.ts';
import { VenueOverridesDialog } from './venue-overrides-dialog.tsx';
import { useVenueItems, venueDifferences } from './venue-overrides.ts';

export default function ItemsPage() {
  const { t } = useTranslation('menus');
  const { sectionId = '' } = useParams<{ sectionId: string }>();
  const { organization } = useAuth();
  const [, navigate] = useLocation();
  const { mutate } = useSWRConfig();
  const { data: sectionData, error } = useSection(sectionId);
  const { data: items, isLoading } = useItems(sectionId);
  const { data: tags } = useTags(organization?.id);
  const { data: venues } = useVenues(organization?.id);
  const [editor, setEditor] = useState<{ open: boolean; item: Item | null }>({ open: false, item: null });
  const [deleting, setDeleting] = useState<Item | null>(null);
  const [perVenue, setPerVenue] = useState<Item | null>(null);
  const { data: overrides, mutate: refreshOverrides } = useVenueItems(sectionId);
  const [untranslatedOnly, setUntranslatedOnly] = useState(false);
  const section = sectionData?.section;
  const menu = sectionData?.menu;
  // The specification gives this route no page title: the product name alone.
  useTitle();

  const key = swrKeys.items(sectionId);
  const list = useMemo(() => items ?? [], [items]);
  // Memoised: a fallback array built on every render would recompute `untranslated` each time.
  const languages = useMemo(
    () => (menu?.languages.length ? menu.languages : [String(organization?.defaultLanguage || 'en')]),
    [menu, organization],
  );
  const currency = String(organization?.currency || 'EUR');
  const { timeZone, venues: showing } = venuesShowing(venues, menu?.id ?? '');
  const { data: courses } = useSectionCourses(sectionId);
  const { data: optionGroups } = useOptionGroups(organization?.id);
  // An item counts as translated only with its set courses, option groups and tags: the guest page
  // shows a language only when all of them are.
  const missingByItem = useMemo(() => {
    const byId = new Map<string, string[]>();
    for (const item of list) {
      const records: TranslatableRecord[] = [['items', item]];
      for (const course of courses ?? []) if (course.item === item.id) records.push(['set_courses', course]);
      for (const group of optionGroups ?? []) {
        if (!item.optionGroups.includes(group.id)) continue;
        records.push(['option_groups', group], ...group.options.map((o): TranslatableRecord => ['options', o]));
      }
      for (const tag of tags ?? []) if (item.tags.includes(tag.id)) records.push(['tags', tag]);
      byId.set(item.id, untranslatedLanguagesOfAll(records, languages));
    }
    return byId;
  }, [list, courses, optionGroups, tags, languages]);
  const untranslated = useMemo(() => list.filter((i) => (missingByItem.get(i.id) ?? []).length > 0), [list, missingByItem]);
  const shown = untranslatedOnly ? untranslated : list;

  const ids = new Set(list.map((i) => i.id));
  useLiveRecords({ collection: 'items', topic: '*', when: (e) => e.record.section === sectionId || ids.has(e.record.id), targets: [key] });
  useLiveRecords({
    collection: 'sections',
    topic: sectionId,
    targets: [swrKeys.section(sectionId)],
    onEvent: (e) => {
      if (e.action !== 'delete') return;
      toast.info(t('itemsPage.deletedElsewhere'));
      navigate(menu ? paths.menu(menu.id) : paths.menus(), { replace: true });
    },
  });
  useLiveRecords({ collection: 'menus', topic: menu?.id, targets: [swrKeys.section(sectionId)] });
  useLiveRecords({
    collection: 'venue_items',
    topic: '*',
    when: (e) => ids.has(String(e.record.item)),
    targets: [swrKeys.venueItems(sectionId)],
  });

  /** Shows `next` at once; restores the list and reports the error if `save` fails. */
  const optimistic = async <T,>(next: Item[], save: () => Promise<T>, failure: string | null): Promise<T> => {
    const previous = items;
    await mutate(key, next, { revalidate: false });
    try {
      const result = await save();
      void mutate(key);
      return result;
    } catch (err) {
      await mutate(key, previous, { revalidate: true });
      if (failure) reportError(err, navigate, failure);
      throw err;
    }
  };

  const onSave = async (body: Record<string, unknown>, original: Item | null, preview: Partial<Item>): Promise<Item> => {
    if (original) {
      const saved = await optimistic(
        list.map((i) => (i.id === original.id ? { ...i, ...preview } : i)),
        async () => toItem(await pb.collection('items').update(original.id, body)),
        null,
      );
      await mutate(key, (current: Item[] | undefined) => (current ?? []).map((i) => (i.id === saved.id ? saved : i)), {
        revalidate: false,
      });
      toast.success(t('itemsPage.saved', { name: saved.name }));
      return saved;
    }
    const created = toItem(await pb.collection('items').create({ ...body, section: sectionId }));
    await mutate(key, (current: Item[] | undefined) => [...(current ?? []).filter((i) => i.id !== created.id), created], {
      revalidate: true,
    });
    toast.success(t('itemsPage.added', { name: created.name }));
    return created;
  };

  const toggleAvailable = (item: Item, available: boolean) => {
    void optimistic(
      list.map((i) => (i.id === item.id ? { ...i, available, soldOutUntil: '' } : i)),
      () => pb.collection('items').update(item.id, { available, soldOutUntil: '' }),
      available ? t('itemsPage.availableFailed') : t('itemsPage.soldOutFailed'),
    )
      .then(() =>
        toast.success(available ? t('itemsPage.availableAgain', { name: item.name }) : t('itemsPage.soldOutNow', { name: item.name })),
      )
      .catch(() => undefined);
  };

  const reorder = (next: Item[]) => {
    void optimistic(withPositions(next), () => savePositions('items', next), t('itemsPage.orderFailed')).catch(() => undefined);
  };

  const remove = async (item: Item) => {
    await optimistic(
      withPositions(list.filter((i) => i.id !== item.id)),
      () => pb.collection('items').delete(item.id),
      t('itemsPage.deleteFailed'),
    )
      .then(() => toast.success(t('itemsPage.deleted', { name: item.name })))
      .catch(() => undefined);
  };

  if (error) {
    const missing = (error as { status?: number }).status === 404;
    return (
      <Card className="grid justify-items-center gap-3 p-10 text-center">
        <h1 className="text-lg font-semibold">{missing ? t('itemsPage.notFound') : t('itemsPage.loadFailed')}</h1>
        <p className="text-sm text-muted-foreground">{missing ? t('notFoundHint') : t('loadFailedHint')}</p>
        <Link className={buttonVariants({ variant: 'outline' })} href={paths.menus()}>
          {t('backToMenus')}
        </Link>
      </Card>
    );
  }
  if (!section || !menu) return <PageSkeleton />;

  const openEditor = (item: Item | null) => setEditor({ open: true, item });
  const editing = editor.item;
  const server = editing ? (items ? (list.find((i) => i.id === editing.id) ?? null) : undefined) : undefined;

  return (
    <>
      <Link
        href={paths.menu(menu.id)}
        className="mb-3 inline-flex max-w-full items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4 shrink-0" aria-hidden /> <span className="truncate">{menu.name || t('itemsPage.menu')}</span>
      </Link>
      <PageHeader
        title={section.name || t('itemsPage.section')}
        description={t('itemsPage.summary', { count: list.length, currency })}
        actions={
          <>
            {languages.length > 1 ? (
              <Link
                className={buttonVariants({ variant: 'outline' })}
                href={paths.menuTranslate(menu.id, languages[1], blockAnchor('section', section.id))}
              >
                <Languages aria-hidden /> {t('itemsPage.translations')}
              </Link>
            ) : null}
            <Button onClick={() => openEditor(null)}>
              <Plus aria-hidden /> {t('itemsPage.addItem')}
            </Button>
          </>
        }
      />

      {languages.length > 1 && list.length > 0 ? (
        <div className="mb-4 flex flex-wrap items-center gap-3">
          <label className="inline-flex items-center gap-2 text-sm">
            <Switch checked={untranslatedOnly} onCheckedChange={setUntranslatedOnly} aria-label={t('itemsPage.untranslatedOnly')} />
            <Languages className="size-4 text-muted-foreground" aria-hidden />
            {t('itemsPage.untranslatedOnly')} <span className="text-muted-foreground">({untranslated.length})</span>
          </label>
          {untranslatedOnly ? <span className="text-xs text-muted-foreground">{t('itemsPage.reorderOff')}</span> : null}
        </div>
      ) : null}

      {isLoading && !items ? (
        <div className="grid gap-2" aria-busy="true" aria-label={t('itemsPage.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-20" />
          ))}
        </div>
      ) : list.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 px-6 py-14 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <UtensilsCrossed className="size-6" aria-hidden />
          </span>
          <h2 className="text-lg font-semibold">{t('itemsPage.emptyTitle', { section: section.name })}</h2>
          <p className="max-w-sm text-sm text-muted-foreground">{t('itemsPage.emptyBody')}</p>
          <Button onClick={() => openEditor(null)}>
            <Plus aria-hidden /> {t('itemsPage.addFirst')}
          </Button>
        </Card>
      ) : shown.length === 0 ? (
        <p className="rounded-md border border-dashed p-8 text-center text-sm text-muted-foreground">{t('itemsPage.allTranslated')}</p>
      ) : (
        <SortableList
          items={shown}
          labelOf={(i) => i.name}
          disabled={untranslatedOnly}
          onReorder={reorder}
          className="grid gap-2"
          as="ol"
          renderItem={(item, handle, { dragging }) => (
            <ItemRow
              item={item}
              handle={handle}
              dragging={dragging}
              tags={tags}
              missing={missingByItem.get(item.id) ?? []}
              currency={currency}
              timeZone={timeZone}
              onEdit={() => openEditor(item)}
              onDelete={() => setDeleting(item)}
              onToggleAvailable={(v) => toggleAvailable(item, v)}
              differences={venueDifferences(item, overrides ?? [], showing, new Date())}
              onPerVenue={() => setPerVenue(item)}
            />
          )}
        />
      )}

      <ItemEditor
        open={editor.open}
        onOpenChange={(open) => setEditor((e) => ({ ...e, open }))}
        item={editing}
        server={server}
        ctx={{ menuId: menu.id, sectionId, organizationId: String(organization?.id ?? ''), languages, currency, timeZone, tags }}
        onSave={onSave}
      />
      <VenueOverridesDialog
        open={perVenue !== null}
        onOpenChange={(open) => {
          if (!open) setPerVenue(null);
        }}
        item={perVenue ? (list.find((i) => i.id === perVenue.id) ?? perVenue) : null}
        venues={showing}
        overrides={overrides}
        currency={currency}
        onChanged={() => refreshOverrides()}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('itemsPage.deleteTitle', { name: deleting?.name ?? '' })}
        description={t('itemsPage.deleteDescription')}
        confirmLabel={t('itemsPage.deleteConfirm')}
        destructive
        onConfirm={() => {
          if (deleting) void remove(deleting);
        }}
      />
    </>
  );
}
