import { forwardRef } from 'react';
import type { DraftBox } from '../../../../shared/schemas/upload-draft.ts';

/**
 * The frame around the current item on a page (a PDF page or a photo), in page units times
 * `scale`, with a little air around the text; the viewers scroll it into view through the ref.
 */
export const HighlightBox = forwardRef<HTMLDivElement, { highlight: DraftBox; scale: number }>(function HighlightBox({ highlight, scale }, ref) {
  return (
    <div
      ref={ref}
      data-testid="pdf-highlight"
      aria-hidden
      className="pointer-events-none absolute rounded-sm bg-amber-300/25 ring-2 ring-amber-500 transition-all duration-200 dark:ring-amber-400"
      style={{ left: highlight.x * scale - 3, top: highlight.y * scale - 3, width: highlight.width * scale + 6, height: highlight.height * scale + 6 }}
    />
  );
});
