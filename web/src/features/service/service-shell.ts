// i18n-namespace: 'service' (the `t` here is service mode's: i18n.getFixedT(null, 'service'))
import MenuIcon from 'lucide-data:menu';
import X from 'lucide-data:x';
import LogOut from 'lucide-data:log-out';
import User from 'lucide-data:user';
import { h, icon } from '../../lib/dom.ts';
import { buttonVariants } from '../../components/ui/styles.ts';
import { paths } from '../../app/paths.ts';
import type { Translate } from './service-format.ts';
import type { RealtimeStatus } from './service-store.ts';

const ICON_BUTTON = `${buttonVariants({ variant: 'ghost', size: null })} size-11 [&_svg]:size-5`;
const NAV_LINK =
  'flex min-h-11 items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';
const STATUS_LABEL: Record<RealtimeStatus, string> = {
  connecting: 'common:realtime.connecting',
  connected: 'common:realtime.connected',
  reconnecting: 'common:realtime.reconnecting',
};
const STATUS_DOT: Record<RealtimeStatus, string> = {
  connecting: 'size-2 rounded-full bg-muted-foreground/50',
  connected: 'size-2 rounded-full bg-emerald-500',
  reconnecting: 'size-2 animate-pulse rounded-full bg-amber-500',
};

/**
 * Service mode's frame, the phone's view of the app's signed-in layout: a top bar with the menu
 * button, the product's name and the live-updates indicator, and a navigation sheet (a native
 * modal dialog) with the role's entries, the profile and signing out. Returns where the page goes
 * and a setter for the indicator.
 */
export function mountServiceShell(
  body: HTMLElement,
  {
    t,
    appName,
    home,
    nav,
    account,
    onSignOut,
  }: {
    t: Translate;
    appName: string;
    home: string;
    /** The role's entries (translated), asked for as the sheet opens: the role may arrive after the first paint. */
    nav: () => readonly { href: string; label: string }[];
    account: string;
    onSignOut: () => void;
  },
): { main: HTMLElement; setStatus: (status: RealtimeStatus) => void } {
  const brand = () =>
    h(
      'a',
      { href: home, class: 'flex min-h-11 min-w-0 items-center gap-2 px-1 text-base font-semibold' },
      h('img', { src: '/favicon.svg', alt: '', class: 'size-6 shrink-0' }),
      h('span', { class: 'truncate' }, appName),
    );
  const sheet = h('dialog', {
    'aria-label': t('common:shell.navigation'),
    class:
      'fixed inset-y-0 left-0 right-auto m-0 h-full max-h-none w-72 max-w-[85vw] overflow-y-auto border-r bg-card p-4 text-card-foreground shadow-lg backdrop:bg-black/60 open:flex open:flex-col open:gap-4',
  });
  const navigation = h('nav', { 'aria-label': t('common:shell.mainNavigation'), class: 'grid gap-1' });
  const opener = h('button', { type: 'button', class: ICON_BUTTON, 'aria-label': t('common:shell.openNavigation') }, icon(MenuIcon));
  sheet.append(
    h(
      'div',
      { class: 'flex items-center justify-between gap-2' },
      brand(),
      h(
        'button',
        { type: 'button', class: ICON_BUTTON, 'aria-label': t('common:shell.closeNavigation'), onclick: () => sheet.close() },
        icon(X),
      ),
    ),
    navigation,
    h(
      'div',
      { class: 'mt-auto grid gap-1 border-t pt-4' },
      h('p', { class: 'truncate px-3 text-sm text-muted-foreground', title: account }, account),
      h('a', { href: paths.profile(), class: NAV_LINK }, icon(User, 'size-4'), t('common:shell.profile')),
      h(
        'button',
        { type: 'button', class: `${NAV_LINK} w-full text-left`, onclick: onSignOut },
        icon(LogOut, 'size-4'),
        t('common:shell.signOut'),
      ),
    ),
  );
  opener.addEventListener('click', () => {
    navigation.replaceChildren(
      ...nav().map((item) =>
        h(
          'a',
          {
            href: item.href,
            class: item.href === paths.serviceVenues() ? `${NAV_LINK} bg-accent text-foreground` : NAV_LINK,
            'aria-current': item.href === paths.serviceVenues() ? 'page' : null,
          },
          item.label,
        ),
      ),
    );
    sheet.showModal();
  });
  // A tap beside the sheet (on the backdrop) closes it.
  sheet.addEventListener('click', (e) => {
    if (e.target !== sheet) return;
    const r = sheet.getBoundingClientRect();
    if (e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom) sheet.close();
  });
  sheet.addEventListener('close', () => opener.focus());

  const dot = h('span', { 'aria-hidden': 'true' });
  const label = h('span', { class: 'hidden sm:inline' });
  const status = h(
    'span',
    { class: 'inline-flex min-h-11 items-center gap-1.5 text-xs text-muted-foreground', role: 'status', 'aria-live': 'polite' },
    dot,
    label,
  );
  const setStatus = (s: RealtimeStatus) => {
    if (status.dataset.status === s) return;
    status.dataset.status = s;
    dot.className = STATUS_DOT[s];
    label.textContent = t(STATUS_LABEL[s]);
    // Screen readers hear the state even where the label is hidden (phones show the dot only).
    status.setAttribute('aria-label', t(STATUS_LABEL[s]));
  };
  const main = h('main', { id: 'main', class: 'mx-auto w-full max-w-6xl flex-1 p-4 sm:p-6' });
  body.replaceChildren(
    h(
      'a',
      {
        href: '#main',
        class:
          'sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:px-3 focus:py-2',
      },
      t('common:shell.skipToContent'),
    ),
    h(
      'div',
      { class: 'flex min-h-screen flex-col' },
      h(
        'header',
        { class: 'sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background/90 px-4 backdrop-blur' },
        opener,
        brand(),
        h('div', { class: 'ml-auto flex items-center gap-2' }, status),
      ),
      main,
    ),
    sheet,
  );
  return { main, setStatus };
}
