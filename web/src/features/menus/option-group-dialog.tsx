import { useTranslation } from 'react-i18next';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSWRConfig } from 'swr';
import { Pencil, Plus, Trash2, Users } from 'lucide-react';
import { formatMoney } from '../../../../shared/money.ts';
import { isDietKey } from '../../../../shared/diets.ts';
import { MAX_OPTIONS_PER_GROUP } from '../../../../shared/option-groups.ts';
import { pb } from '../../lib/pb.ts';
import { swrKeys } from '../../lib/swr-keys.ts';
import { toast } from '../../lib/toast.ts';
import { errorMessage, handleApiError } from '../../lib/api-errors.ts';
import { activeLanguage } from '../../lib/i18n/i18n.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input, Textarea } from '../../components/ui/input.tsx';
import { allergenCodes, allergenNames } from './allergen-grid.tsx';
import { DietIcon } from './diet-icon.tsx';
import { errorText } from './error-text.ts';
import { toOption, toOptionGroup, type Option, type OptionGroup } from './option-data.ts';
import { OptionEditor } from './option-editor.tsx';
import {
  choiceRuleOf,
  choiceSummary,
  optionGroupBody,
  optionGroupFormSchema,
  optionGroupFormValues,
  type OptionGroupFormValues,
} from './option-form.ts';
import { savePositions, withPositions } from './reorder.ts';
import { SortableList } from './sortable-list.tsx';
import { Switch } from './switch.tsx';

/**
 * Creates or edits an option group of the organization: its name, description and choice rule,
 * then its options (add, edit, delete, available, reorder with the keyboard or the mouse). Every
 * change is saved at once: the group is shared, so "used by N items" says who else changes.
 * `group` null creates one; `onCreated` hands the new group to the item editor, which attaches it.
 */
export function OptionGroupDialog({
  open,
  onOpenChange,
  organizationId,
  group,
  usage,
  currency,
  onCreated,
  onDeleted,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  organizationId: string;
  group: OptionGroup | null;
  /** Saved items that use the group. */
  usage: number;
  currency: string;
  onCreated: (group: OptionGroup) => void;
  onDeleted: (groupId: string) => void;
}) {
  const { t } = useTranslation('menus');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={group ? t('optionGroups.editTitle', { name: group.name }) : t('optionGroups.newTitle')}
      description={group ? undefined : t('optionGroups.newDescription')}
      className="max-w-2xl"
    >
      {open ? (
        <GroupEditor
          key={group?.id ?? 'new'}
          organizationId={organizationId}
          group={group}
          usage={usage}
          currency={currency}
          onCreated={onCreated}
          onDeleted={(id) => {
            onDeleted(id);
            onOpenChange(false);
          }}
          onClose={() => onOpenChange(false)}
        />
      ) : null}
    </Dialog>
  );
}

function GroupEditor({
  organizationId,
  group,
  usage,
  currency,
  onCreated,
  onDeleted,
  onClose,
}: {
  organizationId: string;
  group: OptionGroup | null;
  usage: number;
  currency: string;
  onCreated: (group: OptionGroup) => void;
  onDeleted: (groupId: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('menus');
  const { mutate } = useSWRConfig();
  const key = swrKeys.optionGroups(organizationId);
  const refresh = () => mutate(key);
  const [deleting, setDeleting] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<OptionGroupFormValues>({ resolver: zodResolver(optionGroupFormSchema), defaultValues: optionGroupFormValues(group) });
  const rule = choiceRuleOf({ minChoices: watch('minChoices'), maxChoices: watch('maxChoices') });
  const summary = choiceSummary(rule);

  const submit = handleSubmit(async (values) => {
    try {
      const body = optionGroupBody(values);
      const saved = group
        ? await pb.collection('option_groups').update(group.id, body)
        : await pb.collection('option_groups').create({ ...body, organization: organizationId });
      reset(optionGroupFormValues(toOptionGroup(saved)));
      await refresh();
      toast.success(group ? t('optionGroups.saved', { name: saved.name }) : t('optionGroups.created', { name: saved.name }));
      if (!group) onCreated(toOptionGroup(saved));
    } catch (err) {
      handleApiError(err, setError, ['name', 'description', 'minChoices', 'maxChoices']);
    }
  });

  const remove = async () => {
    if (!group) return;
    try {
      await pb.collection('option_groups').delete(group.id);
    } catch (err) {
      toast.error(t('optionGroups.deleteFailed', { error: errorMessage(err) }));
      throw err;
    }
    await refresh();
    toast.success(t('optionGroups.deleted', { name: group.name }));
    onDeleted(group.id);
  };

  return (
    <div className="grid min-w-0 gap-5">
      {group && usage > 1 ? (
        <p className="flex items-start gap-2 rounded-md border border-sky-600/25 bg-sky-50 px-3 py-2 text-sm text-sky-900 dark:border-sky-400/25 dark:bg-sky-400/10 dark:text-sky-200">
          <Users className="mt-0.5 size-4 shrink-0" aria-hidden />
          {t('optionGroups.sharedNotice', { count: usage })}
        </p>
      ) : null}
      <form
        onSubmit={(e) => {
          e.stopPropagation();
          void submit(e);
        }}
        noValidate
        className="grid gap-4"
        aria-label={t('optionGroups.groupForm')}
      >
        <FormField label={t('optionGroups.name')} error={errorText(errors.name?.message)} hint={t('optionGroups.nameHint')}>
          <Input {...register('name')} autoComplete="off" autoFocus={!group} />
        </FormField>
        <FormField label={t('optionGroups.description')} error={errorText(errors.description?.message)}>
          <Textarea {...register('description')} rows={2} className="min-h-0" />
        </FormField>
        <div className="grid grid-cols-2 gap-4">
          <FormField label={t('optionGroups.minChoices')} error={errorText(errors.minChoices?.message)} hint={t('optionGroups.minHint')}>
            <Input {...register('minChoices')} inputMode="numeric" autoComplete="off" />
          </FormField>
          <FormField label={t('optionGroups.maxChoices')} error={errorText(errors.maxChoices?.message)} hint={t('optionGroups.maxHint')}>
            <Input {...register('maxChoices')} inputMode="numeric" autoComplete="off" />
          </FormField>
        </div>
        <p className="text-sm" aria-live="polite">
          <span className="text-muted-foreground">{t('optionGroups.guestsSee')}</span>{' '}
          <span className="font-medium" data-testid="choice-summary">
            {t(summary.key, summary.values)}
          </span>
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
          {group ? (
            <Button
              type="button"
              variant="outline"
              className="text-destructive hover:bg-destructive hover:text-destructive-foreground sm:mr-auto"
              onClick={() => setDeleting(true)}
            >
              <Trash2 aria-hidden /> {t('optionGroups.deleteGroup')}
            </Button>
          ) : null}
          <Button type="button" variant="outline" onClick={onClose} disabled={isSubmitting}>
            {group ? t('optionGroups.done') : t('common:ui.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting} disabled={Boolean(group) && !isDirty}>
            {group ? t('optionGroups.saveGroup') : t('optionGroups.createGroup')}
          </Button>
        </div>
      </form>

      {group ? <OptionsList group={group} currency={currency} swrKey={key} /> : null}

      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t('optionGroups.deleteTitle', { name: group?.name ?? '' })}
        description={t('optionGroups.deleteDescription', { count: usage })}
        confirmLabel={t('optionGroups.deleteGroup')}
        destructive
        onConfirm={remove}
      />
    </div>
  );
}

function OptionsList({ group, currency, swrKey }: { group: OptionGroup; currency: string; swrKey: readonly unknown[] }) {
  const { t } = useTranslation('menus');
  const { mutate } = useSWRConfig();
  // Which option's form is open: an option id, 'new', or none.
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Option | null>(null);
  const options = group.options;

  /** Shows the group's options as `next` at once, then saves; the list refreshes either way. */
  const withOptions = (next: Option[]) => (groups: OptionGroup[] | undefined) =>
    (groups ?? []).map((g) => (g.id === group.id ? { ...g, options: next } : g));
  const refresh = () => mutate(swrKey);

  const reorder = async (next: Option[]) => {
    await mutate(swrKey, withOptions(withPositions(next)), { revalidate: false });
    try {
      await savePositions('options', next);
    } catch (err) {
      toast.error(t('optionGroups.orderFailed', { error: errorMessage(err) }));
    }
    void refresh();
  };

  const setAvailable = async (option: Option, available: boolean) => {
    await mutate(swrKey, withOptions(options.map((o) => (o.id === option.id ? { ...o, available } : o))), { revalidate: false });
    try {
      await pb.collection('options').update(option.id, { available });
    } catch (err) {
      toast.error(t('optionGroups.saveFailed', { error: errorMessage(err) }));
    }
    void refresh();
  };

  const save = async (option: Option | null, body: Record<string, unknown>) => {
    const saved = toOption(
      option ? await pb.collection('options').update(option.id, body) : await pb.collection('options').create({ ...body, group: group.id }),
    );
    await mutate(
      swrKey,
      withOptions(option ? options.map((o) => (o.id === saved.id ? saved : o)) : [...options.filter((o) => o.id !== saved.id), saved]),
      { revalidate: true },
    );
    toast.success(option ? t('optionGroups.optionSaved', { name: saved.name }) : t('optionGroups.optionAdded', { name: saved.name }));
    setEditing(null);
  };

  const remove = async (option: Option) => {
    try {
      await pb.collection('options').delete(option.id);
    } catch (err) {
      toast.error(t('optionGroups.deleteFailed', { error: errorMessage(err) }));
      throw err;
    }
    await mutate(swrKey, withOptions(withPositions(options.filter((o) => o.id !== option.id))), { revalidate: true });
    toast.success(t('optionGroups.optionDeleted', { name: option.name }));
  };

  const money = (minor: number) => formatMoney(minor, currency, activeLanguage());
  const titleId = useId();

  return (
    <section className="grid min-w-0 gap-3 border-t pt-5" aria-labelledby={titleId}>
      <div>
        <h3 id={titleId} className="text-sm font-semibold">
          {t('optionGroups.options')}
        </h3>
        <p className="text-xs text-muted-foreground">{t('optionGroups.optionsHint')}</p>
      </div>
      {options.length === 0 && editing !== 'new' ? (
        <p className="rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground">{t('optionGroups.noOptions')}</p>
      ) : (
        <SortableList
          items={options}
          labelOf={(o) => o.name}
          disabled={editing !== null}
          onReorder={(next) => void reorder(next)}
          className="grid grid-cols-1 gap-2"
          as="ol"
          renderItem={(option, handle, { dragging }) =>
            editing === option.id ? (
              <OptionEditor
                option={option}
                currency={currency}
                onSave={(body) => save(option, body)}
                onCancel={() => setEditing(null)}
                onDelete={() => setDeleting(option)}
              />
            ) : (
              <div
                data-testid="option-row"
                className={`flex min-w-0 items-center gap-2 rounded-md border bg-card p-2 ${dragging ? 'shadow-lg ring-2 ring-ring' : ''}`}
              >
                {handle}
                <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <span className="flex min-w-0 items-center gap-1.5">
                    <span className="truncate font-medium" data-testid="option-name">
                      {option.name}
                    </span>
                    {option.diets.filter(isDietKey).map((d) => (
                      <span key={d} title={t(`diets.names.${d}`)}>
                        <DietIcon diet={d} />
                        <span className="sr-only">{t(`diets.names.${d}`)}</span>
                      </span>
                    ))}
                  </span>
                  <span className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
                    <span className="tabular-nums">{option.priceDelta ? `+${money(option.priceDelta)}` : t('optionGroups.free')}</span>
                    {option.allergens.length ? (
                      <Badge variant="outline" title={t('itemRow.containsTitle', { names: allergenNames(option.allergens) })}>
                        {t('itemRow.contains', { codes: allergenCodes(option.allergens) })}
                      </Badge>
                    ) : null}
                    {option.mayContain.length ? (
                      <Badge
                        variant="outline"
                        className="border-dashed"
                        title={t('itemRow.mayContainTitle', { names: allergenNames(option.mayContain) })}
                      >
                        {t('itemRow.mayContain', { codes: allergenCodes(option.mayContain) })}
                      </Badge>
                    ) : null}
                  </span>
                </div>
                <Switch
                  checked={option.available}
                  onCheckedChange={(v) => void setAvailable(option, v)}
                  aria-label={t('optionGroups.availableLabel', { name: option.name })}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-9 shrink-0"
                  aria-label={t('optionGroups.editOption', { name: option.name })}
                  onClick={() => setEditing(option.id)}
                >
                  <Pencil aria-hidden />
                </Button>
              </div>
            )
          }
        />
      )}
      {editing === 'new' ? (
        <OptionEditor option={null} currency={currency} onSave={(body) => save(null, body)} onCancel={() => setEditing(null)} />
      ) : (
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={editing !== null || options.length >= MAX_OPTIONS_PER_GROUP}
            onClick={() => setEditing('new')}
          >
            <Plus aria-hidden /> {t('optionGroups.addOption')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('optionGroups.deleteOptionTitle', { name: deleting?.name ?? '' })}
        description={t('optionGroups.deleteOptionDescription')}
        confirmLabel={t('common:ui.delete')}
        destructive
        onConfirm={async () => {
          if (!deleting) return;
          await remove(deleting);
          if (editing === deleting.id) setEditing(null);
        }}
      />
    </section>
  );
}
