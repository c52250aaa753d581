import type { DocumentRow } from '@cti/contracts';

import { admin, as, outboxData, startDocuments, storedObjects, type DocumentsTestBed } from '../support/documents-kit';
import { pdfText } from '../support/pdf';
import { multipart, sampleDocx, samplePdf } from '../support/sample-files';

let bed: DocumentsTestBed;
const acidUser = () => as(['CountryViewer'], { sub: 'acid-user', isAcid: true, name: 'Ian Insolvency' });
const plainUser = () => as(['Enhanced'], { sub: 'plain-user' });

beforeAll(async () => {
  bed = await startDocuments();
});
afterAll(() => bed.close());

async function uploadAcid(title: string, access: string | null, fileName = `${title}.pdf`, data = samplePdf(title), headers = admin()) {
  const body = multipart([
    { name: 'title', value: title },
    ...(access === null ? [] : [{ name: 'access', value: access }]),
    { name: 'file', file: { fileName, data } },
  ]);
  return bed.app.inject({ method: 'POST', url: '/api/acid/upload', headers: { ...headers, ...body.headers }, payload: body.payload });
}

let publicDoc: DocumentRow;
let privateDoc: DocumentRow;
let wordDoc: DocumentRow;

describe('POST /api/acid/upload (admin)', () => {
  it('stores the file with its title; access is Private unless Public is chosen', async () => {
    const res = await uploadAcid('Restricted digest', null);
    expect(res.statusCode).toBe(200);
    privateDoc = res.json();
    expect(privateDoc).toMatchObject({ Title: 'Restricted digest', Access: 'Private', IsPrivate: true });
    publicDoc = (await uploadAcid('Practice guide', 'Public')).json();
    expect(publicDoc).toMatchObject({ Access: 'Public', IsPrivate: false });
    wordDoc = (await uploadAcid('Word memo', 'Private', 'memo.docx', sampleDocx())).json();
    expect(await outboxData(bed.app, 'evt.documents.document.added')).toHaveLength(3);
  });

  it('needs a title, a known access and an admin', async () => {
    expect((await uploadAcid('  ', 'Public', 'x.pdf')).json().message).toBe('Please fill out all fields');
    expect((await uploadAcid('T', 'Secret')).statusCode).toBe(400);
    expect((await uploadAcid('T', 'Public', 't.pdf', samplePdf(), as(['Enhanced'], { isAcid: true }))).statusCode).toBe(403);
    expect(storedObjects(bed.storageDir)).toHaveLength(3);
  });
});

describe('listing ACID documents', () => {
  it('gives IsACID users both sections and others none (the spec: ACID documents are for IsACID users)', async () => {
    const titles = async (headers: Record<string, string>) =>
      ((await bed.app.inject({ method: 'POST', url: '/api/acid/documents', headers })).json() as DocumentRow[]).map((d) => d.Title).sort();
    expect(await titles(acidUser())).toEqual(['Practice guide', 'Restricted digest', 'Word memo']);
    expect(await titles(plainUser())).toEqual([]);
    expect(await titles(as(['FreeAccess'], { sub: 'free-reader', free: true }))).toEqual([]);
  });

  it('gives the admin list (type=3) to admins only', async () => {
    const res = await bed.app.inject({ method: 'POST', url: '/api/document/all?type=3', headers: admin() });
    expect((res.json() as DocumentRow[]).map((d) => d.Title)).toEqual(['Word memo', 'Practice guide', 'Restricted digest']);
    expect((await bed.app.inject({ method: 'POST', url: '/api/document/all?type=3', headers: acidUser() })).statusCode).toBe(403);
  });
});

describe('downloading and viewing', () => {
  it('downloads ACID documents, public and private, for admins and IsACID users only', async () => {
    const get = (s3Name: string, headers: Record<string, string>) =>
      bed.app.inject({ method: 'GET', url: `/api/acid/download/${s3Name}`, headers });
    const ok = await get(privateDoc.S3Name, acidUser());
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-disposition']).toContain('Restricted digest.pdf');
    expect((await get(privateDoc.S3Name, admin())).statusCode).toBe(200);
    const refused = await get(privateDoc.S3Name, plainUser());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have permission to view this document.');
    // a public one too, by either download path, for a signed-in user without IsACID (FreeAccess included)
    for (const headers of [plainUser(), as(['FreeAccess'], { sub: 'free-reader', free: true })]) {
      expect((await get(publicDoc.S3Name, headers)).statusCode).toBe(403);
      expect((await bed.app.inject({ method: 'GET', url: `/api/document/${publicDoc.S3Name}`, headers })).statusCode).toBe(403);
    }
    expect((await get(publicDoc.S3Name, acidUser())).statusCode).toBe(200);
    expect((await get('00000000-0000-4000-8000-000000000000.pdf', admin())).statusCode).toBe(404);
  });

  it('prepares PDFs for the viewer and refuses other types with the spec text', async () => {
    const view = (s3Name: string, headers = acidUser()) => bed.app.inject({ method: 'GET', url: `/api/acid/view/${s3Name}`, headers });
    expect((await view(privateDoc.S3Name)).json()).toEqual({ filename: privateDoc.S3Name });
    const word = await view(wordDoc.S3Name);
    expect(word.statusCode).toBe(400);
    expect(word.json().message).toBe('This document type is not supported for in-browser viewing.');
    const denied = await view(privateDoc.S3Name, plainUser());
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('You do not have permission to view this document.');
  });
});

describe('ACID PDF generation', () => {
  it('generates the register for an IsACID user and hands it to that user only', async () => {
    const auth = await bed.app.inject({ method: 'GET', url: '/api/print/pdf/auth', headers: acidUser() });
    expect(auth.statusCode).toBe(200);
    const { filename } = auth.json() as { filename: string };
    expect(filename).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    const pdf = await bed.app.inject({ method: 'GET', url: `/api/print/pdf?filename=${filename}`, headers: acidUser() });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^inline; /);
    const { text } = await pdfText(pdf.rawPayload);
    expect(text).toContain('ACID insolvency materials');
    expect(text).toContain('Prepared for Ian Insolvency');
    expect(text).toContain('Restricted digest');
    expect(text).toContain('Practice guide');

    const someoneElse = as(['Admin'], { sub: 'other-acid', isAcid: true });
    const stolen = await bed.app.inject({ method: 'GET', url: `/api/print/pdf?filename=${filename}`, headers: someoneElse });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().message).toBe('This ACID PDF is no longer available. Please generate it again.');
  });

  it('is for IsACID users only', async () => {
    expect((await bed.app.inject({ method: 'GET', url: '/api/print/pdf/auth', headers: plainUser() })).statusCode).toBe(403);
  });
});

describe('deleting an ACID document', () => {
  it('removes it through the shared delete call', async () => {
    const res = await bed.app.inject({ method: 'POST', url: `/api/document/delete/${wordDoc.S3Name}`, headers: admin() });
    expect(res.json()).toEqual({ message: 'Successfully Deleted.' });
    expect(storedObjects(bed.storageDir)).not.toContain(wordDoc.S3Name);
    expect(await outboxData(bed.app, 'evt.documents.document.deleted')).toContainEqual(
      expect.objectContaining({ kind: 'acid', title: 'Word memo' }),
    );
  });
});
