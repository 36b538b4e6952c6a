import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '../../lib/cn.ts';

const LONG_PRESS_MS = 500;
const TOUCH_SHOWN_MS = 4000;

/** Whether the element's text is cut by its width (`truncate`). */
const isCut = (el: HTMLElement) => el.scrollWidth > el.clientWidth + 1;

/**
 * A name that may be cut with an ellipsis (`truncate`), readable in full anyway: a `title` for the
 * mouse, and a small tooltip while it (or the link or button around it) has keyboard focus, or after
 * a long press on touch screens. Screen readers read the whole text already, so the tooltip is not
 * announced. A name that fits shows nothing extra, and is made focusable only when cut and nothing
 * around it is.
 */
export function FullText({ text, className }: { text: string; className?: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [shown, setShown] = useState<DOMRect | null>(null);
  const [focusable, setFocusable] = useState(false);
  const shownRef = useRef(false);
  useEffect(() => {
    shownRef.current = shown !== null;
  }, [shown]);

  const show = useCallback(() => {
    const el = ref.current;
    if (el && isCut(el)) setShown(el.getBoundingClientRect());
  }, []);
  const hide = useCallback(() => setShown(null), []);

  // Keyboard focus on the name's own control (a link, a button), or on the name when it is cut.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const owner = el.parentElement?.closest<HTMLElement>('a[href],button,[tabindex]');
    if (!owner) setFocusable(isCut(el));
    const target = owner ?? el;
    const onFocus = () => {
      if (target.matches(':focus-visible')) show();
    };
    target.addEventListener('focus', onFocus);
    target.addEventListener('blur', hide);
    return () => {
      target.removeEventListener('focus', onFocus);
      target.removeEventListener('blur', hide);
    };
  }, [show, hide, text]);

  // A long press shows the name for a few seconds; scrolling or lifting the finger early does not.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cancel = () => clearTimeout(timer);
    const start = () => {
      cancel();
      timer = setTimeout(() => {
        show();
        timer = setTimeout(hide, TOUCH_SHOWN_MS);
      }, LONG_PRESS_MS);
    };
    const end = () => {
      if (!shownRef.current) cancel();
    };
    el.addEventListener('touchstart', start, { passive: true });
    el.addEventListener('touchmove', cancel, { passive: true });
    el.addEventListener('touchend', end);
    return () => {
      cancel();
      el.removeEventListener('touchstart', start);
      el.removeEventListener('touchmove', cancel);
      el.removeEventListener('touchend', end);
    };
  }, [show, hide]);

  useEffect(() => {
    if (!shown) return;
    window.addEventListener('scroll', hide, { passive: true, capture: true });
    return () => window.removeEventListener('scroll', hide, { capture: true });
  }, [shown, hide]);

  return (
    <>
      <span
        ref={ref}
        title={text}
        tabIndex={focusable ? 0 : undefined}
        className={cn(
          'min-w-0 truncate',
          focusable && 'rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          className,
        )}
        onContextMenu={(e) => {
          // The long press is ours on touch screens: no text selection menu over the tooltip.
          if (shownRef.current) e.preventDefault();
        }}
      >
        {text}
      </span>
      {shown
        ? createPortal(
            <span
              role="tooltip"
              aria-hidden
              data-testid="full-text"
              className="pointer-events-none fixed z-50 max-w-[min(24rem,calc(100vw-1rem))] whitespace-normal break-words rounded-md border bg-popover px-2 py-1 text-sm font-normal text-popover-foreground shadow-md"
              style={{
                top: Math.min(shown.bottom + 4, window.innerHeight - 40),
                left: Math.max(8, Math.min(shown.left, window.innerWidth - 8 - Math.min(384, window.innerWidth - 16))),
              }}
            >
              {text}
            </span>,
            document.body,
          )
        : null}
    </>
  );
}
