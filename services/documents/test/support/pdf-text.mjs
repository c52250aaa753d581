// Prints the text of a PDF (path in argv[2]) with pdf.js: run as a child process so the
// ESM-only library needs no transform in jest.
import fs from 'node:fs';

import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const data = new Uint8Array(fs.readFileSync(process.argv[2]));
const pdf = await getDocument({ data, useSystemFonts: false, isEvalSupported: false }).promise;
const pages = [];
for (let i = 1; i <= pdf.numPages; i++) {
  const content = await (await pdf.getPage(i)).getTextContent();
  pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
}
process.stdout.write(JSON.stringify({ pages: pdf.numPages, text: pages.join('\n') }));
