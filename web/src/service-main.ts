// i18n-namespace: 'service' (the `t` here is service mode's: i18n.getFixedT(null, 'service'))
import './index.css';
import { pb } from './lib/pb.ts';
import { i18n, initI18n, prefetchMessages } from './lib/i18n/i18n.ts';
import { readPublicConfig } from './lib/public-config.ts';
import { refreshAuth, storedSession, toGuardUser } from './lib/session.ts';
import { fetchRole } from './lib/my-role-request.ts';
import { takeNotice } from './lib/page-notice.ts';
import { mountPlainToaster } from './lib/plain-toaster.ts';
import { toast } from './lib/toast.ts';
import { requireApp } from './app/guard-logic.ts';
import { navFor } from './app/nav-items.ts';
import { paths, serviceVenueInPath } from './app/paths.ts';
import type { MemberRole } from '../../shared/constants.ts';
import { ServiceStore } from './features/service/service-store.ts';
import { mountServiceShell } from './features/service/service-shell.ts';
import { mountServiceView } from './features/service/service-view.ts';

/**
 * Service mode's own page (service.html; the server serves it for /service and /service/<venue>).
 * It runs without React, on the same SDK session, messages, guards and rules as the app, so a
 * phone in a busy room loads a fraction of the app's script (issue 23 item 6: at most 100 KB
 * gzipped on the first load; docs/decisions/006-service-mode-without-react.md).
 */
const here = location.pathname + location.search;
const leave = (to: string) => location.replace(to);

async function start(root: HTMLElement): Promise<void> {
  // A superuser has no place in the staff app (the console is theirs); a visitor signs in first.
  if (pb.authStore.isValid && pb.authStore.isSuperuser) return leave(paths.console());
  if (!pb.authStore.isValid) {
    pb.authStore.clear();
    return leave(paths.login(here));
  }
  // Everything the first screen needs leaves at once: the messages, the public config, the
  // session refresh, and (with a stored session) the venues and the venue's marks.
  prefetchMessages(['service']);
  const messages = initI18n().then(() => i18n.loadNamespaces('service'));
  const config = readPublicConfig();
  const refreshed = refreshAuth();
  const guard = async () => requireApp(toGuardUser(pb.authStore.record), here, (await config).billing);
  // As the app's guards: the stored session lets the page paint at once; a redirect waits for the
  // fresh record. Its requests leave before the config (billing mode) is in.
  const stored = storedSession();
  const early = stored ? new ServiceStore(stored.organizationId) : null;
  early?.start(serviceVenueInPath(location.pathname));
  if (!stored || (await guard())) {
    await refreshed;
    const to = await guard();
    if (to) return leave(to);
  }
  const session = storedSession();
  // Signed in and let in, but no current organization (removed from it): the app's dashboard says
  // what to do; the sign-in page would send the user straight back here.
  if (!session) return leave(pb.authStore.isValid ? paths.dashboard() : paths.login(here));
  const { organizationId, userId } = session;
  let store = early;
  if (!store || stored?.organizationId !== organizationId) {
    store = new ServiceStore(organizationId);
    store.start(serviceVenueInPath(location.pathname));
  }
  let role: MemberRole | null | undefined;
  void fetchRole(organizationId, userId).then(
    (r) => (role = r),
    () => undefined,
  );
  void refreshed.then(async () => {
    const to = await guard();
    if (to) leave(to);
  });

  await messages.catch(() => undefined);
  const { appName } = await config;
  const t = i18n.getFixedT(null, 'service');
  mountPlainToaster(t('common:toast.notifications'));
  const notice = takeNotice();
  if (notice) toast.info(t(`common:${notice}`), { id: 'staff-only' });
  const record = pb.authStore.record;
  const { main, setStatus } = mountServiceShell(root, {
    t,
    appName,
    home: paths.dashboard(),
    nav: () => navFor(role).map((item) => ({ href: item.href, label: t(`common:${item.label}`) })),
    account: String(record?.name || record?.email || t('common:shell.account')),
    onSignOut: () => {
      pb.authStore.clear();
      location.assign(paths.login());
    },
  });
  setStatus(store.state.status);
  store.subscribe(() => setStatus(store.state.status));
  mountServiceView(main, {
    store,
    t,
    onVenue: (name) => {
      document.title = `${name ?? t('title')} | ${appName}`;
    },
  });
  // The account's language differs from the one this page started in (changed on another device):
  // its texts are built once, so the page starts again in that language.
  i18n.on('languageChanged', () => location.reload());
}

const root = document.getElementById('root');
if (root && root.childNodes.length === 0) void start(root);
