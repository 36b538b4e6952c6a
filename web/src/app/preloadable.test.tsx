import { afterEach, describe, expect, it } from 'vitest';
import { Suspense, type ComponentType } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { preloadable } from './preloadable.tsx';

afterEach(cleanup);

/** A module import the test resolves by hand (what a chunk's arrival is to the app). */
function deferredModule() {
  let resolve!: (m: { Greeting: (p: { name: string }) => string }) => void;
  let calls = 0;
  const promise = new Promise<{ Greeting: (p: { name: string }) => string }>((r) => (resolve = r));
  return {
    importModule: () => {
      calls++;
      return promise;
    },
    arrive: () => resolve({ Greeting: ({ name }) => `Hello ${name}` }),
    calls: () => calls,
  };
}

const tree = (C: ComponentType<{ name: string }>) => (
  <Suspense fallback={<p>loading</p>}>
    <C name="Ana" />
  </Suspense>
);

describe('preloadable', () => {
  it('renders a module that is already in without suspending (no fallback is ever committed)', async () => {
    const chunk = deferredModule();
    const page = preloadable(chunk.importModule, (m) => m.Greeting);
    const loading = page.load();
    chunk.arrive();
    await loading;
    // Rendered synchronously: the first commit already holds the content.
    render(tree(page.Component));
    expect(screen.queryByText('loading')).toBeNull();
    expect(screen.getByText('Hello Ana')).toBeTruthy();
    expect(chunk.calls()).toBe(1);
  });

  it('suspends like React.lazy while the module is on its way, and shows it when it arrives', async () => {
    const chunk = deferredModule();
    const page = preloadable(chunk.importModule, (m) => m.Greeting);
    render(tree(page.Component));
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => {
      chunk.arrive();
      await page.load();
    });
    await screen.findByText('Hello Ana');
    // One import for the render and the explicit load.
    expect(chunk.calls()).toBe(1);
  });

  it('asks again after a failed import (a chunk that failed to load may load on the next try)', async () => {
    let attempt = 0;
    const page = preloadable(
      () => (++attempt === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ Greeting: () => 'back' })),
      (m: { Greeting: (p: { name: string }) => string }) => m.Greeting,
    );
    await expect(page.load()).rejects.toThrow('offline');
    await page.load();
    expect(attempt).toBe(2);
    render(tree(page.Component));
    expect(screen.getByText('back')).toBeTruthy();
  });
});
