const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text to put into HTML we build (titles, names): every markup character escaped. */
export const escapeHtml = (text: unknown) => String(text ?? '').replace(/[&<>"']/g, (c) => entities[c]);

/** "21 November 2026" (issue dates printed on documents), in UTC. */
export const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A complete page of ours: the print stylesheet and logo come from the renderer's own assets. */
export function printablePage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><link rel="stylesheet" href="assets/print.css"></head><body><img src="assets/logo.svg" alt="Compliance Index" height="32">${body}</body></html>`;
}
