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

/**
 * PDF names that make a reader do something beyond showing the document, each with the reason
 * a file carrying one is refused: run a script or a program, send a form's fields away, open
 * or import another file, play rich media, or hand the reader an embedded file.
 */
const DANGEROUS_NAMES = new Map<string, string>([
  ['JS', UploadProblems.activeContent],
  ['JavaScript', UploadProblems.activeContent],
  ['Launch', UploadProblems.activeContent],
  ['SubmitForm', UploadProblems.formSubmission],
  ['GoToR', UploadProblems.remoteFile],
  ['GoToE', UploadProblems.remoteFile],
  ['ImportData', UploadProblems.remoteFile],
  ['RichMedia', UploadProblems.richMedia],
  ['EmbeddedFile', UploadProblems.embeddedFile],
  ['EmbeddedFiles', UploadProblems.embeddedFile],
  ['FileAttachment', UploadProblems.embeddedFile],
]);

/** A PDF name token (`/JavaScript`), with `#xx` escapes decoded (`/Java#53cript` is `/JavaScript`). */
const NAME = /\/([^\s/<>[\](){}%]+)/g;
const decodeName = (raw: string) => raw.replace(/#([0-9a-fA-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const dangerousName = (text: string): string | null => {
  for (const match of text.matchAll(NAME)) {
    const reason = DANGEROUS_NAMES.get(decodeName(match[1]));
    if (reason) return reason;
  }
  return null;
};

/** Schemes a link must not lead to: a script, inline content, a file on the reader's computer. */
const DANGEROUS_SCHEME = /^(javascript|vbscript|data|file):/;
/** The script schemes alone: what a string object reached through `/URI 7 0 R` is held to (a title may well start "Data:"). */
const SCRIPT_SCHEME = /^(javascript|vbscript):/;

/** PDF white space (and comments, which readers skip like it). */
const SKIP_SPACE = /(?:[\0\t\n\f\r ]|%[^\r\n]*)*/y;

const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };

/**
 * The string that starts at `at` (after white space), decoded: a literal `(…)` with its
 * escapes and nested parentheses, or a hex `<…>`; null when no string starts there.
 */
function pdfStringAt(text: string, at: number): string | null {
  SKIP_SPACE.lastIndex = at;
  SKIP_SPACE.exec(text);
  let i = SKIP_SPACE.lastIndex;
  if (text[i] === '<' && text[i + 1] !== '<') {
    const end = text.indexOf('>', i);
    const hex = text.slice(i + 1, end < 0 ? text.length : end).replace(/[^0-9a-fA-F]/g, '');
    return Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex').toString('latin1');
  }
  if (text[i] !== '(') return null;
  let depth = 1;
  let value = '';
  for (i++; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') {
      const octal = /^[0-7]{1,3}/.exec(text.slice(i + 1, i + 4));
      const next = text[++i] ?? '';
      if (octal) {
        value += String.fromCharCode(parseInt(octal[0], 8) & 0xff);
        i += octal[0].length - 1;
      } else if (next !== '\r' && next !== '\n') value += ESCAPES[next] ?? next;
    } else if (c === ')' && --depth === 0) return value;
    else {
      if (c === '(') depth++;
      value += c;
    }
  }
  return value;
}

/** Whether a link's target leads to one of the schemes, as a reader would follow it. */
const leadsTo = (schemes: RegExp) => (target: string) =>
  // readers drop white space and control characters around and inside a scheme, and ignore its case
  // eslint-disable-next-line no-control-regex -- control characters are what this expression removes
  schemes.test(target.replace(/[\u0000-\u0020\u007f]+/g, '').toLowerCase());

/** Where a link's target string can be: after a /URI key, or as an object of its own (`7 0 obj (…)`, reached by `/URI 7 0 R`). */
const LINK_TARGET = /\/URI(?![^\s/<>[\](){}%])|(?<![A-Za-z])obj(?![A-Za-z0-9])/g;

/** A link to a dangerous scheme in the document's dictionaries (names already written out), as a reader would follow it. */
const scriptLinkIn = (text: string): boolean => {
  for (const place of text.matchAll(LINK_TARGET)) {
    const target = pdfStringAt(text, place.index + place[0].length);
    if (target !== null && leadsTo(place[0] === 'obj' ? SCRIPT_SCHEME : DANGEROUS_SCHEME)(target)) return true;
  }
  return false;
};

/**
 * The objects of an object stream that are strings (a link's target reached by `/URI 7 0 R`):
 * its header pairs each object's number with its offset from `/First`.
 */
function objectStreamStrings(dictionary: string, objects: string): string[] {
  const first = Number(/\/First\s+(\d+)/.exec(dictionary)?.[1] ?? NaN);
  if (!Number.isInteger(first)) return [];
  const offsets = [...objects.slice(0, first).matchAll(/(\d+)\s+(\d+)/g)].map((pair) => Number(pair[2]));
  return offsets.map((offset) => pdfStringAt(objects, first + offset)).filter((value): value is string => value !== null);
}

/** What the dictionaries of a PDF (outside streams, or an object stream's objects) carry that makes it refused. */
const dictionaryDanger = (text: string): string | null =>
  dangerousName(text) ?? (scriptLinkIn(withDecodedNames(text)) ? UploadProblems.scriptLink : null);

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
 * Actions, links and attachments live in dictionaries: outside streams, or (PDF 1.5+) inside
 * compressed object streams. Page content streams cannot hold them, so their text is never
 * read (a document may well print the word "JavaScript").
 */
function pdfDanger(data: Buffer, maxExpandedBytes: number): string | null {
  const text = data.toString('latin1');
  const { outside, streams } = splitStreams(text);
  if (HTML_MARKUP.test(outside) || HTML_MARKUP.test(text.slice(0, 1024))) return UploadProblems.polyglot;
  // a program stored as it is, wherever in the file (an attachment or a stream of its own)
  if (embeddedProgramIn(data)) return UploadProblems.embeddedProgram;
  const outsideDanger = dictionaryDanger(outside);
  if (outsideDanger) return outsideDanger;
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
    const objectDanger = dictionaryDanger(objects);
    if (objectDanger) return objectDanger;
    if (objectStreamStrings(stream.dictionary, objects).some(leadsTo(SCRIPT_SCHEME))) return UploadProblems.scriptLink;
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
 * Parts Word would import as a web page or another document (an "alternative format chunk":
 * HTML, MHT, XHTML, RTF), by their names, their declared content types, or the relationship
 * that imports them (`…/relationships/aFChunk`), however the part is named.
 */
const HTML_PART = /\.(html?|xhtml|mht|mhtml)$|afchunk/i;
const HTML_CONTENT_TYPE = /ContentType\s*=\s*["'](text\/html|application\/xhtml\+xml|message\/rfc822|multipart\/related)["']/i;
const ALT_CHUNK_RELATIONSHIP = /Type\s*=\s*["'][^"']*\/aFChunk["']/i;
/** The parts that declare content types and relationships: read whole (they are small XML). */
const isDeclarationPart = (name: string) => name === '[Content_Types].xml' || name.endsWith('.rels');
const importsAPage = (xml: string) => HTML_CONTENT_TYPE.test(xml) || ALT_CHUNK_RELATIONSHIP.test(xml);

/**
 * A .docx is a ZIP package: refused when it expands to more than the limit (a zip bomb;
 * sizes are counted while inflating, not taken from the headers, which can lie), when
 * it embeds a program (`word/embeddings/*.exe`, an OLE package object), or when it carries
 * a web page or a document for Word to import (HTML, MHT, altChunk).
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
        if (HTML_PART.test(entry.fileName)) return finish(UploadProblems.htmlPart);
        if (expanded + entry.uncompressedSize > maxExpandedBytes) return finish(tooMuch);
        zip.openReadStream(entry, (streamErr, stream) => {
          if (streamErr || !stream) return finish(UploadProblems.content);
          const chunks: Buffer[] = [];
          const embedded = entry.fileName.startsWith('word/embeddings/');
          const declarations = isDeclarationPart(entry.fileName);
          stream.on('data', (chunk: Buffer) => {
            expanded += chunk.length;
            if (embedded || declarations) chunks.push(chunk);
            if (expanded > maxExpandedBytes) {
              stream.destroy();
              finish(tooMuch);
            }
          });
          // a size that does not match the header (validateEntrySizes) is a damaged or forged package
          stream.on('error', () => finish(UploadProblems.content));
          stream.on('end', () => {
            if (embedded && embeddedProgramIn(Buffer.concat(chunks))) return finish(UploadProblems.embeddedProgram);
            if (declarations && importsAPage(Buffer.concat(chunks).toString('utf8'))) return finish(UploadProblems.htmlPart);
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
