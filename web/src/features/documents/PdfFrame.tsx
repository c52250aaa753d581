import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

import type { PDFDocumentProxy } from './pdfjs';

/** Styles of the viewer inside the frame (the frame is its own document). */
const FRAME_STYLES = `
  html, body { margin: 0; height: 100%; background: #525659; font-family: system-ui, sans-serif; }
  .toolbar { position: sticky; top: 0; z-index: 1; display: flex; align-items: center; gap: 16px; padding: 6px 12px; background: #323639; color: #f1f1f1; font-size: 14px; }
  .toolbar button { background: #4a4f53; color: #f1f1f1; border: 0; border-radius: 4px; min-width: 32px; height: 28px; cursor: pointer; }
  .toolbar button:disabled { opacity: 0.4; cursor: default; }
  .toolbar button:focus-visible { outline: 2px solid #8ab4f8; outline-offset: 1px; }
  .toolbar-left, .toolbar-middle { display: flex; align-items: center; gap: 6px; }
  .pages { display: flex; flex-direction: column; align-items: center; gap: 12px; padding: 12px; }
  .page { background: #fff; box-shadow: 0 1px 4px rgba(0,0,0,.5); display: block; }
  .status { color: #f1f1f1; padding: 24px; text-align: center; }
`;
// no <style> element: the frame inherits the app's Content Security Policy, which refuses inline styles;
// the styles are adopted as a constructed stylesheet instead
const FRAME_DOCUMENT = `<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body></body></html>`;

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2];

/**
 * The PDF viewer: an 800px frame with page navigation and zoom, rendered
 * by pdf.js from bytes already fetched. Right-click is disabled and there is no right
 * toolbar (no print, download or open buttons).
 */
export function PdfFrame({ url, title }: { url: string; title: string }) {
  const [frameBody, setFrameBody] = useState<HTMLElement | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);

  const attach = useCallback(() => {
    const doc = frame.current?.contentDocument;
    if (!doc?.body || !doc.defaultView) return;
    // made by the frame's own constructor: a document adopts only sheets of its own realm
    const sheet = new doc.defaultView.CSSStyleSheet();
    sheet.replaceSync(FRAME_STYLES);
    doc.adoptedStyleSheets = [sheet];
    doc.addEventListener('contextmenu', (e) => e.preventDefault());
    setFrameBody(doc.body);
  }, []);

  return (
    <div className="pdf-frame-shell" onContextMenu={(e) => e.preventDefault()}>
      <iframe ref={frame} className="pdf-frame" title={title} srcDoc={FRAME_DOCUMENT} onLoad={attach} />
      {frameBody && createPortal(<PdfViewerUi url={url} frameDocument={frameBody.ownerDocument} />, frameBody)}
    </div>
  );
}

function PdfViewerUi({ url, frameDocument }: { url: string; frameDocument: Document }) {
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [zoomIndex, setZoomIndex] = useState(2);
  const [page, setPage] = useState(1);
  const pages = useRef<Array<HTMLCanvasElement | null>>([]);

  useEffect(() => {
    let cancelled = false;
    let opened: PDFDocumentProxy | null = null;
    void import('./pdfjs')
      .then(({ openPdf }) => openPdf(url, frameDocument))
      .then((doc) => {
        opened = doc;
        if (cancelled) void doc.destroy();
        else setPdf(doc);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      void opened?.destroy();
    };
  }, [url, frameDocument]);

  // (re)draw every page at the chosen zoom
  useEffect(() => {
    if (!pdf) return;
    let cancelled = false;
    const scale = ZOOMS[zoomIndex] * 1.25;
    void (async () => {
      for (let n = 1; n <= pdf.numPages && !cancelled; n++) {
        const canvas = pages.current[n - 1];
        if (!canvas) continue;
        const p = await pdf.getPage(n);
        const viewport = p.getViewport({ scale });
        const ratio = canvas.ownerDocument.defaultView?.devicePixelRatio ?? 1;
        canvas.width = Math.floor(viewport.width * ratio);
        canvas.height = Math.floor(viewport.height * ratio);
        canvas.style.width = `${Math.floor(viewport.width)}px`;
        canvas.style.height = `${Math.floor(viewport.height)}px`;
        await p.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] }).promise;
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [pdf, zoomIndex]);

  // the page indicator follows scrolling
  useEffect(() => {
    const view = frameDocument.defaultView;
    if (!pdf || !view) return;
    const onScroll = () => {
      const top = 60;
      let current = 1;
      pages.current.forEach((canvas, i) => {
        if (canvas && canvas.getBoundingClientRect().top <= top) current = i + 1;
      });
      setPage(current);
    };
    view.addEventListener('scroll', onScroll, { passive: true });
    return () => view.removeEventListener('scroll', onScroll);
  }, [pdf, frameDocument]);

  const goTo = (n: number) => {
    setPage(n);
    pages.current[n - 1]?.scrollIntoView({ block: 'start' });
  };

  if (failed) return <p className="status">The document could not be displayed.</p>;
  if (!pdf) return <p className="status">Loading document…</p>;
  return (
    <>
      <div className="toolbar" role="toolbar" aria-label="Document">
        <div className="toolbar-left">
          <button type="button" aria-label="Previous page" disabled={page <= 1} onClick={() => goTo(page - 1)}>
            ‹
          </button>
          <span aria-live="polite">
            Page {page} of {pdf.numPages}
          </span>
          <button type="button" aria-label="Next page" disabled={page >= pdf.numPages} onClick={() => goTo(page + 1)}>
            ›
          </button>
        </div>
        <div className="toolbar-middle">
          <button type="button" aria-label="Zoom out" disabled={zoomIndex === 0} onClick={() => setZoomIndex(zoomIndex - 1)}>
            −
          </button>
          <span>{Math.round(ZOOMS[zoomIndex] * 100)}%</span>
          <button type="button" aria-label="Zoom in" disabled={zoomIndex === ZOOMS.length - 1} onClick={() => setZoomIndex(zoomIndex + 1)}>
            +
          </button>
        </div>
      </div>
      <div className="pages">
        {Array.from({ length: pdf.numPages }, (_, i) => (
          <canvas key={i} className="page" data-page={i + 1} aria-label={`Page ${i + 1}`} ref={(el) => void (pages.current[i] = el)} />
        ))}
      </div>
    </>
  );
}
