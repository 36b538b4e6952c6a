import { useTranslation } from 'react-i18next';
import { useId, useState } from 'react';
import { Link2, Pencil, Plus, Users, X } from 'lucide-react';
import { MAX_GROUPS_PER_ITEM } from '../../../../shared/option-groups.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/card.tsx';
import { Label, Select } from '../../components/ui/input.tsx';
import { useOptionGroups, useOptionGroupUsage, usedBy as usedByOf, type OptionGroup } from './option-data.ts';
import { OptionGroupDialog } from './option-group-dialog.tsx';
import { choiceSummary } from './option-form.ts';
import { SortableList } from './sortable-list.tsx';

/**
 * The item's option groups in the item editor: attach one of the organization's groups (shared:
 * one "Extras" for every pizza), create one, open one to edit it and its options, detach, and
 * reorder with the keyboard or the mouse. The list of ids is part of the item form (saved with
 * the item); the groups themselves are saved at once in their dialog.
 */
export function OptionGroupsField({
  value,
  onChange,
  organizationId,
  currency,
  itemId,
}: {
  value: string[];
  onChange: (next: string[]) => void;
  organizationId: string;
  currency: string;
  /** The saved item, if any (its stored groups are replaced by the form's in "used by"). */
  itemId: string | null;
}) {
  const { t } = useTranslation('menus');
  const { data: groups, error, isLoading, mutate } = useOptionGroups(organizationId);
  const { data: usage } = useOptionGroupUsage(organizationId);
  const [dialog, setDialog] = useState<{ open: boolean; groupId: string | null }>({ open: false, groupId: null });
  const [picked, setPicked] = useState('');
  const pickId = useId();

  const byId = new Map((groups ?? []).map((g) => [g.id, g]));
  // Groups deleted elsewhere drop out of the list (the server unlinks them too).
  const attached = groups ? value.map((id) => byId.get(id)).filter((g): g is OptionGroup => Boolean(g)) : [];
  const available = (groups ?? []).filter((g) => !value.includes(g.id));
  const full = value.length >= MAX_GROUPS_PER_ITEM;
  /** Items using a group, counting this item as it will be saved (a group offered for attaching: as if attached). */
  const usedBy = (groupId: string, ifAttached = value.includes(groupId)) => usedByOf(usage, groupId, itemId, ifAttached);
  const editing = dialog.groupId ? (byId.get(dialog.groupId) ?? null) : null;

  const attach = () => {
    const id = picked || available[0]?.id;
    if (!id || full) return;
    onChange([...value, id]);
    setPicked('');
  };

  return (
    <div className="grid min-w-0 gap-3">
      {error ? (
        <p role="alert" className="flex flex-wrap items-center gap-2 text-sm text-destructive">
          {t('optionGroups.loadFailed')}
          <Button type="button" variant="outline" size="sm" onClick={() => void mutate()}>
            {t('optionGroups.retry')}
          </Button>
        </p>
      ) : isLoading && !groups ? (
        <Skeleton className="h-14" aria-label={t('optionGroups.loading')} />
      ) : attached.length === 0 ? (
        <p className="rounded-md border border-dashed p-3 text-sm text-muted-foreground">{t('optionGroups.none')}</p>
      ) : (
        <SortableList
          items={attached}
          labelOf={(g) => g.name}
          onReorder={(next) => onChange(next.map((g) => g.id))}
          className="grid grid-cols-1 gap-2"
          as="ol"
          renderItem={(group, handle, { dragging }) => {
            const summary = choiceSummary(group);
            const count = usedBy(group.id);
            return (
              <div
                data-testid="item-option-group"
                className={`flex min-w-0 items-center gap-2 rounded-md border bg-card p-2 ${dragging ? 'shadow-lg ring-2 ring-ring' : ''}`}
              >
                {handle}
                <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <span className="truncate font-medium">{group.name}</span>
                  <span className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground">
                    <span>{t(summary.key, summary.values)}</span>
                    <span aria-hidden>·</span>
                    <span>{t('optionGroups.optionCount', { count: group.options.length })}</span>
                    {count > 1 ? (
                      <Badge variant="info" className="gap-1">
                        <Users className="size-3" aria-hidden />
                        {t('optionGroups.usedBy', { count })}
                      </Badge>
                    ) : null}
                  </span>
                </div>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-9 shrink-0"
                  aria-label={t('optionGroups.editGroup', { name: group.name })}
                  onClick={() => setDialog({ open: true, groupId: group.id })}
                >
                  <Pencil aria-hidden />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-9 shrink-0"
                  aria-label={t('optionGroups.detach', { name: group.name })}
                  onClick={() => onChange(value.filter((id) => id !== group.id))}
                >
                  <X aria-hidden />
                </Button>
              </div>
            );
          }}
        />
      )}
      {groups ? (
        <div className="flex flex-wrap items-end gap-2">
          {available.length ? (
            <div className="grid min-w-0 flex-1 basis-48 gap-1.5">
              <Label htmlFor={pickId}>{t('optionGroups.attachLabel')}</Label>
              <div className="flex gap-2">
                <Select
                  id={pickId}
                  value={picked || available[0]?.id}
                  onChange={(e) => setPicked(e.target.value)}
                  className="w-0 min-w-0 flex-1"
                >
                  {available.map((g) => (
                    <option key={g.id} value={g.id}>
                      {usedBy(g.id) ? t('optionGroups.pickOption', { name: g.name, count: usedBy(g.id) }) : g.name}
                    </option>
                  ))}
                </Select>
                <Button type="button" variant="outline" onClick={attach} disabled={full}>
                  <Link2 aria-hidden /> {t('optionGroups.attach')}
                </Button>
              </div>
            </div>
          ) : null}
          <Button type="button" variant="outline" disabled={full} onClick={() => setDialog({ open: true, groupId: null })}>
            <Plus aria-hidden /> {t('optionGroups.newGroup')}
          </Button>
        </div>
      ) : null}
      <OptionGroupDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        organizationId={organizationId}
        group={editing}
        usage={editing ? usedBy(editing.id) : 0}
        currency={currency}
        onCreated={(group) => {
          if (!value.includes(group.id) && !full) onChange([...value, group.id]);
          setDialog({ open: true, groupId: group.id });
        }}
        onDeleted={(id) => onChange(value.filter((v) => v !== id))}
      />
    </div>
  );
}
