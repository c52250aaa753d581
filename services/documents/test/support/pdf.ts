import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Page count and text of a PDF, read by pdf.js in a child process. */
export async function pdfText(pdf: Buffer): Promise<{ pages: number; text: string }> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cti-pdf-')), 'doc.pdf');
  fs.writeFileSync(file, pdf);
  try {
    const { stdout } = await run(process.execPath, [path.join(__dirname, 'pdf-text.mjs'), file], { cwd: __dirname });
    return JSON.parse(stdout) as { pages: number; text: string };
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}
