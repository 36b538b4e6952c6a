import { useTranslation } from 'react-i18next';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { RecordModel } from 'pocketbase';
import { ArrowDown, ArrowUp, Plus, Trash2, UtensilsCrossed } from 'lucide-react';
import { paths } from '../../app/paths.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, Skeleton } from '../../components/ui/card.tsx';
import { Label, Select } from '../../components/ui/input.tsx';

type Focus = { id: string; control: 'up' | 'down' | 'remove' };

/**
 * The ordered menus of a venue: add one of the organization's menus, remove, move up and down.
 * Buttons keep keyboard focus on the moved menu, and each change is announced.
 */
export function VenueMenusCard({
  menuIds,
  options,
  onChange,
}: {
  menuIds: string[];
  /** The organization's menus; undefined while loading. */
  options: RecordModel[] | undefined;
  onChange: (next: string[]) => Promise<void>;
}) {
  const { t } = useTranslation('venues');
  const [selected, setSelected] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const [focus, setFocus] = useState<Focus | null>(null);
  const controls = useRef(new Map<string, HTMLButtonElement | null>());
  const addId = useId();
  const byId = new Map((options ?? []).map((m) => [m.id, m]));
  const nameOf = (id: string) => String(byId.get(id)?.name || (byId.has(id) ? t('menus.untitled') : t('menus.unknown')));
  const available = (options ?? []).filter((m) => !menuIds.includes(m.id));

  useEffect(() => {
    if (!focus) return;
    const target = controls.current.get(`${focus.id}:${focus.control}`);
    // A disabled button (first/last place) cannot take focus: fall back to its sibling.
    const fallback = controls.current.get(`${focus.id}:${focus.control === 'up' ? 'down' : 'up'}`);
    (target && !target.disabled ? target : fallback && !fallback.disabled ? fallback : controls.current.get(`${focus.id}:remove`))?.focus();
    setFocus(null);
  }, [focus, menuIds]);

  const move = (index: number, delta: -1 | 1) => {
    const id = menuIds[index];
    const to = index + delta;
    if (!id || to < 0 || to >= menuIds.length) return;
    const next = [...menuIds];
    next.splice(index, 1);
    next.splice(to, 0, id);
    setAnnouncement(t('menus.moved', { name: nameOf(id), position: to + 1, count: next.length }));
    setFocus({ id, control: delta < 0 ? 'up' : 'down' });
    void onChange(next);
  };
  const remove = (index: number) => {
    const id = menuIds[index];
    if (!id) return;
    const next = menuIds.filter((m) => m !== id);
    setAnnouncement(t('menus.removed', { name: nameOf(id) }));
    const neighbour = next[Math.min(index, next.length - 1)];
    if (neighbour) setFocus({ id: neighbour, control: 'remove' });
    void onChange(next);
  };
  const add = () => {
    const id = selected || available[0]?.id;
    if (!id || menuIds.includes(id)) return;
    setSelected('');
    setAnnouncement(t('menus.added', { name: nameOf(id), position: menuIds.length + 1 }));
    void onChange([...menuIds, id]);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('menus.title')}</CardTitle>
        <CardDescription>{t('menus.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="sr-only" aria-live="polite">
          {announcement}
        </p>
        {!options ? (
          <div className="grid gap-2" aria-busy="true" aria-label={t('menus.loading')}>
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : menuIds.length === 0 ? (
          <div className="flex items-center gap-3 rounded-md border border-dashed p-4 text-sm text-muted-foreground">
            <UtensilsCrossed className="size-5 shrink-0" aria-hidden />
            <p>{t('menus.empty')}</p>
          </div>
        ) : (
          <ol className="grid gap-2" aria-label={t('menus.inOrder')}>
            {menuIds.map((id, i) => {
              const menu = byId.get(id);
              const name = nameOf(id);
              return (
                <li key={id} className="flex items-center gap-3 rounded-md border bg-background p-2 pl-3">
                  <span className="w-5 shrink-0 text-center text-sm tabular-nums text-muted-foreground" aria-hidden>
                    {i + 1}
                  </span>
                  <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
                    {menu ? (
                      <Link href={paths.menu(id)} className="truncate text-sm font-medium hover:underline" title={name}>
                        {name}
                      </Link>
                    ) : (
                      <span className="truncate text-sm italic text-muted-foreground" title={name}>
                        {name}
                      </span>
                    )}
                    {menu?.status ? (
                      <Badge variant={menu.status === 'published' ? 'success' : 'secondary'}>
                        {menu.status === 'published' ? t('menus.published') : t('menus.draft')}
                      </Badge>
                    ) : null}
                  </div>
                  <div className="flex shrink-0 items-center">
                    <Button
                      ref={(el) => {
                        controls.current.set(`${id}:up`, el);
                      }}
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="size-9"
                      aria-label={t('menus.moveUp', { name })}
                      disabled={i === 0}
                      onClick={() => move(i, -1)}
                    >
                      <ArrowUp aria-hidden />
                    </Button>
                    <Button
                      ref={(el) => {
                        controls.current.set(`${id}:down`, el);
                      }}
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="size-9"
                      aria-label={t('menus.moveDown', { name })}
                      disabled={i === menuIds.length - 1}
                      onClick={() => move(i, 1)}
                    >
                      <ArrowDown aria-hidden />
                    </Button>
                    <Button
                      ref={(el) => {
                        controls.current.set(`${id}:remove`, el);
                      }}
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="size-9 text-muted-foreground hover:text-destructive"
                      aria-label={t('menus.remove', { name })}
                      onClick={() => remove(i)}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  </div>
                </li>
              );
            })}
          </ol>
        )}

        {options && options.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {t('menus.none')}{' '}
            <Link href={paths.menus()} className="font-medium text-primary underline-offset-4 hover:underline">
              {t('menus.create')}
            </Link>
          </p>
        ) : options && available.length > 0 ? (
          <div className="grid gap-2">
            <Label htmlFor={addId}>{t('menus.add')}</Label>
            <div className="flex gap-2">
              <Select
                id={addId}
                value={selected || available[0]?.id}
                onChange={(e) => setSelected(e.target.value)}
                className="min-w-0 flex-1"
              >
                {available.map((m) => (
                  <option key={m.id} value={m.id}>
                    {String(m.name || t('menus.untitled'))}
                  </option>
                ))}
              </Select>
              <Button type="button" variant="secondary" onClick={add}>
                <Plus aria-hidden /> {t('menus.addButton')}
              </Button>
            </div>
          </div>
        ) : options && menuIds.length > 0 ? (
          <p className="text-sm text-muted-foreground">{t('menus.all')}</p>
        ) : null}
      </CardContent>
    </Card>
  );
}
