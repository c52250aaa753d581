/**
 * Styles inlined into the exported HTML: the renderer runs no scripts and loads
 * nothing of the app, so the PDF carries its own look (A4, print-friendly).
 */
export const EXPORT_CSS = `
@page { size: A4; margin: 18mm 16mm; }
* { box-sizing: border-box; }
body { font-family: 'Helvetica Neue', Arial, sans-serif; color: #14202b; font-size: 10.5pt; line-height: 1.45; margin: 0; }
.export-cover { border-bottom: 3px solid #0b3d66; margin-bottom: 14pt; padding-bottom: 8pt; }
.export-cover h1 { font-size: 20pt; margin: 0 0 4pt; color: #0b3d66; }
.export-cover p { margin: 0; color: #55616e; }
.export-part { page-break-inside: auto; margin-bottom: 14pt; }
.export-part h2 { font-size: 13pt; color: #0b3d66; border-bottom: 1px solid #d6dde4; padding-bottom: 3pt; margin: 14pt 0 8pt; page-break-after: avoid; }
.export-part h2 .part { display: inline-block; min-width: 28pt; color: #55616e; }
.export-description { color: #55616e; font-style: italic; margin: 0 0 8pt; }
.export-question { margin: 0 0 8pt; page-break-inside: avoid; }
.export-question .text { font-weight: 700; margin: 0 0 2pt; }
.export-question .answer { margin: 0 0 0 12pt; white-space: pre-wrap; }
.export-question .answer.empty { color: #8a96a3; font-style: italic; }
.export-question .answer p { margin: 0 0 4pt; }
`;
