import { startTransition, useEffect, useState } from 'react';

/**
 * Runs `fn` in a task of its own once the browser has painted what is on screen now (the next
 * animation frame, then a new task), so the work does not hold up that paint. A page that gets no
 * frames (hidden) still runs it, after `fallbackMs`. Returns the cancel.
 */
export function afterPaint(fn: () => void, fallbackMs = 100): () => void {
  let done = false;
  let next: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    fn();
  };
  const frame = requestAnimationFrame(() => {
    next = setTimeout(run, 0);
  });
  const fallback = setTimeout(run, fallbackMs);
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(next);
    clearTimeout(fallback);
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
 * How many of `total` rows to render: `first` at once, then `step` more in a task of their own
 * after each paint, until all are there (a long list never blocks the page in one long task;
 * each step is a transition, rendered in slices).
 */
export function useRenderedCount(total: number, first: number, step: number): number {
  const [count, setCount] = useState(first);
  useEffect(() => (count >= total ? undefined : afterPaint(() => startTransition(() => setCount((c) => c + step)))), [count, total, step]);
  return Math.min(count, total);
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
