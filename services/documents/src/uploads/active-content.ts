import zlib from 'node:zlib';

import yauzl from 'yauzl';

import { UploadProblems } from '@cti/contracts';

import type { DocumentExtension } from '../storage/content-types';

/**
 * What a document may not carry even when it is the kind of file its name says: code
 * that runs when it is opened, a second life as a web page, a program inside it, or a
 * package that expands to far more than it weighs. Returns the reason to refuse, or null.
 */
export async function dangerIn(data: Buffer, ext: DocumentExtension, limits: { maxExpandedBytes: number }): Promise<string | null> {
  switch (ext) {
    case 'pdf':
      return pdfDanger(data, limits.maxExpandedBytes);
    case 'doc':
      return embeddedProgramIn(data) ? UploadProblems.embeddedProgram : null;
    case 'docx':
      return packageDanger(data, limits.maxExpandedBytes);
  }
}

// ---- PDF ----------------------------------------------------------------------------

/** PDF names that make a reader run something: scripts (also as an open action) and launching programs. */
const ACTIVE_NAMES = new Set(['JS', 'JavaScript', 'Launch']);

/** A PDF name token (`/JavaScript`), with `#xx` escapes decoded (`/Java#53cript` is `/JavaScript`). */
const NAME = /\/([^\s/<>[\](){}%]+)/g;
const decodeName = (raw: string) => raw.replace(/#([0-9a-fA-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const hasActiveName = (text: string) => {
  for (const match of text.matchAll(NAME)) if (ACTIVE_NAMES.has(decodeName(match[1]))) return true;
  return false;
};

/** Markup a browser would render as a page: an HTML/PDF polyglot carries it outside the PDF's streams. */
const HTML_MARKUP = /<\s*(!doctype\s+html|html|head|body|script|iframe|object|embed|svg|meta|form|img\s|a\s+href)\b/i;

/** Every name written out (`/Obj#53tm` as `/ObjStm`), so dictionaries are matched as a reader reads them. */
const withDecodedNames = (text: string) => text.replace(NAME, (_m, raw: string) => `/${decodeName(raw)}`);

/**
 * The `stream` keyword as a reader takes it: a token of its own (not the end of
 * `endstream`), then whatever is left of its line and the line end (CR LF, LF or a lone
 * CR, as lenient readers accept).
 */
const STREAM_OPENING = /(?<![A-Za-z])stream(?![A-Za-z0-9])[^\r\n]*(?:\r\n|\r|\n)/g;

/**
 * Each stream with the text before it since the previous stream (its dictionary and any
 * objects without streams), and the text outside the streams (where dictionaries live).
 * A stream never closed by `endstream` runs to the end of the file, as readers that
 * trust its /Length take it.
 */
function splitStreams(text: string): { outside: string; streams: Array<{ dictionary: string; data: string }> } {
  const streams: Array<{ dictionary: string; data: string }> = [];
  let outside = '';
  let at = 0;
  STREAM_OPENING.lastIndex = 0;
  for (let start = STREAM_OPENING.exec(text); start; start = STREAM_OPENING.exec(text)) {
    const dataStart = start.index + start[0].length;
    const closing = text.indexOf('endstream', dataStart);
    const end = closing < 0 ? text.length : closing;
    outside += text.slice(at, start.index);
    streams.push({ dictionary: withDecodedNames(text.slice(at, start.index)), data: text.slice(dataStart, end) });
    at = closing < 0 ? text.length : end + 'endstream'.length;
    STREAM_OPENING.lastIndex = at;
  }
  outside += text.slice(at);
  return { outside, streams };
}

/**
 * An object stream: /Type /ObjStm, or the /First offset only object streams have (readers
 * find object streams through the cross-reference and need not look at /Type).
 */
const OBJECT_STREAM = /\/(ObjStm|First)\b/;

/**
 * Actions live in dictionaries: outside streams, or (PDF 1.5+) inside compressed object
 * streams. Page content streams cannot hold actions, so their text is never read (a
 * document may well print the word "JavaScript").
 */
function pdfDanger(data: Buffer, maxExpandedBytes: number): string | null {
  const text = data.toString('latin1');
  const { outside, streams } = splitStreams(text);
  if (HTML_MARKUP.test(outside) || HTML_MARKUP.test(text.slice(0, 1024))) return UploadProblems.polyglot;
  if (hasActiveName(outside)) return UploadProblems.activeContent;
  let expanded = 0;
  for (const stream of streams.filter((s) => OBJECT_STREAM.test(s.dictionary))) {
    let objects = stream.data;
    if (/\/FlateDecode\b/.test(stream.dictionary)) {
      try {
        const inflated = zlib.inflateSync(Buffer.from(stream.data, 'latin1'), {
          // bytes after the end of the compressed data (a stream without endstream) are ignored;
          // compressed data cut short (an `endstream` inside it) fails, and the file is not taken
          maxOutputLength: Math.max(1, maxExpandedBytes - expanded),
        });
        expanded += inflated.length;
        objects = inflated.toString('latin1');
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return UploadProblems.expandsTooMuch(megabytes(maxExpandedBytes));
        // encrypted (the PDF's /Encrypt) or damaged: what it holds cannot be read, so it is not taken
        return UploadProblems.uncheckable;
      }
    } else if (/\/Filter\b/.test(stream.dictionary)) {
      // an object stream under another filter is one this check cannot read: not taken
      return UploadProblems.uncheckable;
    }
    if (hasActiveName(objects)) return UploadProblems.activeContent;
  }
  return null;
}

// ---- Word ---------------------------------------------------------------------------

/** A Windows program (PE), a Linux one (ELF), or an OLE "Package" object wrapping any file (`\x01Ole10Native`). */
const PROGRAM_MARKS = [
  Buffer.from('This program cannot be run in DOS mode', 'latin1'),
  Buffer.from('This program must be run under Win32', 'latin1'),
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01]),
  Buffer.from('\u0001Ole10Native', 'utf16le'),
];

export const embeddedProgramIn = (data: Buffer): boolean => PROGRAM_MARKS.some((mark) => data.includes(mark));

/** Parts of a Word package that are programs, scripts or macros, whatever Word would do with them. */
const PROGRAM_PART = /\.(exe|dll|scr|com|bat|cmd|ps1|vbs|js|jse|wsf|msi|jar)$|vbaProject\.bin$/i;

/**
 * A .docx is a ZIP package: refused when it expands to more than the limit (a zip bomb;
 * sizes are counted while inflating, not taken from the headers, which can lie) or when
 * it embeds a program (`word/embeddings/*.exe`, an OLE package object).
 */
function packageDanger(data: Buffer, maxExpandedBytes: number): Promise<string | null> {
  const tooMuch = UploadProblems.expandsTooMuch(megabytes(maxExpandedBytes));
  return new Promise((resolve) => {
    yauzl.fromBuffer(data, { lazyEntries: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return resolve(UploadProblems.content);
      let expanded = 0;
      let settled = false;
      const finish = (reason: string | null) => {
        if (settled) return;
        settled = true;
        zip.close();
        resolve(reason);
      };
      zip.on('error', () => finish(UploadProblems.content));
      zip.on('end', () => finish(null));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        if (PROGRAM_PART.test(entry.fileName)) return finish(UploadProblems.embeddedProgram);
        if (expanded + entry.uncompressedSize > maxExpandedBytes) return finish(tooMuch);
        zip.openReadStream(entry, (streamErr, stream) => {
          if (streamErr || !stream) return finish(UploadProblems.content);
          const chunks: Buffer[] = [];
          const embedded = entry.fileName.startsWith('word/embeddings/');
          stream.on('data', (chunk: Buffer) => {
            expanded += chunk.length;
            if (embedded) chunks.push(chunk);
            if (expanded > maxExpandedBytes) {
              stream.destroy();
              finish(tooMuch);
            }
          });
          // a size that does not match the header (validateEntrySizes) is a damaged or forged package
          stream.on('error', () => finish(UploadProblems.content));
          stream.on('end', () => {
            if (embedded && embeddedProgramIn(Buffer.concat(chunks))) return finish(UploadProblems.embeddedProgram);
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
