import zlib from 'node:zlib';

/** A small but complete PDF (header, one empty page, xref, %%EOF). */
export function samplePdf(text = 'sample'): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj\n% ${text}\ntrailer <</Root 1 0 R>>\n%%EOF\n`,
    'latin1',
  );
}

/** An OLE2 compound file header with a WordDocument stream name, as a .doc carries. */
export function sampleDoc(): Buffer {
  const data = Buffer.alloc(1536);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(data, 0);
  Buffer.from('WordDocument', 'utf16le').copy(data, 1024);
  return data;
}

export interface ZipOptions {
  /** Deflate the entries (a zip bomb needs it); stored otherwise. */
  deflate?: boolean;
  /** The uncompressed size the headers claim, when it should lie. */
  declaredSize?: (name: string, realSize: number) => number;
}

/** A ZIP archive of the given entries (stored, or deflated). */
export function zipOf(entries: Record<string, string | Buffer>, options: ZipOptions = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8');
    const stored = options.deflate ? zlib.deflateRawSync(data, { level: 9 }) : data;
    const size = options.declaredSize?.(name, data.length) ?? data.length;
    const method = options.deflate ? 8 : 0;
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(stored.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(stored.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, stored);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const WORD_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';

/** A minimal real Word package: content types naming the main document, which exists (plus any extra parts). */
export function sampleDocx(mainType = WORD_MAIN, extraParts: Record<string, string | Buffer> = {}, options: ZipOptions = {}): Buffer {
  return zipOf(
    {
      '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="${mainType}"/></Types>`,
      'word/document.xml':
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Hello</w:t></w:r></w:p></w:body></w:document>',
      ...extraParts,
    },
    options,
  );
}

/**
 * A complete PDF made of the given objects (numbered from 1; object 1 is the catalog,
 * whose dictionary may carry `catalogExtra`, such as an /OpenAction). Binary parts
 * (compressed streams) go in as Buffers.
 */
export function pdfOf(objects: Array<string | Buffer>, catalogExtra = ''): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n', 'latin1')];
  parts.push(Buffer.from(`1 0 obj <</Type /Catalog /Pages 2 0 R ${catalogExtra}>> endobj\n`, 'latin1'));
  parts.push(
    Buffer.from(
      '2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj\n',
      'latin1',
    ),
  );
  objects.forEach((object, i) => {
    parts.push(
      Buffer.from(`${i + 4} 0 obj `, 'latin1'),
      Buffer.isBuffer(object) ? object : Buffer.from(object, 'latin1'),
      Buffer.from(' endobj\n', 'latin1'),
    );
  });
  parts.push(Buffer.from('trailer <</Root 1 0 R>>\n%%EOF\n', 'latin1'));
  return Buffer.concat(parts);
}

/**
 * A stream object: its dictionary entries and its bytes (deflated when the dictionary says
 * /FlateDecode, or `deflate` asks), the line end after `stream` (`eol`), and whether the
 * `endstream` keyword closes it.
 */
export function streamObject(
  dictionary: string,
  content: string,
  options: { deflate?: boolean; eol?: string; endstream?: boolean } = {},
): Buffer {
  const { deflate = dictionary.includes('/FlateDecode'), eol = '\n', endstream = true } = options;
  const data = deflate ? zlib.deflateSync(Buffer.from(content, 'latin1')) : Buffer.from(content, 'latin1');
  return Buffer.concat([
    Buffer.from(`<<${dictionary} /Length ${data.length}>>\nstream${eol}`, 'latin1'),
    data,
    Buffer.from(endstream ? '\nendstream' : '', 'latin1'),
  ]);
}

/** An OLE2 Word 97 document that also holds the given bytes (an embedded object's stream). */
export function sampleDocWith(embedded: Buffer): Buffer {
  return Buffer.concat([sampleDoc(), embedded]);
}

/** A Windows executable's first bytes. */
export function sampleExe(): Buffer {
  const data = Buffer.alloc(1024);
  data.write('MZ', 0, 'latin1');
  data.write('This program cannot be run in DOS mode.', 78, 'latin1');
  return data;
}

export interface MultipartPart {
  name: string;
  value?: string;
  file?: { fileName: string; contentType?: string; data: Buffer };
}

/** A multipart/form-data body built byte by byte, so tests control names and declared types exactly. */
export function multipart(parts: MultipartPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----cti-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if (part.file) {
      const type = part.file.contentType === undefined ? 'application/octet-stream' : part.file.contentType;
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.file.fileName}"\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`,
          'utf8',
        ),
        part.file.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value ?? ''}\r\n`, 'utf8'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const fileUpload = (fileName: string, data: Buffer, contentType?: string) =>
  multipart([{ name: 'file', file: { fileName, data, contentType } }]);
