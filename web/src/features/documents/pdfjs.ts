import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

// pdf.js parses in a worker shipped with the app; nothing is fetched from elsewhere
GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * Opens a PDF held at an object URL (the bytes were fetched with the user's token).
 * `ownerDocument` is the viewer frame's document: the PDF's fonts must be loaded where
 * its pages are drawn.
 */
export function openPdf(url: string, ownerDocument: Document): Promise<PDFDocumentProxy> {
  return getDocument({ url, ownerDocument, isEvalSupported: false, enableXfa: false }).promise;
}

export type { PDFDocumentProxy };
