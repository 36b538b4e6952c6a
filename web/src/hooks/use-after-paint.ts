import { startTransition, useEffect, useState } from 'react';

/**
 * Whether the page's first contentful paint has reached the screen (its Paint Timing entry exists),
 * or cannot be known (no Paint Timing): the frame that holds it is presented only after the task
 * that painted it, tens of milliseconds later on a phone, and work started in between competes
 * with it.
 */
function firstPaintShown(): boolean {
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return true;
  return performance.getEntriesByName('first-contentful-paint').length > 0;
}

/** Calls `fn` once the first contentful paint is on screen, or after `maxWaitMs`. Returns the cancel. */
function whenFirstPaintShown(fn: () => void, maxWaitMs: number): () => void {
  if (firstPaintShown()) {
    fn();
    return () => undefined;
  }
  const finish = () => {
    observer.disconnect();
    clearTimeout(timer);
    fn();
  };
  const observer = new PerformanceObserver(() => {
    if (firstPaintShown()) finish();
  });
  observer.observe({ type: 'paint' });
  const timer = setTimeout(finish, maxWaitMs);
  return () => {
    observer.disconnect();
    clearTimeout(timer);
  };
}

/**
 * Runs `fn` in a task of its own once the browser has painted what is on screen now (the next
 * animation frame, then a new task) and the page's first contentful paint is on screen, so the
 * work holds up neither. A page that gets no frames (hidden) still runs it, after `fallbackMs`.
 * Returns the cancel.
 */
export function afterPaint(fn: () => void, fallbackMs = 100): () => void {
  let done = false;
  let next: ReturnType<typeof setTimeout> | undefined;
  let cancelWait: (() => void) | undefined;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    cancelWait?.();
    fn();
  };
  const frame = requestAnimationFrame(() => {
    next = setTimeout(() => {
      cancelWait = whenFirstPaintShown(() => {
        next = setTimeout(run, 0);
      }, 1000);
    }, 0);
  });
  // Hidden, the page gets no frames; visible, the frame and the paint come well before this.
  const fallback = setTimeout(run, document.visibilityState === 'hidden' ? fallbackMs : 2000);
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(next);
    clearTimeout(fallback);
    cancelWait?.();
  };
}

/**
 * False until a render with `ready` was painted, then true for good: what lies below the fold
 * renders in a later task, after the page's first (largest) paint. That render is a transition,
 * so React renders it in slices of a few milliseconds instead of one long task.
 */
export function usePainted(ready = true): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => (painted || !ready ? undefined : afterPaint(() => startTransition(() => setPainted(true)))), [painted, ready]);
  return painted;
}

/**
 * Runs each of `steps` in a task of its own after the first paint, once: work the page will need
 * when its data arrives (an Intl formatter's first use loads locale or time-zone data, 10–20 ms on
 * a phone) done while it waits for the network, instead of inside the long render that follows.
 */
export function useWarmUp(steps: ReadonlyArray<() => void>): void {
  const [first] = useState(steps);
  useEffect(() => {
    let cancel: (() => void) | undefined;
    const run = (i: number) => {
      const step = first[i];
      if (!step) return;
      cancel = afterPaint(() => {
        step();
        run(i + 1);
      });
    };
    run(0);
    return () => cancel?.();
  }, [first]);
}
