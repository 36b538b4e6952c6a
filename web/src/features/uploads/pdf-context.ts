import { createContext, useContext } from 'react';
import type { PdfDocument } from './pdf-viewer.tsx';

/** The review screen's open PDF, shared by the page viewer and the item regions of the editor. */
export const PdfContext = createContext<PdfDocument | null>(null);

export const usePdf = () => useContext(PdfContext);
