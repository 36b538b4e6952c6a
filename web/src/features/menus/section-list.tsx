import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Link, useLocation } from 'wouter';
import { useSWRConfig } from 'swr';
import { toast } from '../../lib/toast.ts';
import { BanknoteX, Check, ChevronRight, Pencil, Plus, Trash2, X } from 'lucide-react';
import { pb } from '../../lib/pb.ts';
import { swrKeys } from '../../lib/swr-keys.ts';
import { paths } from '../../app/paths.ts';
import { NAME_MAX, zSectionName } from '../../../../shared/schemas/menus.ts';
import { MESSAGES } from '../../../../shared/schemas/messages.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, Skeleton } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { reportError } from '../../lib/action-errors.ts';
import { savePositions, withPositions } from './reorder.ts';
import { SortableList } from './sortable-list.tsx';
import { toSection, type Section } from './types.ts';
import { errorText } from './error-text.ts';
import { FullText } from '../../components/ui/full-text.tsx';

const TEMP = 'tmp-';

/**
 * The sections of a menu: drag and drop (or keyboard) reordering saved in one batch, inline add,
 * rename and delete. Every change shows at once and is rolled back with a toast if the server
 * refuses it.
 */
export function SectionList({
  menuId,
  sections,
  counts,
  loading,
}: {
  menuId: string;
  sections: Section[] | undefined;
  counts: Record<string, number> | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation('menus');
  const { mutate } = useSWRConfig();
  const [, navigate] = useLocation();
  const key = swrKeys.sections(menuId);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Section | null>(null);
  const list = sections ?? [];

  /** Shows `next` at once, runs `save`, and restores the previous list if it fails. */
  const optimistic = async (next: Section[], save: () => Promise<unknown>, failure: string): Promise<boolean> => {
    const previous = sections;
    await mutate(key, next, { revalidate: false });
    try {
      await save();
      await mutate(key);
      return true;
    } catch (err) {
      await mutate(key, previous, { revalidate: true });
      reportError(err, navigate, failure);
      return false;
    }
  };

  const reorder = (next: Section[]) => {
    const ordered = withPositions(next);
    void optimistic(ordered, () => savePositions('sections', next), t('sections.orderFailed'));
  };

  /** Appends a section at once; false (and a toast) when the server refuses it. */
  const add = async (name: string): Promise<boolean> => {
    const temp: Section = toSection({
      id: `${TEMP}${Date.now()}`,
      collectionId: '',
      collectionName: 'sections',
      menu: menuId,
      name,
      position: list.length,
    });
    const ok = await optimistic([...list, temp], () => pb.collection('sections').create({ menu: menuId, name }), t('sections.addFailed'));
    if (ok) toast.success(t('sections.added', { name }));
    return ok;
  };

  const rename = (section: Section, name: string) => {
    setEditing(null);
    if (section.name === name) return;
    void optimistic(
      list.map((s) => (s.id === section.id ? { ...s, name } : s)),
      () => pb.collection('sections').update(section.id, { name }),
      t('sections.renameFailed'),
    );
  };

  const toggleHidePrices = (section: Section) => {
    const hidePrices = !section.hidePrices;
    void optimistic(
      list.map((s) => (s.id === section.id ? { ...s, hidePrices } : s)),
      () => pb.collection('sections').update(section.id, { hidePrices }),
      t('sections.hidePricesFailed'),
    );
  };

  const remove = async (section: Section) => {
    const ok = await optimistic(
      withPositions(list.filter((s) => s.id !== section.id)),
      () => pb.collection('sections').delete(section.id),
      t('sections.deleteFailed'),
    );
    if (ok) {
      toast.success(t('sections.deleted', { name: section.name }));
      void mutate(swrKeys.itemCounts(menuId));
    }
  };

  const count = (id: string) => counts?.[id] ?? 0;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('sections.title')}</CardTitle>
        <CardDescription>{t('sections.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {loading && !sections ? (
          <div className="grid gap-2" aria-busy="true" aria-label={t('sections.loading')}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-12" />
            ))}
          </div>
        ) : list.length === 0 ? (
          <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">{t('sections.empty')}</p>
        ) : (
          <SortableList
            items={list}
            labelOf={(s) => s.name}
            onReorder={reorder}
            className="grid gap-2"
            as="ol"
            renderItem={(section, handle, { dragging }) => {
              const pending = section.id.startsWith(TEMP);
              const isEditing = editing === section.id;
              return (
                <div
                  data-testid="section-row"
                  className={`flex min-h-14 items-center gap-2 rounded-md border bg-card px-2 py-2 ${dragging ? 'shadow-lg ring-2 ring-ring' : ''} ${pending ? 'opacity-60' : ''}`}
                >
                  {handle}
                  {isEditing ? (
                    <RenameSectionForm section={section} onSave={(name) => rename(section, name)} onCancel={() => setEditing(null)} />
                  ) : (
                    <>
                      {pending ? (
                        <FullText text={section.name} className="flex-1 font-medium" />
                      ) : (
                        <Link
                          href={paths.sectionItems(section.id)}
                          className="group flex min-w-0 flex-1 items-center gap-2 rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                        >
                          <span className="grid min-w-0">
                            <FullText text={section.name} className="font-medium group-hover:underline" />
                            <span className="text-xs text-muted-foreground">
                              {t('items', { count: count(section.id) })}
                              {section.hidePrices ? ` · ${t('sections.pricesHidden')}` : ''}
                            </span>
                          </span>
                          <ChevronRight className="ml-auto size-4 shrink-0 text-muted-foreground" aria-hidden />
                        </Link>
                      )}
                      <Button
                        type="button"
                        size="icon"
                        variant="ghost"
                        className={`size-9 shrink-0 ${section.hidePrices ? 'bg-accent text-foreground' : 'text-muted-foreground'}`}
                        aria-label={t('sections.hidePrices', { name: section.name })}
                        aria-pressed={section.hidePrices}
                        title={t('sections.hidePrices', { name: section.name })}
                        disabled={pending}
                        onClick={() => toggleHidePrices(section)}
                      >
                        <BanknoteX aria-hidden />
                      </Button>
                      <Button
                        type="button"
                        size="icon"
                        variant="ghost"
                        className="size-9 shrink-0"
                        aria-label={t('sections.rename', { name: section.name })}
                        disabled={pending}
                        onClick={() => setEditing(section.id)}
                      >
                        <Pencil aria-hidden />
                      </Button>
                      <Button
                        type="button"
                        size="icon"
                        variant="ghost"
                        className="size-9 shrink-0 text-muted-foreground hover:text-destructive"
                        aria-label={t('sections.delete', { name: section.name })}
                        disabled={pending}
                        onClick={() => setDeleting(section)}
                      >
                        <Trash2 aria-hidden />
                      </Button>
                    </>
                  )}
                </div>
              );
            }}
          />
        )}
        <AddSectionForm onAdd={add} />
      </CardContent>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('sections.deleteTitle', { name: deleting?.name ?? '' })}
        description={
          !deleting
            ? undefined
            : count(deleting.id) === 0
              ? t('sections.cannotUndo')
              : t('sections.itemsDeleted', { count: count(deleting.id) })
        }
        confirmLabel={t('sections.deleteConfirm')}
        destructive
        onConfirm={() => {
          if (deleting) void remove(deleting);
        }}
      />
    </Card>
  );
}

const zSectionNameForm = z.object({ name: zSectionName.max(NAME_MAX, MESSAGES.nameUnder200) });
type SectionName = z.infer<typeof zSectionNameForm>;

/** The "new section" input under the list; the name comes back if adding fails. */
function AddSectionForm({ onAdd }: { onAdd: (name: string) => Promise<boolean> }) {
  const { t } = useTranslation('menus');
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<SectionName>({ resolver: zodResolver(zSectionNameForm), defaultValues: { name: '' } });
  const onSubmit = handleSubmit(async ({ name }) => {
    reset({ name: '' });
    if (!(await onAdd(name))) reset({ name });
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-1.5">
      <div className="flex flex-wrap gap-2">
        <Input
          {...register('name')}
          placeholder={t('sections.placeholder')}
          aria-label={t('sections.newName')}
          className="min-w-[10rem] flex-1"
          aria-invalid={errors.name ? true : undefined}
          autoComplete="off"
        />
        <Button type="submit" variant="secondary" className="shrink-0">
          <Plus aria-hidden /> {t('sections.add')}
        </Button>
      </div>
      {errors.name ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errorText(errors.name.message)}
        </p>
      ) : null}
    </form>
  );
}

/** Inline rename: Enter saves, Escape cancels. */
function RenameSectionForm({ section, onSave, onCancel }: { section: Section; onSave: (name: string) => void; onCancel: () => void }) {
  const { t } = useTranslation('menus');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SectionName>({ resolver: zodResolver(zSectionNameForm), defaultValues: { name: section.name } });
  return (
    <form
      onSubmit={handleSubmit(({ name }) => onSave(name))}
      noValidate
      className="grid min-w-0 flex-1 gap-1"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          onCancel();
        }
      }}
    >
      <div className="flex items-center gap-1">
        <Input
          {...register('name')}
          aria-label={t('sections.name')}
          aria-invalid={errors.name ? true : undefined}
          autoFocus
          autoComplete="off"
          className="h-9"
        />
        <Button type="submit" size="icon" variant="ghost" className="size-9 shrink-0" aria-label={t('sections.saveName')}>
          <Check aria-hidden />
        </Button>
        <Button
          type="button"
          size="icon"
          variant="ghost"
          className="size-9 shrink-0"
          aria-label={t('sections.cancelRename')}
          onClick={onCancel}
        >
          <X aria-hidden />
        </Button>
      </div>
      {errors.name ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errorText(errors.name.message)}
        </p>
      ) : null}
    </form>
  );
}
