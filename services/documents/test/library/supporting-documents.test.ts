import type { DocumentRow } from '@cti/contracts';

import {
  admin,
  as,
  givenCountry,
  outboxData,
  startDocuments,
  storedObjects,
  upload,
  type DocumentsTestBed,
} from '../support/documents-kit';
import { sampleDocx, samplePdf } from '../support/sample-files';

let bed: DocumentsTestBed;
const IRELAND = '11111111-1111-4111-8111-111111111111';
const CANADA = '22222222-2222-4222-8222-222222222222';

beforeAll(async () => {
  bed = await startDocuments();
  await givenCountry(bed.app, IRELAND, 'Ireland', 'IE');
  await givenCountry(bed.app, CANADA, 'Canada', 'CA');
});
afterAll(() => bed.close());

const add = (body: object, headers = admin()) =>
  bed.app.inject({ method: 'POST', url: '/api/document/supporting', headers, payload: body });
const list = async (headers: Record<string, string>) => {
  const res = await bed.app.inject({ method: 'POST', url: '/api/document/all', headers });
  expect(res.statusCode).toBe(200);
  return (res.json() as DocumentRow[]).map((d) => d.Title);
};

async function addDocument(
  title: string,
  access: string,
  countryId: string | null = null,
  fileName = `${title}.pdf`,
  data = samplePdf(title),
) {
  const s3Name = await upload(bed.app, fileName, data);
  const res = await add({ Title: title, Access: access, CountryId: countryId, S3Name: s3Name });
  expect(res.statusCode).toBe(200);
  return res.json() as DocumentRow;
}

let global: DocumentRow;
let irish: DocumentRow;
let internal: DocumentRow;

describe('adding supporting documents (admin)', () => {
  it('adds a document with title, file and access, and records the event', async () => {
    global = await addDocument('Convention text', 'Global');
    expect(global).toMatchObject({
      Title: 'Convention text',
      Access: 'Global',
      CountryId: null,
      CountryName: null,
      IsPrivate: false,
      FileName: 'Convention text.pdf',
      FileType: 'pdf',
    });
    expect(global.S3Name).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(await outboxData(bed.app, 'evt.documents.document.added')).toContainEqual(
      expect.objectContaining({ kind: 'supporting', title: 'Convention text', access: 'Global', s3Name: global.S3Name }),
    );
  });

  it('needs a country for Member access and names it', async () => {
    irish = await addDocument('Irish implementation notes', 'Member', IRELAND, 'notes.docx', sampleDocx());
    expect(irish).toMatchObject({ Access: 'Member', CountryId: IRELAND, CountryName: 'Ireland', FileType: 'docx' });
    internal = await addDocument('Panel minutes', 'Admin');
  });

  it.each([
    ['no title', { Title: ' ', Access: 'Global' }],
    ['no access', { Title: 'T', Access: '' }],
    ['an unknown access', { Title: 'T', Access: 'Everyone' }],
    ['Member without a country', { Title: 'T', Access: 'Member' }],
    ['no file', { Title: 'T', Access: 'Global', S3Name: '' }],
  ])('answers "Please fill out all fields" for %s', async (_case, body) => {
    const s3Name = await upload(bed.app, 'x.pdf', samplePdf());
    const res = await add({ S3Name: s3Name, ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please fill out all fields');
  });

  it('refuses a file that was not uploaded, or is already used', async () => {
    expect((await add({ Title: 'T', Access: 'Global', S3Name: '00000000-0000-4000-8000-000000000000.pdf' })).json().message).toBe(
      'The uploaded file was not found. Please upload it again.',
    );
    expect((await add({ Title: 'T', Access: 'Global', S3Name: global.S3Name })).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    const s3Name = await upload(bed.app, 'y.pdf', samplePdf());
    expect((await add({ Title: 'T', Access: 'Global', S3Name: s3Name }, as(['AWGMember']))).statusCode).toBe(403);
  });
});

describe('the library each user sees', () => {
  it('shows admins everything, newest first', async () => {
    expect(await list(admin())).toEqual(['Panel minutes', 'Irish implementation notes', 'Convention text']);
  });

  it('shows Member documents to members of that country only, and Admin documents to nobody else', async () => {
    expect(await list(as(['CountryViewer'], { groups: [IRELAND] }))).toEqual(['Irish implementation notes', 'Convention text']);
    expect(await list(as(['CountryRespondent'], { groups: [CANADA] }))).toEqual(['Convention text']);
    expect(await list(as(['Enhanced']))).toEqual(['Convention text']);
    expect(await list(as(['Standard']))).toEqual(['Convention text']);
  });

  it('shows nothing to users without documents access (free users)', async () => {
    expect(await list(as(['FreeAccess'], { free: true }))).toEqual([]);
    expect((await bed.app.inject({ method: 'POST', url: '/api/document/all' })).statusCode).toBe(401);
  });
});

describe('downloading supporting documents', () => {
  const download = (s3Name: string, headers: Record<string, string>) =>
    bed.app.inject({ method: 'GET', url: `/api/document/${s3Name}`, headers });

  it('sends the file with its type and a safe saved name', async () => {
    const res = await download(global.S3Name, as(['AWGMember']));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Convention text.pdf"; filename*=UTF-8''Convention%20text.pdf`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(samplePdf('Convention text'))).toBe(true);
    const docx = await download(irish.S3Name, as(['CountryRespondent'], { groups: [IRELAND] }));
    expect(docx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  });

  it.each([
    ['Admin', ['Admin'], 200],
    ['AWGMember', ['AWGMember'], 200],
    ['AWGMemberCTC', ['AWGMemberCTC'], 200],
    ['Enhanced', ['Enhanced'], 200],
    ['CountryRespondent', ['CountryRespondent'], 200],
    ['CountryViewer', ['CountryViewer'], 200],
    ['Standard', ['Standard'], 403],
    ['FreeAccess', ['FreeAccess'], 403],
    ['ScoringAccess', ['ScoringAccess'], 403],
  ] as const)('lets %s download (or not) as the index permission table says', async (_name, roles, status) => {
    expect((await download(global.S3Name, as([...roles]))).statusCode).toBe(status);
  });

  it('keeps Member and Admin documents from users who may not see them', async () => {
    expect((await download(irish.S3Name, as(['CountryViewer'], { groups: [CANADA] }))).statusCode).toBe(403);
    expect((await download(internal.S3Name, as(['AWGMember']))).statusCode).toBe(403);
    expect((await download('00000000-0000-4000-8000-000000000000.pdf', admin())).statusCode).toBe(404);
  });
});

describe('deleting supporting documents', () => {
  it('deletes the document and its file, answering "Successfully Deleted."', async () => {
    expect(
      (await bed.app.inject({ method: 'POST', url: `/api/document/delete/${internal.S3Name}`, headers: as(['Enhanced']) })).statusCode,
    ).toBe(403);
    const res = await bed.app.inject({ method: 'POST', url: `/api/document/delete/${internal.S3Name}`, headers: admin() });
    expect(res.json()).toEqual({ message: 'Successfully Deleted.' });
    expect(storedObjects(bed.storageDir)).not.toContain(internal.S3Name);
    expect(await list(admin())).not.toContain('Panel minutes');
    expect(await outboxData(bed.app, 'evt.documents.document.deleted')).toContainEqual(
      expect.objectContaining({ title: 'Panel minutes', kind: 'supporting' }),
    );
    expect((await bed.app.inject({ method: 'POST', url: `/api/document/delete/${internal.S3Name}`, headers: admin() })).statusCode).toBe(
      404,
    );
  });
});

describe('countries for selection', () => {
  it('lists the country groups known from identity, by name', async () => {
    const res = await bed.app.inject({ method: 'GET', url: '/api/document/countries', headers: admin() });
    expect(res.json()).toEqual([
      { Id: CANADA, Name: 'Canada' },
      { Id: IRELAND, Name: 'Ireland' },
    ]);
  });
});
