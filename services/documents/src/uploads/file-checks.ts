import yauzl from 'yauzl';

import type { DocumentExtension } from '../storage/content-types';

/**
 * What the bytes really are, decided by content and never by name or Content-Type:
 * a PDF starts with `%PDF-` and ends with `%%EOF`; a .doc is an OLE2 compound file
 * holding a `WordDocument` stream; a .docx is a ZIP (OPC) package whose
 * `[Content_Types].xml` declares a Word main document that exists in the package.
 */
export async function contentMatchesExtension(data: Buffer, ext: DocumentExtension): Promise<boolean> {
  switch (ext) {
    case 'pdf':
      return isPdf(data);
    case 'doc':
      return isWordBinary(data);
    case 'docx':
      return isWordPackage(data);
  }
}

export function isPdf(data: Buffer): boolean {
  if (data.length < 32 || data.subarray(0, 5).toString('latin1') !== '%PDF-') return false;
  // a complete file ends with %%EOF (followed by at most some whitespace)
  return data
    .subarray(Math.max(0, data.length - 1024))
    .toString('latin1')
    .includes('%%EOF');
}

const OLE2_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const WORD_STREAM_NAME = Buffer.from('WordDocument', 'utf16le');

export function isWordBinary(data: Buffer): boolean {
  return data.length >= 512 && data.subarray(0, 8).equals(OLE2_SIGNATURE) && data.includes(WORD_STREAM_NAME);
}

const WORD_MAIN_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
/** Packages with more parts than this, or a content-types part bigger than this, are not Word files we take. */
const MAX_ENTRIES = 5000;
const MAX_CONTENT_TYPES_BYTES = 1024 * 1024;

export async function isWordPackage(data: Buffer): Promise<boolean> {
  if (data.length < 30 || data.readUInt32LE(0) !== 0x04034b50) return false;
  try {
    const entries = await readZipEntries(data);
    const contentTypes = entries.get('[Content_Types].xml');
    if (!contentTypes) return false;
    const xml = contentTypes.toString('utf8');
    const override = new RegExp(
      `<Override[^>]*PartName="/([^"]+)"[^>]*ContentType="${escapeRegExp(WORD_MAIN_TYPE)}"|<Override[^>]*ContentType="${escapeRegExp(WORD_MAIN_TYPE)}"[^>]*PartName="/([^"]+)"`,
    );
    const match = override.exec(xml);
    const mainPart = match?.[1] ?? match?.[2];
    return !!mainPart && entries.has(mainPart);
  } catch {
    return false;
  }
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Names of every entry, with the content of `[Content_Types].xml` (bounded) read. */
function readZipEntries(data: Buffer): Promise<Map<string, Buffer | null>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('not a zip'));
      const entries = new Map<string, Buffer | null>();
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entries.size >= MAX_ENTRIES) {
          zip.close();
          return reject(new Error('too many entries'));
        }
        if (entry.fileName !== '[Content_Types].xml') {
          entries.set(entry.fileName, null);
          return zip.readEntry();
        }
        if (entry.uncompressedSize > MAX_CONTENT_TYPES_BYTES) return reject(new Error('content types too large'));
        zip.openReadStream(entry, (streamErr, stream) => {
          if (streamErr || !stream) return reject(streamErr ?? new Error('unreadable entry'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
