import { DocumentAnswers, UploadProblems } from '@cti/contracts';
import { documentsDb } from '../../src/db';
import { admin, as, outboxTypes, startDocuments, storedObjects, type DocumentsTestBed } from '../support/documents-kit';
import { fileUpload, multipart, sampleDoc, sampleDocx, samplePdf, sampleExe, zipOf, type MultipartPart } from '../support/sample-files';

const LIMIT = 64 * 1024;
let bed: DocumentsTestBed;

beforeAll(async () => {
  bed = await startDocuments({ UPLOAD_MAX_BYTES: String(LIMIT) });
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
    expect(await documentsDb(bed.app).selectFrom('files').selectAll().execute()).toEqual([]);
    expect(await outboxTypes(bed.app)).not.toContain('evt.documents.file.uploaded');
  });

  it('refuses the same corpus on the ACID upload', async () => {
    for (const bad of CORPUS.filter((c) => c.status === 400)) {
      const res = await post(bad.body(), admin(), '/api/acid/upload');
      expect(res.statusCode).toBe(400);
      expect(res.json().reason).toBe(bad.reason);
    }
    expect(storedObjects(bed.storageDir)).toEqual([]);
    expect(await documentsDb(bed.app).selectFrom('documents').selectAll().execute()).toEqual([]);
  });
});

describe('good uploads', () => {
  it.each([
    ['a PDF', 'Annual report.pdf', samplePdf(), 'application/pdf', 'pdf'],
    ['a Word 97 document', 'Legacy memo.doc', sampleDoc(), 'application/msword', 'doc'],
    ['a Word package', 'Opinion.docx', sampleDocx(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
    ['a PDF the browser did not type', 'untyped.PDF', samplePdf(), 'application/octet-stream', 'pdf'],
  ])('stores %s under a generated name and answers that name', async (_kind, fileName, data, type, ext) => {
    const res = await post(fileUpload(fileName, data, type));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const s3Name = res.body;
    expect(s3Name).toMatch(new RegExp(`^[0-9a-f-]{36}\\.${ext}$`));
    expect(storedObjects(bed.storageDir)).toContain(s3Name);
    const row = await documentsDb(bed.app).selectFrom('files').selectAll().where('s3Name', '=', s3Name).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ fileName, sizeBytes: data.length, purpose: 'document', attached: false });
  });

  it('records what each upload is for (?type=1 and 2 are annotations)', async () => {
    for (const [type, purpose] of [
      ['1', 'annotation1'],
      ['2', 'annotation2'],
    ]) {
      const res = await post(fileUpload('notes.pdf', samplePdf(), 'application/pdf'), admin(), `/api/document?type=${type}`);
      const row = await documentsDb(bed.app).selectFrom('files').selectAll().where('s3Name', '=', res.body).executeTakeFirstOrThrow();
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
