// i18n-namespace: 'service' (the `t` here is service mode's: i18n.getFixedT(null, 'service'))
import ChevronRight from 'lucide-data:chevron-right';
import Clock from 'lucide-data:clock';
import Loader from 'lucide-data:loader-circle';
import Search from 'lucide-data:search';
import Store from 'lucide-data:store';
import WifiOff from 'lucide-data:wifi-off';
import { matchesWords, queryWords } from '../../../../shared/search.ts';
import { weekMinuteIn } from '../../../../shared/schedule.ts';
import type { SoldOutMark } from '../../../../shared/availability.ts';
import { h, icon } from '../../lib/dom.ts';
import { toast } from '../../lib/toast.ts';
import { errorMessage } from '../../lib/api-errors.ts';
import { buttonVariants, fieldClass } from '../../components/ui/styles.ts';
import { paths, serviceVenueInPath } from '../../app/paths.ts';
import { isNetworkError, itemState, menusOnNow, saveMark, type ItemState } from './service-marks.ts';
import type { MarkKind, ServiceItem, ServiceMenu, ServiceVenue, VenueMark } from './service-requests.ts';
import { menusVersion } from './service-requests.ts';
import type { ServiceStore } from './service-store.ts';
import { stateText, timeText, type Translate } from './service-format.ts';
import { openUntilDialog } from './until-dialog.ts';

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

// A menu renders hundreds of rows: their classes are worked out once here.
const UNTIL_BUTTON = `${buttonVariants({ variant: 'outline', size: null })} size-11 shrink-0 [&_svg]:size-5`;
const SWITCH =
  'relative inline-flex h-11 w-[4.75rem] shrink-0 items-center rounded-full border-2 transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-50';
const SWITCH_ON = `${SWITCH} border-emerald-600 bg-emerald-600`;
const SWITCH_OFF = `${SWITCH} border-red-600 bg-red-600/10 dark:bg-red-500/20`;
const KNOB = 'pointer-events-none flex size-9 items-center justify-center rounded-full bg-white shadow-md transition-transform';
const KNOB_ON = `${KNOB} translate-x-[2.125rem]`;
const KNOB_OFF = `${KNOB} translate-x-0.5`;
const NOTICE = 'rounded-lg border bg-card p-6 text-center text-muted-foreground';

/** What a row toggles: an item or an option, named in the row, the dialog and the toasts. */
interface Target {
  kind: MarkKind;
  id: string;
  name: string;
  menuId: string;
  /** The item's or option's own mark (every venue). */
  own: SoldOutMark;
}

/** Rows built before the first paint, and the time one slice of the rest may take. */
const FIRST_ROWS = 12;
const SLICE_MS = 8;

/**
 * Service mode's screen, without React: the venue picker, or the venue's list of what guests see
 * there now, section by section, with a search box and, per dish and option, a big availability
 * switch and "sold out until…". The frame (title, intro, search) is built once per venue; the
 * list is rebuilt when its data, the search or the clock changes, and keyboard focus stays on the
 * control it was on.
 */
export function mountServiceView(
  root: HTMLElement,
  { store, t, onVenue }: { store: ServiceStore; t: Translate; onVenue: (name: string | null) => void },
) {
  let now = new Date();
  let query = '';
  const saving = new Set<string>();
  let online = navigator.onLine;
  let frame: { venueId: string; list: HTMLElement; banner: HTMLElement; targets: Map<string, Target> } | null = null;
  let frameVersion = '';
  let rows = new Map<string, Row>();
  let structure: unknown[] = [];
  let building = 0;

  const live = () => online && store.state.status === 'connected';
  const lost = () => !online || store.state.status === 'reconnecting';

  const go = (path: string, replace = false) => {
    if (replace) history.replaceState(null, '', path);
    else history.pushState(null, '', path);
    render();
  };

  function render(): void {
    const { venues, venuesError } = store.state;
    const venueId = serviceVenueInPath(location.pathname);
    if (venuesError && !venues) return show(h('p', { class: 'p-4 text-destructive' }, errorMessage(venuesError)));
    if (!venues) return venueId ? renderVenue(venueId) : show(skeleton());
    if (!venueId) {
      const remembered = lastVenue();
      const only = venues.length === 1 ? venues[0] : venues.find((v) => v.id === remembered);
      if (only) return go(paths.service(only.id), true);
      return show(picker(venues, false));
    }
    if (!venues.some((v) => v.id === venueId)) return show(picker(venues, true));
    renderVenue(venueId);
  }

  /** Shows a screen other than a venue's (the picker, an error, the loading state), unless it already shows. */
  let shownVersion = '';
  function show(content: HTMLElement): void {
    const version = content.outerHTML;
    if (!frame && version === shownVersion) return;
    frame = null;
    frameVersion = '';
    structure = [];
    shownVersion = version;
    onVenue(null);
    root.replaceChildren(content);
  }

  function skeleton(): HTMLElement {
    const bar = (c: string) => h('div', { class: `animate-pulse rounded-md bg-muted ${c}`, 'aria-hidden': 'true' });
    return h(
      'div',
      { class: 'grid gap-3', 'aria-busy': 'true', 'aria-label': t('common:shell.loading') },
      bar('h-12'),
      ...[0, 1, 2, 3].map(() => bar('h-16')),
    );
  }

  function picker(venues: readonly ServiceVenue[], notFound: boolean): HTMLElement {
    const link = (v: ServiceVenue) =>
      h(
        'li',
        null,
        h(
          'a',
          {
            href: paths.service(v.id),
            class:
              'flex min-h-14 items-center gap-3 rounded-lg border bg-card px-4 py-3 text-base font-medium hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            onclick: (e) => {
              e.preventDefault();
              go(paths.service(v.id));
            },
          },
          icon(Store, 'size-5 shrink-0 text-muted-foreground'),
          h('span', { class: 'min-w-0 flex-1 break-words' }, v.name),
          icon(ChevronRight, 'size-5 shrink-0 text-muted-foreground'),
        ),
      );
    return h(
      'div',
      { class: 'mx-auto grid max-w-xl gap-4' },
      h('h1', { class: 'text-2xl font-semibold tracking-tight' }, t('title')),
      notFound ? h('p', { class: 'text-sm text-destructive' }, t('venueNotFound')) : null,
      ...(venues.length
        ? [
            h('p', { class: 'text-muted-foreground' }, t('pickVenue')),
            h('ul', { class: 'grid gap-2', 'aria-label': t('venues') }, ...venues.map(link)),
          ]
        : [h('p', { class: 'text-muted-foreground' }, t('noVenues'))]),
    );
  }

  /** The venue's frame, built again only when what it shows changes; its name comes with the venues. */
  function renderVenue(venueId: string): void {
    store.select(venueId);
    const venue = store.state.venues?.find((v) => v.id === venueId);
    const version = JSON.stringify([venueId, venue?.name, venue?.timezone, store.state.venues?.length ?? 0]);
    if (!frame || version !== frameVersion) {
      buildFrame(venueId, venue);
      frameVersion = version;
    }
    updateBanner();
    updateList();
  }

  function buildFrame(venueId: string, venue: ServiceVenue | undefined): void {
    const focusedSearch = document.activeElement?.id === 'service-search';
    if (venue) {
      rememberVenue(venue.id);
      onVenue(venue.name);
      // The venue's time-zone formatter (which menus are on, the marks' times) while the menus load.
      setTimeout(() => weekMinuteIn(new Date(), venue.timezone), 0);
    }
    const several = (store.state.venues?.length ?? 0) > 1;
    const search = h('input', {
      id: 'service-search',
      type: 'search',
      value: query,
      placeholder: t('searchPlaceholder'),
      'aria-label': t('search'),
      class: `${fieldClass} h-12 py-2 pl-10 text-base`,
      oninput: (e) => {
        query = (e.target as HTMLInputElement).value;
        updateList();
      },
    });
    const list = h('div', { class: 'grid gap-4' });
    const banner = h('div');
    frame = { venueId, list, banner, targets: new Map() };
    structure = [];
    shownVersion = '';
    list.addEventListener('click', onListClick);
    root.replaceChildren(
      h(
        'div',
        { class: 'mx-auto grid max-w-2xl gap-4' },
        h(
          'div',
          { class: 'flex flex-wrap items-center justify-between gap-x-4 gap-y-1' },
          venue
            ? h('h1', { class: 'min-w-0 break-words text-2xl font-semibold tracking-tight' }, venue.name)
            : h('div', { class: 'h-8 w-48 max-w-full animate-pulse rounded-md bg-muted', 'aria-hidden': 'true' }),
          several
            ? h(
                'a',
                {
                  href: paths.serviceVenues(),
                  class: 'inline-flex min-h-11 items-center text-sm font-medium text-primary underline-offset-4 hover:underline',
                  onclick: (e) => {
                    e.preventDefault();
                    // The picker, not straight back here (this venue is the remembered one).
                    try {
                      localStorage.removeItem(LAST_VENUE);
                    } catch {
                      // nothing remembered then
                    }
                    go(paths.serviceVenues());
                  },
                },
                t('otherVenue'),
              )
            : null,
        ),
        h('p', { class: '-mt-2 text-sm text-muted-foreground' }, venue ? t('intro', { zone: venue.timezone }) : ''),
        banner,
        h(
          'div',
          { class: 'sticky top-14 z-20 -mx-4 bg-background/95 px-4 py-2 backdrop-blur sm:-mx-6 sm:px-6' },
          h(
            'div',
            { class: 'relative' },
            icon(Search, 'pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-muted-foreground'),
            search,
          ),
        ),
        list,
      ),
    );
    if (focusedSearch) search.focus();
  }

  function updateBanner(): void {
    if (!frame) return;
    const { banner } = frame;
    const state = lost() ? (online ? 'reconnecting' : 'offline') : 'ok';
    if (banner.dataset.state === state) return;
    banner.dataset.state = state;
    // Hidden when there is nothing to say: an empty box would add a gap to the page's grid.
    banner.hidden = state === 'ok';
    banner.replaceChildren(
      state === 'ok'
        ? ''
        : h(
            'div',
            {
              role: 'alert',
              class:
                'flex items-start gap-3 rounded-lg border border-amber-500/60 bg-amber-50 p-4 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100',
            },
            icon(WifiOff, 'mt-0.5 size-5 shrink-0'),
            h(
              'div',
              null,
              h('p', { class: 'font-semibold' }, state === 'reconnecting' ? t('reconnectingTitle') : t('offlineTitle')),
              h('p', { class: 'text-sm' }, t('offlineText')),
            ),
          ),
    );
  }

  /** A row as built: what it toggles and the parts a change of state or connection updates in place. */
  interface Row {
    target: Target;
    li: HTMLElement;
    status: HTMLElement;
    until: HTMLButtonElement;
    toggle: HTMLButtonElement;
    knob: HTMLElement;
    shown: string;
  }

  /**
   * Brings the list up to date. When what it lists changed (the data, the search, the menus on
   * now), it is built again, the first rows at once and the rest in slices between paints (a menu
   * of hundreds of dishes would otherwise be one long task on a phone). Otherwise (a mark, a save,
   * the connection, the clock) the rows are updated in place, and focus stays where it is.
   */
  function updateList(): void {
    if (!frame) return;
    const venue = store.selectedVenue();
    const { menus, menusFor, menusError, marks } = store.state;
    const ready = venue && menus && menusFor === menusVersion(venue) && marks.item && marks.option ? venue : null;
    const shown = ready && menus ? menusOnNow(menus, ready, now) : [];
    const next = [frame.list, ready, menusError, ready && menus, query, shown.map((m) => m.id).join()];
    if (next.length === structure.length && next.every((v, i) => v === structure[i])) return patchRows();
    structure = next;
    const focused = (document.activeElement as HTMLElement | null)?.dataset?.focus;
    const { list } = frame;
    rows = new Map();
    frame.targets.clear();
    const build = ++building;
    if (menusError && !ready) return list.replaceChildren(h('p', { class: 'text-destructive' }, errorMessage(menusError)));
    if (!ready) return list.replaceChildren(skeleton());
    const parts = listParts(ready, shown);
    list.replaceChildren();
    let first = true;
    const slice = () => {
      if (build !== building) return;
      const started = performance.now();
      let count = 0;
      for (let step = parts.next(); ; step = parts.next()) {
        if (step.done) {
          if (!list.childElementCount) list.append(h('p', { class: NOTICE }, shown.length ? t('noMatch', { query }) : t('nothingOn')));
          break;
        }
        count++;
        if (first ? count >= FIRST_ROWS : performance.now() - started > SLICE_MS) {
          setTimeout(slice, 0);
          break;
        }
      }
      first = false;
      if (focused && document.activeElement === document.body)
        list.querySelector<HTMLElement>(`[data-focus="${CSS.escape(focused)}"]`)?.focus();
    };
    slice();
  }

  /** The list's sections and rows, appended to it one dish (with its options) per step. */
  function* listParts(venue: ServiceVenue, shown: readonly ServiceMenu[]): Generator<void> {
    if (!frame) return;
    const { list } = frame;
    const words = queryWords(query);
    // The guest search's rule (shared/search.ts): accent- and case-insensitive, every word somewhere.
    const matches = (item: ServiceItem, section: string) =>
      matchesWords([item.name, item.description, section, ...item.options.map((o) => o.name)], words);
    const several = shown.length > 1;
    for (const menu of shown) {
      let menuBox: HTMLElement | null = null;
      for (const section of menu.sections) {
        const items = section.items.filter((i) => matches(i, section.name));
        if (!items.length) continue;
        if (!menuBox) {
          menuBox = h(
            'section',
            { 'aria-label': menu.name, class: 'grid gap-4' },
            several ? h('h2', { class: 'text-sm font-semibold uppercase tracking-wide text-muted-foreground' }, menu.name) : null,
          );
          list.append(menuBox);
        }
        const ul = h('ul', { class: 'grid divide-y overflow-hidden rounded-lg border bg-card' });
        menuBox.append(
          // Off-screen sections skip layout and paint (a phone shows one or two at a time).
          h(
            'section',
            {
              'aria-labelledby': `service-s-${section.id}`,
              class: 'grid gap-2 [contain-intrinsic-size:auto_32rem] [content-visibility:auto]',
            },
            h(several ? 'h3' : 'h2', { id: `service-s-${section.id}`, class: 'text-lg font-semibold' }, section.name),
            ul,
          ),
        );
        for (const item of items) {
          const options = item.options.length
            ? h(
                'ul',
                { class: 'grid divide-y border-l-2 pl-3', 'aria-label': t('optionsOf', { name: item.name }) },
                ...item.options.map((o) => row({ kind: 'option', id: o.id, name: o.name, menuId: menu.id, own: o }, venue)),
              )
            : null;
          ul.append(row({ kind: 'item', id: item.id, name: item.name, menuId: menu.id, own: item }, venue, options));
          yield;
        }
      }
    }
  }

  // The venue's marks by target, made again only when a list of marks changes (hundreds of rows read them).
  const markIndex = new WeakMap<readonly VenueMark[], Map<string, VenueMark>>();
  function markOf(kind: MarkKind, id: string): VenueMark | undefined {
    const list = store.state.marks[kind];
    if (!list) return undefined;
    let index = markIndex.get(list);
    if (!index) markIndex.set(list, (index = new Map(list.map((m) => [m.target, m]))));
    return index.get(id);
  }

  /** The row's state now: its own mark (every venue), then the venue's. */
  function stateOf(target: Target): ItemState {
    return itemState(target.own, markOf(target.kind, target.id), now);
  }

  /** One item or option with its big availability switch and "sold out until…" button. */
  function row(target: Target, venue: ServiceVenue, children: HTMLElement | null = null): HTMLElement {
    const key = `${target.kind}:${target.id}`;
    frame?.targets.set(key, target);
    const option = target.kind === 'option';
    const status = h('p');
    const until = h(
      'button',
      {
        type: 'button',
        class: UNTIL_BUTTON,
        'aria-label': t('untilFor', { name: target.name }),
        title: t('until'),
        'data-action': 'until',
        'data-key': key,
        'data-focus': `until:${key}`,
      },
      icon(Clock),
    );
    const knob = h('span', { 'aria-hidden': 'true' });
    const toggle = h(
      'button',
      {
        type: 'button',
        role: 'switch',
        'aria-label': t('availableSwitch', { name: target.name }),
        'data-action': 'toggle',
        'data-key': key,
        'data-focus': `toggle:${key}`,
      },
      knob,
    );
    const li = h(
      'li',
      { class: option ? 'grid gap-2 py-2' : 'grid gap-2 p-3 sm:p-4', [`data-${target.kind}`]: target.id },
      h(
        'div',
        { class: 'flex items-center gap-3' },
        h(
          'div',
          { class: 'min-w-0 flex-1' },
          h(
            'p',
            { class: option ? 'break-words text-sm font-medium leading-snug' : 'break-words text-base font-medium leading-snug' },
            target.name,
          ),
          status,
        ),
        until,
        toggle,
      ),
      children,
    );
    const built: Row = { target, li, status, until, toggle, knob, shown: '' };
    rows.set(key, built);
    paint(built, venue);
    return li;
  }

  /** Shows a row's state, saving and connection (only what changed is written). */
  function paint(r: Row, venue: ServiceVenue): void {
    const key = `${r.target.kind}:${r.target.id}`;
    const state = stateOf(r.target);
    const busy = saving.has(key);
    const text = stateText(t, state, venue.timezone, now);
    const shown = `${state.kind}|${text}|${busy}|${live()}`;
    if (shown === r.shown) return;
    r.shown = shown;
    const available = state.kind === 'available';
    const locked = state.kind === 'soldOutEverywhere';
    const disabled = !live() || busy;
    r.li.dataset.state = state.kind;
    r.status.className = available
      ? 'text-sm font-medium text-emerald-700 dark:text-emerald-400'
      : 'text-sm font-medium text-red-700 dark:text-red-400';
    r.status.textContent = text;
    // A class, not the `hidden` attribute: the button's own `inline-flex` would win over that.
    r.until.classList.toggle('hidden', locked);
    r.until.disabled = disabled;
    r.toggle.disabled = disabled || locked;
    r.toggle.className = available ? SWITCH_ON : SWITCH_OFF;
    r.toggle.setAttribute('aria-checked', String(available));
    r.toggle.dataset.available = String(available);
    if (busy) r.toggle.setAttribute('aria-busy', 'true');
    else r.toggle.removeAttribute('aria-busy');
    r.knob.className = available ? KNOB_ON : KNOB_OFF;
    r.knob.replaceChildren(busy ? icon(Loader, 'size-4 animate-spin text-muted-foreground') : '');
  }

  function patchRows(): void {
    const venue = store.selectedVenue();
    if (venue) for (const r of rows.values()) paint(r, venue);
  }

  function onListClick(e: Event): void {
    const button = (e.target as Element).closest<HTMLButtonElement>('button[data-action]');
    const target = button?.dataset.key ? frame?.targets.get(button.dataset.key) : undefined;
    const venue = store.selectedVenue();
    if (!button || !target || !venue || button.disabled) return;
    if (button.dataset.action === 'toggle') void save(venue, target, button.dataset.available !== 'true', null);
    else {
      const menu = store.state.menus?.find((m) => m.id === target.menuId);
      if (!menu) return;
      openUntilDialog({ t, name: target.name, menu, venue, disabled: !live(), onPick: (when) => void save(venue, target, false, when) });
    }
  }

  /** Saves a mark; the row shows "saving" until the server answers, and nothing changes unless it did. */
  async function save(venue: ServiceVenue, target: Target, available: boolean, soldOutUntil: Date | null): Promise<void> {
    if (!live()) {
      toast.error(t('offlineRefused'), { id: 'service-offline' });
      return;
    }
    const key = `${target.kind}:${target.id}`;
    saving.add(key);
    updateList();
    try {
      const existing = store.state.marks[target.kind]?.find((m) => m.target === target.id);
      const saved = await saveMark(target.kind, venue.id, target.id, existing, { available, soldOutUntil });
      store.applyMark(target.kind, saved);
      toast.success(
        available
          ? t('savedAvailable', { name: target.name })
          : soldOutUntil
            ? t('savedSoldOutUntil', { name: target.name, time: timeText(soldOutUntil, venue.timezone, new Date()) })
            : t('savedSoldOut', { name: target.name }),
        { id: `service-${key}` },
      );
    } catch (err) {
      toast.error(
        isNetworkError(err) ? t('notSavedOffline', { name: target.name }) : t('notSaved', { name: target.name, reason: errorMessage(err) }),
        { id: `service-${key}` },
      );
    } finally {
      saving.delete(key);
      updateList();
    }
  }

  const onConnection = () => {
    online = navigator.onLine;
    updateBanner();
    updateList();
  };
  window.addEventListener('online', onConnection);
  window.addEventListener('offline', onConnection);
  window.addEventListener('popstate', render);
  store.subscribe(() => {
    updateBanner();
    render();
  });
  // Menus switch on and off by schedule, "until" marks run out.
  setInterval(() => {
    now = new Date();
    updateList();
  }, 30_000);
  render();
}
