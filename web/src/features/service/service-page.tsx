import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useSWRConfig } from 'swr';
import { Link, Redirect, useParams } from 'wouter';
import { ChevronRight, Clock, Loader2, Search, Store, WifiOff } from 'lucide-react';
import { matchesWords, queryWords } from '../../../../shared/search.ts';
import { useTitle } from '../../hooks/use-title.ts';
import { useRenderedCount, useWarmUp } from '../../hooks/use-after-paint.ts';
import { weekMinuteIn } from '../../../../shared/schedule.ts';
import { useAuth } from '../../hooks/use-auth.ts';
import { useRealtimeStatus } from '../../hooks/use-realtime-status.ts';
import { toast } from '../../lib/toast.ts';
import { errorMessage } from '../../lib/api-errors.ts';
import { cn } from '../../lib/cn.ts';
import { activeLanguage } from '../../lib/i18n/i18n.ts';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Input, Label } from '../../components/ui/input.tsx';
import { Skeleton } from '../../components/ui/card.tsx';
import { paths } from '../../app/paths.ts';
import {
  isNetworkError,
  itemState,
  menusOnNow,
  mergeMark,
  saveMark,
  serviceKeys,
  useServiceData,
  useServiceVenues,
  type ItemState,
  type MarkKind,
  type ServiceItem,
  type ServiceMenu,
  type ServiceVenue,
  type VenueMark,
} from './service-data.ts';
import { nextTimeOfDay, untilChoices } from './service-times.ts';
import { firstRows } from './first-rows.ts';

/** The venue service mode opened last on this device (the picker goes straight there). */
const LAST_VENUE = 'service-venue';

function rememberVenue(id: string): void {
  try {
    localStorage.setItem(LAST_VENUE, id);
  } catch {
    // private mode: the picker asks again
  }
}
function lastVenue(): string | null {
  try {
    return localStorage.getItem(LAST_VENUE);
  } catch {
    return null;
  }
}

/** "now", ticking every 30 s: menus switch on and off by schedule, "until" marks run out. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(id);
  }, []);
  return now;
}

/**
 * Whether writes can reach the server and other phones (`live`: the browser is online and live
 * updates flow), and whether to say the connection is lost (offline, or the live connection
 * dropped; not while it first connects).
 */
function useConnection(): { online: boolean; live: boolean; lost: boolean } {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);
  const status = useRealtimeStatus();
  return { online, live: online && status === 'connected', lost: !online || status === 'reconnecting' };
}

/** An instant in the venue's time zone, in the user's locale: "22:00" today, "Fri 11:00" later. */
function timeText(value: Date | string, timeZone: string, now: Date): string {
  const d = typeof value === 'string' ? new Date(value.replace(' ', 'T')) : value;
  if (Number.isNaN(d.getTime())) return '';
  const day = (x: Date) => new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(x);
  const sameDay = day(d) === day(now);
  return new Intl.DateTimeFormat(activeLanguage(), {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    ...(sameDay ? {} : { weekday: 'short' }),
  }).format(d);
}

export default function ServicePage() {
  const { venueId } = useParams<{ venueId?: string }>();
  const { t } = useTranslation('service');
  useTitle(t('title'));
  const { organization } = useAuth();
  const venues = useServiceVenues(organization?.id);
  if (venues.error) return <p className="p-4 text-destructive">{errorMessage(venues.error)}</p>;
  if (!venues.data) return <ServiceSkeleton />;
  const list = venues.data;
  if (venueId) {
    const venue = list.find((v) => v.id === venueId);
    if (!venue) return <VenuePicker venues={list} notFound />;
    return <VenueService venue={venue} venues={list} organizationId={organization?.id ?? ''} />;
  }
  const remembered = lastVenue();
  const only = list.length === 1 ? list[0] : list.find((v) => v.id === remembered);
  if (only) return <Redirect to={paths.service(only.id)} replace />;
  return <VenuePicker venues={list} />;
}

function ServiceSkeleton() {
  const { t } = useTranslation('service');
  return (
    <div className="grid gap-3" aria-busy="true" aria-label={t('common:shell.loading')}>
      <Skeleton className="h-8 w-48 max-w-full" />
      <Skeleton className="h-12" />
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="h-16" />
      ))}
    </div>
  );
}

function VenuePicker({ venues, notFound = false }: { venues: readonly ServiceVenue[]; notFound?: boolean }) {
  const { t } = useTranslation('service');
  return (
    <div className="mx-auto grid max-w-xl gap-4">
      <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
      {notFound ? <p className="text-sm text-destructive">{t('venueNotFound')}</p> : null}
      {venues.length ? (
        <>
          <p className="text-muted-foreground">{t('pickVenue')}</p>
          <ul className="grid gap-2" aria-label={t('venues')}>
            {venues.map((v) => (
              <li key={v.id}>
                <Link
                  href={paths.service(v.id)}
                  className="flex min-h-14 items-center gap-3 rounded-lg border bg-card px-4 py-3 text-base font-medium hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <Store className="size-5 shrink-0 text-muted-foreground" aria-hidden />
                  <span className="min-w-0 flex-1 break-words">{v.name}</span>
                  <ChevronRight className="size-5 shrink-0 text-muted-foreground" aria-hidden />
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="text-muted-foreground">{t('noVenues')}</p>
      )}
    </div>
  );
}

function VenueService({ venue, venues, organizationId }: { venue: ServiceVenue; venues: readonly ServiceVenue[]; organizationId: string }) {
  const { t } = useTranslation('service');
  const now = useNow();
  const { online, live, lost } = useConnection();
  const [query, setQuery] = useState('');
  const [until, setUntil] = useState<{ kind: MarkKind; target: Target; menu: ServiceMenu } | null>(null);
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());
  const { menus, marks, optionMarks } = useServiceData(venue, organizationId);
  const { mutate } = useSWRConfig();
  useEffect(() => rememberVenue(venue.id), [venue.id]);
  // The venue's time-zone formatter (which menus are on, the marks' times) while the menus load.
  useWarmUp([() => weekMinuteIn(new Date(), venue.timezone)]);

  // The list renders from a deferred copy of the menus: when they arrive, React renders the first
  // rows in slices between other work, not in one long task on a phone.
  const menuData = useDeferredValue(menus.data);
  const shown = useMemo(() => (menuData ? menusOnNow(menuData, venue, now) : []), [menuData, venue, now]);
  const words = queryWords(query);
  // One lookup per row, not a scan of every mark (a menu of 100 items with options renders hundreds of rows).
  const markIndex = useMemo(
    () => ({
      item: new Map((marks.data ?? []).map((m) => [m.target, m])),
      option: new Map((optionMarks.data ?? []).map((m) => [m.target, m])),
    }),
    [marks.data, optionMarks.data],
  );
  const markOf = (kind: MarkKind, id: string) => markIndex[kind].get(id);

  /** Saves a mark; the row shows "saving" until the server answers, and nothing changes unless it did. */
  const save = async (kind: MarkKind, item: Target, available: boolean, soldOutUntil: Date | null) => {
    if (!live) {
      toast.error(t('offlineRefused'), { id: 'service-offline' });
      return;
    }
    const key = `${kind}:${item.id}`;
    setSaving((s) => new Set(s).add(key));
    try {
      const saved = await saveMark(kind, venue.id, item.id, markOf(kind, item.id), { available, soldOutUntil });
      await mutate(serviceKeys.marks(kind, venue.id), (list: VenueMark[] | undefined) => mergeMark(list ?? [], saved), {
        revalidate: false,
      });
      toast.success(
        available
          ? t('savedAvailable', { name: item.name })
          : soldOutUntil
            ? t('savedSoldOutUntil', { name: item.name, time: timeText(soldOutUntil, venue.timezone, new Date()) })
            : t('savedSoldOut', { name: item.name }),
        { id: `service-${key}` },
      );
    } catch (err) {
      toast.error(
        isNetworkError(err) ? t('notSavedOffline', { name: item.name }) : t('notSaved', { name: item.name, reason: errorMessage(err) }),
        {
          id: `service-${key}`,
        },
      );
    } finally {
      setSaving((s) => {
        const next = new Set(s);
        next.delete(key);
        return next;
      });
    }
  };

  // The rows get stable handlers (the latest `save` and menus behind them), so an item's row renders
  // again only when its own data, marks or saving state change, not with every row added after it.
  const latest = useRef({ save, shown });
  latest.current = { save, shown };
  const onToggle = useCallback((kind: MarkKind, target: Target, available: boolean) => {
    void latest.current.save(kind, target, available, null);
  }, []);
  const onUntil = useCallback((kind: MarkKind, target: Target, menuId: string) => {
    const menu = latest.current.shown.find((m) => m.id === menuId);
    if (menu) setUntil({ kind, target, menu });
  }, []);

  // The guest search's rule (shared/search.ts): accent- and case-insensitive, every word somewhere.
  const matches = (item: ServiceItem, section: string) =>
    matchesWords([item.name, item.description, section, ...item.options.map((o) => o.name)], words);
  const visible = shown
    .map((m) => ({
      ...m,
      sections: m.sections.map((s) => ({ ...s, items: s.items.filter((i) => matches(i, s.name)) })).filter((s) => s.items.length),
    }))
    .filter((m) => m.sections.length);
  // The header, the search and the first items paint first; the rest of the list follows in small
  // tasks after that paint (one render of a whole menu was a task of about a second on a phone).
  const total = visible.reduce((n, m) => n + m.sections.reduce((k, s) => k + s.items.length, 0), 0);
  const rendered = useRenderedCount(total, FIRST_ROWS, MORE_ROWS);
  const listed = firstRows(visible, rendered);

  return (
    <div className="mx-auto grid max-w-2xl gap-4">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <h1 className="min-w-0 break-words text-2xl font-semibold tracking-tight">{venue.name}</h1>
        {venues.length > 1 ? (
          <Link
            href={paths.serviceVenues()}
            className="inline-flex min-h-11 items-center text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('otherVenue')}
          </Link>
        ) : null}
      </div>
      <p className="-mt-2 text-sm text-muted-foreground">{t('intro', { zone: venue.timezone })}</p>
      {lost ? (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-lg border border-amber-500/60 bg-amber-50 p-4 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <WifiOff className="mt-0.5 size-5 shrink-0" aria-hidden />
          <div>
            <p className="font-semibold">{online ? t('reconnectingTitle') : t('offlineTitle')}</p>
            <p className="text-sm">{t('offlineText')}</p>
          </div>
        </div>
      ) : null}
      <div className="sticky top-14 z-20 -mx-4 bg-background/95 px-4 py-2 backdrop-blur sm:-mx-6 sm:px-6">
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t('searchPlaceholder')}
            aria-label={t('search')}
            className="h-12 pl-10 text-base"
          />
        </div>
      </div>
      {menus.error ? <p className="text-destructive">{errorMessage(menus.error)}</p> : null}
      {!menuData || !marks.data || !optionMarks.data ? (
        <ServiceSkeleton />
      ) : !shown.length ? (
        <p className="rounded-lg border bg-card p-6 text-center text-muted-foreground">{t('nothingOn')}</p>
      ) : !visible.length ? (
        <p className="rounded-lg border bg-card p-6 text-center text-muted-foreground">{t('noMatch', { query })}</p>
      ) : (
        listed.map((menu) => (
          <section key={menu.id} aria-label={menu.name} className="grid gap-4">
            {shown.length > 1 ? <h2 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">{menu.name}</h2> : null}
            {menu.sections.map((section) => (
              // Off-screen sections skip layout and paint (a phone shows one or two at a time): each
              // step that adds rows after the first paint then lays out only what is in view.
              <section
                key={section.id}
                aria-labelledby={`service-s-${section.id}`}
                className="grid gap-2 [contain-intrinsic-size:auto_32rem] [content-visibility:auto]"
              >
                <SectionHeading level={shown.length > 1 ? 3 : 2} id={`service-s-${section.id}`}>
                  {section.name}
                </SectionHeading>
                <ul className="grid divide-y overflow-hidden rounded-lg border bg-card">
                  {section.items.map((item) => (
                    <ItemRow
                      key={item.id}
                      item={item}
                      menuId={menu.id}
                      mark={markIndex.item.get(item.id)}
                      optionMarks={item.options.length ? markIndex.option : undefined}
                      venue={venue}
                      now={now}
                      disabled={!live}
                      saving={saving}
                      onToggle={onToggle}
                      onUntil={onUntil}
                    />
                  ))}
                </ul>
              </section>
            ))}
          </section>
        ))
      )}
      {until ? (
        <UntilDialog
          name={until.target.name}
          menu={until.menu}
          venue={venue}
          disabled={!live}
          onClose={() => setUntil(null)}
          onPick={(when) => {
            setUntil(null);
            void save(until.kind, until.target, false, when);
          }}
        />
      ) : null}
    </div>
  );
}

/** Items rendered with the page's first paint, and per task after it. */
const FIRST_ROWS = 8;
const MORE_ROWS = 8;

/** An item's row and its options' rows: rendered again only when one of its props changed. */
const ItemRow = memo(function ItemRow({
  item,
  menuId,
  mark,
  optionMarks,
  venue,
  now,
  disabled,
  saving,
  onToggle,
  onUntil,
}: {
  item: ServiceItem;
  menuId: string;
  mark: VenueMark | undefined;
  optionMarks: ReadonlyMap<string, VenueMark> | undefined;
  venue: ServiceVenue;
  now: Date;
  disabled: boolean;
  saving: ReadonlySet<string>;
  onToggle: (kind: MarkKind, target: Target, available: boolean) => void;
  onUntil: (kind: MarkKind, target: Target, menuId: string) => void;
}) {
  const { t } = useTranslation('service');
  return (
    <MarkRow
      t={t}
      kind="item"
      target={item}
      state={itemState(item, mark, now)}
      venue={venue}
      now={now}
      disabled={disabled}
      saving={saving.has(`item:${item.id}`)}
      onToggle={(available) => onToggle('item', item, available)}
      onUntil={() => onUntil('item', item, menuId)}
    >
      {item.options.length ? (
        <ul className="grid divide-y border-l-2 pl-3" aria-label={t('optionsOf', { name: item.name })}>
          {item.options.map((option) => (
            <MarkRow
              key={option.id}
              t={t}
              kind="option"
              target={option}
              state={itemState(option, optionMarks?.get(option.id), now)}
              venue={venue}
              now={now}
              disabled={disabled}
              saving={saving.has(`option:${option.id}`)}
              onToggle={(available) => onToggle('option', option, available)}
              onUntil={() => onUntil('option', option, menuId)}
            />
          ))}
        </ul>
      ) : null}
    </MarkRow>
  );
});

/** A section's heading: under the menu's (h2) when several menus are on, else right under the page's h1. */
function SectionHeading({ level, id, children }: { level: 2 | 3; id: string; children: ReactNode }) {
  const Tag = level === 2 ? 'h2' : 'h3';
  return (
    <Tag id={id} className="text-lg font-semibold">
      {children}
    </Tag>
  );
}

function stateText(t: (key: string, o?: Record<string, string>) => string, state: ItemState, timeZone: string, now: Date): string {
  if (state.kind === 'available') return t('available');
  const time = state.until ? timeText(state.until, timeZone, now) : '';
  if (state.kind === 'soldOutEverywhere') return time ? t('soldOutEverywhereUntil', { time }) : t('soldOutEverywhere');
  return time ? t('soldOutUntil', { time }) : t('soldOut');
}

// A menu renders hundreds of rows: their classes are worked out once here, not per row and render.
const UNTIL_BUTTON = cn(buttonVariants({ variant: 'outline', size: 'icon' }), 'size-11 shrink-0');
const SWITCH =
  'relative inline-flex h-11 w-[4.75rem] shrink-0 items-center rounded-full border-2 transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-50';
const SWITCH_ON = `${SWITCH} border-emerald-600 bg-emerald-600`;
const SWITCH_OFF = `${SWITCH} border-red-600 bg-red-600/10 dark:bg-red-500/20`;
const KNOB = 'pointer-events-none flex size-9 items-center justify-center rounded-full bg-white shadow-md transition-transform';
const KNOB_ON = `${KNOB} translate-x-[2.125rem]`;
const KNOB_OFF = `${KNOB} translate-x-0.5`;

/** What a row toggles: an item or an option, named in the row, the dialog and the toasts. */
interface Target {
  id: string;
  name: string;
}

/**
 * One item or option with its big availability switch and "sold out until…" button. An item's
 * row holds its options' rows (`children`), each the same row at a smaller type size.
 */
function MarkRow({
  t,
  kind,
  target,
  state,
  venue,
  now,
  disabled,
  saving,
  onToggle,
  onUntil,
  children,
}: {
  /** The `service` namespace's, from the item's row (one translation hook per item, not per row). */
  t: TFunction<'service'>;
  kind: MarkKind;
  target: Target;
  state: ItemState;
  venue: ServiceVenue;
  now: Date;
  disabled: boolean;
  saving: boolean;
  onToggle: (available: boolean) => void;
  onUntil: () => void;
  children?: ReactNode;
}) {
  const available = state.kind === 'available';
  const locked = state.kind === 'soldOutEverywhere';
  const status = stateText(t, state, venue.timezone, now);
  const option = kind === 'option';
  return (
    <li className={option ? 'grid gap-2 py-2' : 'grid gap-2 p-3 sm:p-4'} {...{ [`data-${kind}`]: target.id }} data-state={state.kind}>
      <div className="flex items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className={option ? 'break-words text-sm font-medium leading-snug' : 'break-words text-base font-medium leading-snug'}>
            {target.name}
          </p>
          <p
            className={
              available
                ? 'text-sm font-medium text-emerald-700 dark:text-emerald-400'
                : 'text-sm font-medium text-red-700 dark:text-red-400'
            }
          >
            {status}
          </p>
        </div>
        {!locked ? (
          <button
            type="button"
            className={UNTIL_BUTTON}
            aria-label={t('untilFor', { name: target.name })}
            title={t('until')}
            disabled={disabled || saving}
            onClick={onUntil}
          >
            <Clock className="size-5" aria-hidden />
          </button>
        ) : null}
        <button
          type="button"
          role="switch"
          aria-checked={available}
          aria-label={t('availableSwitch', { name: target.name })}
          aria-describedby={undefined}
          aria-busy={saving || undefined}
          disabled={disabled || saving || locked}
          onClick={() => onToggle(!available)}
          className={available ? SWITCH_ON : SWITCH_OFF}
        >
          <span aria-hidden className={available ? KNOB_ON : KNOB_OFF}>
            {saving ? <Loader2 className="size-4 animate-spin text-muted-foreground" /> : null}
          </span>
        </button>
      </div>
      {children}
    </li>
  );
}

function UntilDialog({
  name,
  menu,
  venue,
  disabled,
  onClose,
  onPick,
}: {
  name: string;
  menu: ServiceMenu;
  venue: ServiceVenue;
  disabled: boolean;
  onClose: () => void;
  onPick: (when: Date | null) => void;
}) {
  const { t } = useTranslation('service');
  const [now] = useState(() => new Date());
  const [time, setTime] = useState('');
  const [error, setError] = useState('');
  const { end, tomorrow } = untilChoices(menu.schedule, venue.openingHours, now, venue.timezone);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const when = nextTimeOfDay(time, new Date(), venue.timezone);
    if (!when) {
      setError(t('enterTime'));
      return;
    }
    onPick(when);
  };
  const choice = 'h-auto min-h-12 w-full justify-between gap-3 whitespace-normal py-2 text-left text-base';
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('untilTitle', { name })}
      description={t('untilDescription', { zone: venue.timezone })}
    >
      <div className="grid gap-2">
        {end ? (
          <Button variant="outline" className={choice} disabled={disabled} onClick={() => onPick(end)}>
            <span>{t('endOfService')}</span>
            <span className="tabular-nums text-muted-foreground">{timeText(end, venue.timezone, now)}</span>
          </Button>
        ) : null}
        {tomorrow ? (
          <Button variant="outline" className={choice} disabled={disabled} onClick={() => onPick(tomorrow)}>
            <span>{t('tomorrow')}</span>
            <span className="tabular-nums text-muted-foreground">{timeText(tomorrow, venue.timezone, now)}</span>
          </Button>
        ) : null}
        <Button variant="outline" className={choice} disabled={disabled} onClick={() => onPick(null)}>
          <span>{t('untilChanged')}</span>
        </Button>
      </div>
      <form onSubmit={submit} className="grid gap-2 border-t pt-4" noValidate>
        <Label htmlFor="service-until-time">{t('atTime')}</Label>
        <div className="flex gap-2">
          <Input
            id="service-until-time"
            type="time"
            value={time}
            onChange={(e) => {
              setTime(e.target.value);
              setError('');
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'service-until-error' : undefined}
            className="h-12 flex-1 text-base"
          />
          <Button type="submit" className="h-12" disabled={disabled}>
            {t('setTime')}
          </Button>
        </div>
        {error ? (
          <p id="service-until-error" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
