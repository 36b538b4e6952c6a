import { lazy, useState, type ComponentType } from 'react';

/** A lazily loaded component that renders at once when its module is already in. */
export interface Preloadable<P extends object> {
  Component: ComponentType<P>;
  /** Fetches the module (once; later calls share it); the component renders without suspending after. */
  load(): Promise<unknown>;
}

/**
 * React.lazy, except that a component whose module has already arrived renders at once instead of
 * suspending. The entry fetches the chunks of the page it opens on before the first render
 * (app/routes.tsx). Through React.lazy alone, that first render would still suspend on every lazy
 * level (layout, page), commit their fallbacks, and React then holds back revealing the content
 * until 300 ms after the last fallback (its FALLBACK_THROTTLE_MS). On this app's pages that was an
 * idle gap of about 170 ms before the first contentful paint, with every chunk already there.
 * A mounted component keeps the way it was rendered (lazy or direct), so it never remounts.
 */
export function preloadable<P extends object, M>(importModule: () => Promise<M>, pick: (module: M) => ComponentType<P>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const load = () =>
    (pending ??= importModule().then(
      (module) => {
        loaded = pick(module);
        return { default: loaded };
      },
      (err: unknown) => {
        // A failed chunk may load on the next try (the route's error boundary offers it).
        pending = undefined;
        throw err;
      },
    ));
  const Lazy = lazy(load);
  function PreloadableComponent(props: P) {
    const [Direct] = useState(() => loaded);
    return Direct ? <Direct {...props} /> : <Lazy {...props} />;
  }
  return { Component: PreloadableComponent, load };
}

/** A page module's default export, as a preloadable component. */
export const preloadablePage = (importModule: () => Promise<{ default: ComponentType }>) => preloadable(importModule, (m) => m.default);
