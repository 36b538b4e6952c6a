import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * React.lazy that renders at once, without suspending, when its module is already in (`preload`ed).
 * React.lazy reads a result synchronously only from a thenable whose `then` calls back at once; a
 * native promise never does, even for a module already loaded. So a plain lazy page suspends on
 * its first render, its Suspense fallback commits, and React then holds back the content that
 * replaces that fallback for up to 300 ms (its fallback throttle): a wait on every first load.
 */
export function preloadableLazy<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): { Component: LazyExoticComponent<ComponentType<P>>; preload: () => Promise<void> } {
  let loaded: { default: ComponentType<P> } | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () =>
    (pending ??= load().then(
      (module) => (loaded = module),
      (err: unknown) => {
        pending = undefined; // a failed chunk (a new deploy, a dropped connection) is asked for again
        throw err;
      },
    ));
  const Component = lazy(() => {
    const module = loaded;
    if (!module) return start();
    const now = { then: (resolve: (m: { default: ComponentType<P> }) => void) => resolve(module) };
    return now as unknown as Promise<{ default: ComponentType<P> }>;
  });
  return { Component, preload: () => start().then(() => undefined) };
}
