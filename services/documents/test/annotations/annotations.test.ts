import { createHash } from 'node:crypto';

import type { DocumentRow, MailMessage } from '@cti/contracts';

import { LocalFileStorage } from '../../src/storage/local-storage';
import {
  admin,
  as,
  givenCountry,
  outboxData,
  publishAndWait,
  startDocuments,
  storedObjects,
  upload,
  type DocumentsTestBed,
} from '../support/documents-kit';
import { sampleDocx, samplePdf } from '../support/sample-files';
import { StandInService } from '../support/stand-in-service';

const IRELAND = '11111111-1111-4111-8111-111111111111';
const BRITAIN = '33333333-3333-4333-8333-333333333333';
const PERIOD = 'period-2026-1';
const QUESTIONNAIRE = 'q-ireland-2026-1';

let bed: DocumentsTestBed;
let identity: StandInService;

beforeAll(async () => {
  identity = new StandInService((method, path) =>
    method === 'POST' && path === '/internal/mail/send' ? { body: { id: 'mail-1', status: 'queued' } } : undefined,
  );
  bed = await startDocuments({ IDENTITY_URL: await identity.start(), PUBLIC_URL: 'http://cti.test' });
  await givenCountry(bed.app, IRELAND, 'Ireland', 'IE');
  await givenCountry(bed.app, BRITAIN, 'United Kingdom', 'GB');
  await publishAndWait(
    bed.app,
    {
      type: 'evt.questionnaire.period.opened',
      actor: null,
      data: {
        periodId: PERIOD,
        name: '2026 1st Q',
        createdAt: new Date().toISOString(),
        closedQuestionnaireIds: [],
        openedQuestionnaireIds: [QUESTIONNAIRE],
      },
    },
    () => bed.app.db.selectFrom('periods').selectAll().executeTakeFirst(),
  );
  await publishAndWait(
    bed.app,
    {
      type: 'evt.questionnaire.questionnaire.created',
      actor: null,
      data: { questionnaireId: QUESTIONNAIRE, groupId: IRELAND, groupName: 'Ireland', periodId: PERIOD, periodName: '2026 1st Q' },
    },
    () => bed.app.db.selectFrom('questionnaires').selectAll().executeTakeFirst(),
  );
});
afterAll(async () => {
  await bed.close();
  await identity.stop();
});

const attach = (type: number, body: object, headers = admin()) =>
  bed.app.inject({ method: 'POST', url: `/api/document/annotation?type=${type}`, headers, payload: body });
const countryDocs = (groupId: string, type: number, headers: Record<string, string>) =>
  bed.app.inject({ method: 'POST', url: `/api/document/all/${groupId}?type=${type}`, headers });

let first: DocumentRow;
let current: DocumentRow;

describe('attaching annotations (scoring editors, admin)', () => {
  it('attaches an uploaded file to a questionnaire (type 1), with its country and period', async () => {
    const s3Name = await upload(bed.app, 'Ireland annotations v1.pdf', samplePdf('v1'), '?type=1');
    const res = await attach(1, { QuestionnaireId: QUESTIONNAIRE, S3Name: s3Name });
    expect(res.statusCode).toBe(200);
    first = res.json();
    expect(first).toMatchObject({
      Title: 'Ireland annotations v1.pdf',
      Access: 'Annotation',
      CountryId: IRELAND,
      CountryName: 'Ireland',
      PeriodName: '2026 1st Q',
    });
    const [event] = await outboxData(bed.app, 'evt.documents.annotation.attached');
    expect(event).toMatchObject({
      annotationType: 1,
      questionnaireId: QUESTIONNAIRE,
      groupId: IRELAND,
      groupName: 'Ireland',
      periodId: PERIOD,
      periodName: '2026 1st Q',
      fileName: 'Ireland annotations v1.pdf',
      replacedS3Name: null,
    });
  });

  it("replaces the questionnaire's previous annotation and removes its file", async () => {
    const s3Name = await upload(bed.app, 'Ireland annotations v2.docx', sampleDocx(), '?type=1');
    current = (await attach(1, { QuestionnaireId: QUESTIONNAIRE, S3Name: s3Name })).json();
    expect(storedObjects(bed.storageDir)).not.toContain(first.S3Name);
    expect((await outboxData(bed.app, 'evt.documents.annotation.attached'))[1]).toMatchObject({ replacedS3Name: first.S3Name });
  });

  it('attaches an enforceability annotation (type 2) by GroupId and PeriodId', async () => {
    const s3Name = await upload(bed.app, 'UK enforceability.pdf', samplePdf('uk'), '?type=2');
    const res = await attach(2, { S3Name: s3Name, GroupId: BRITAIN, PeriodId: PERIOD });
    expect(res.json()).toMatchObject({ CountryName: 'United Kingdom', PeriodName: '2026 1st Q' });
  });

  it('answers "Please fill out all fields" without the target, and refuses non-admins', async () => {
    const s3Name = await upload(bed.app, 'x.pdf', samplePdf(), '?type=2');
    expect((await attach(1, { S3Name: s3Name })).json().message).toBe('Please fill out all fields');
    expect((await attach(2, { S3Name: s3Name, GroupId: BRITAIN })).json().message).toBe('Please fill out all fields');
    expect((await attach(3, { S3Name: s3Name, QuestionnaireId: QUESTIONNAIRE })).statusCode).toBe(400);
    expect((await attach(2, { S3Name: s3Name, GroupId: BRITAIN, PeriodId: PERIOD }, as(['AWGMember']))).statusCode).toBe(403);
  });

  it('fills in country and period when the questionnaire becomes known later', async () => {
    const s3Name = await upload(bed.app, 'early.pdf', samplePdf(), '?type=1');
    const early = (await attach(1, { QuestionnaireId: 'q-later', S3Name: s3Name })).json() as DocumentRow;
    expect(early.CountryId).toBeNull();
    await publishAndWait(
      bed.app,
      {
        type: 'evt.questionnaire.questionnaire.created',
        actor: null,
        data: { questionnaireId: 'q-later', groupId: BRITAIN, groupName: 'United Kingdom', periodId: PERIOD, periodName: '2026 1st Q' },
      },
      async () => (await bed.app.db.selectFrom('documents').select('groupId').where('s3Name', '=', s3Name).executeTakeFirst())?.groupId,
    );
  });
});

describe("a country's documents on its scorecard (POST api/document/all/{groupId})", () => {
  it("lists the annotations of the type for Admin, AWGMember, Enhanced and the country's own viewers and respondents", async () => {
    for (const headers of [
      admin(),
      as(['AWGMember']),
      as(['Enhanced']),
      as(['AnnotationAccess', 'Standard']),
      as(['CountryViewer'], { groups: [IRELAND] }),
      as(['CountryRespondent'], { groups: [IRELAND] }),
    ]) {
      const res = await countryDocs(IRELAND, 1, headers);
      expect(res.statusCode).toBe(200);
      expect((res.json() as DocumentRow[]).map((d) => d.Title)).toEqual(['Ireland annotations v2.docx']);
    }
    expect(((await countryDocs(BRITAIN, 2, admin())).json() as DocumentRow[]).map((d) => d.Title)).toEqual(['UK enforceability.pdf']);
    expect((await countryDocs(IRELAND, 2, admin())).json()).toEqual([]);
  });

  it('lists no annotations to a Standard subscriber (Standard excludes annotations), except those of the countries open to all', async () => {
    const standard = as(['Standard']);
    const ireland = await countryDocs(IRELAND, 1, standard);
    expect(ireland.statusCode).toBe(200);
    expect(ireland.json()).toEqual([]);
    expect(((await countryDocs(BRITAIN, 2, standard)).json() as DocumentRow[]).map((d) => d.Title)).toEqual(['UK enforceability.pdf']);
  });

  it('refuses everyone else', async () => {
    expect((await countryDocs(IRELAND, 1, as(['CountryViewer'], { groups: [BRITAIN] }))).statusCode).toBe(403);
    expect((await countryDocs(IRELAND, 1, as(['FreeAccess']))).statusCode).toBe(403);
    expect((await countryDocs(IRELAND, 1, as(['ScoringAccess']))).statusCode).toBe(403);
  });

  it('lets only the annotation readers download the files', async () => {
    const get = (s3Name: string, headers: Record<string, string>) =>
      bed.app.inject({ method: 'GET', url: `/api/document/${s3Name}`, headers });
    const ok = await get(current.S3Name, as(['CountryViewer'], { groups: [IRELAND] }));
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-disposition']).toContain('Ireland annotations v2.docx');
    expect((await get(current.S3Name, as(['Enhanced']))).statusCode).toBe(200);
    expect((await get(current.S3Name, as(['FreeAccess']))).statusCode).toBe(403);
    expect((await get(current.S3Name, as(['Standard']))).statusCode).toBe(403);
    const uk = ((await countryDocs(BRITAIN, 2, admin())).json() as DocumentRow[])[0]!;
    expect((await get(uk.S3Name, as(['Standard']))).statusCode).toBe(200);
  });
});

describe('annotations e-mailed to the user (api/group/annotations/{groupId})', () => {
  const mailMe = (groupId: string, headers: Record<string, string>, query = '') =>
    bed.app.inject({ method: 'GET', url: `/api/group/annotations/${groupId}${query}`, headers });

  it('e-mails the newest annotation as a time-limited link that downloads the file', async () => {
    const res = await mailMe(IRELAND, as(['AnnotationAccess'], { email: 'reader@example.com', name: 'Rita Reader' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'The annotations have been e-mailed to you.' });
    const call = identity.calls.at(-1)!;
    expect(call.path).toBe('/internal/mail/send');
    expect(call.serviceToken).toBe(bed.ctx.env.SERVICE_TOKEN);
    const mail = call.body as MailMessage;
    expect(mail).toMatchObject({ to: ['reader@example.com'], kind: 'annotations', subject: 'Annotations for Ireland (2026 1st Q)' });
    const link = /href="([^"]+)"/.exec(mail.html)![1]!.replace(/&amp;/g, '&');
    expect(link.startsWith(`http://cti.test/api/document/link/${current.S3Name}?`)).toBe(true);

    const url = new URL(link);
    const download = await bed.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('Ireland annotations v2.docx');
    expect(download.rawPayload.equals(sampleDocx())).toBe(true);
    url.searchParams.set('name', 'other.docx');
    expect((await bed.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })).statusCode).toBe(403);

    expect(await outboxData(bed.app, 'evt.documents.annotation.emailed')).toContainEqual(
      expect.objectContaining({ to: 'reader@example.com', groupName: 'Ireland' }),
    );
  });

  it('opens the special countries to everyone and keeps others to the annotation roles', async () => {
    const free = as(['FreeAccess'], { free: true, email: 'free@example.com' });
    expect((await mailMe(BRITAIN, free, '?type=2')).statusCode).toBe(200);
    expect((await mailMe(IRELAND, free)).statusCode).toBe(403);
    expect((await mailMe(IRELAND, as(['Standard']))).statusCode).toBe(403);
    expect((await mailMe(IRELAND, as(['CountryRespondent'], { groups: [IRELAND] }))).statusCode).toBe(200);
  });

  it('says so when the country has no annotations', async () => {
    const res = await mailMe(IRELAND, admin(), '?type=2');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('There are no annotations for this country.');
  });
});

describe('signed links to files of other extensions', () => {
  it('are served without a content type', async () => {
    const local = new LocalFileStorage({
      directory: bed.storageDir,
      publicUrl: 'http://cti.test',
      signingKey: createHash('sha256').update(`documents-links:${bed.ctx.env.SERVICE_TOKEN}`).digest('hex'),
    });
    const url = new URL(await local.signedDownloadUrl(current.S3Name, { expiresInSeconds: 60, fileName: 'notes.txt', contentType: null }));
    const res = await bed.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBeUndefined();
    expect(res.headers['content-disposition']).toContain('filename="notes.txt"');
  });
});
