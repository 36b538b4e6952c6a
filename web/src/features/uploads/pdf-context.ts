import { createContext, useContext } from 'react';
import type { PdfDocument } from './pdf-viewer.tsx';

/** The review screen's open PDF, shared by the page viewer and the item regions of the editor. */
export const PdfContext = createContext<PdfDocument | null>(null);

export const usePdf = () => useContext(PdfContext);

/** The photos of a photo upload (file URLs with a token, in page order) and each page's width in the draft's points. */
export interface PhotoPages {
  urls: string[];
  widths: Array<number | null>;
}

/** The review screen's photos, for the item regions of the editor (a photo upload has no PDF). */
export const PhotoPagesContext = createContext<PhotoPages | null>(null);

export const usePhotoPages = () => useContext(PhotoPagesContext);
