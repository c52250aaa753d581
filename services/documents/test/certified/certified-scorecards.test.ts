import { createHash } from 'node:crypto';

import { RoleIds } from '@cti/access';
import type { CertificateVerification } from '@cti/contracts';
import { dataAccessOf, fixedClock } from '@cti/service-kit';
import { testClaims } from '@cti/testing';

import { issueCertifiedScorecard, type CallScoring } from '../../src/certified/certified-scorecards';
import { as, outboxData, startDocuments, type DocumentsTestBed } from '../support/documents-kit';
import { pdfText } from '../support/pdf';
import { multipart } from '../support/sample-files';
import { StandInService } from '../support/stand-in-service';

const IRELAND = '11111111-1111-4111-8111-111111111111';
let scorecard = {
  GroupId: IRELAND,
  Name: 'Ireland',
  Period: '2026 1st Q',
  PeriodId: 'p1',
  Score: 88.5,
  Category: 'Very High',
  A: 5,
  B: 4.5,
  UpdatedOn: '2026-03-01T00:00:00.000Z',
};
let scoringUp = true;

let bed: DocumentsTestBed;
let scoring: StandInService;

beforeAll(async () => {
  scoring = new StandInService((method, path) => {
    if (!scoringUp) return { status: 503, body: { statusCode: 503, error: 'Service Unavailable', message: 'down' } };
    if (method !== 'GET') return undefined;
    if (path === `/internal/scorecards/${IRELAND}`) return { body: scorecard };
    if (path === `/internal/scorecards/${IRELAND}/html?variant=compliance`) {
      return {
        type: 'text/html',
        body: `<!doctype html><html><head><link rel="stylesheet" href="assets/print.css"></head><body><h1>${scorecard.Name} scorecard</h1><p>Score ${scorecard.Score} ${scorecard.Category}</p></body></html>`,
      };
    }
    return undefined;
  });
  bed = await startDocuments({
    SCORING_URL: await scoring.start(),
    PUBLIC_URL: 'https://index.example.org',
    VERIFY_RATE_PER_MINUTE: '1000',
  });
});
afterAll(async () => {
  await bed.close();
  await scoring.stop();
});

const download = (headers: Record<string, string>, groupId = IRELAND) =>
  bed.app.inject({ method: 'GET', url: `/api/print/cft/${groupId}`, headers });
const verify = (code: string) => bed.app.inject({ method: 'GET', url: `/api/document/verify/${encodeURIComponent(code)}` });
const checkFile = (code: string, data: Buffer) => {
  const body = multipart([{ name: 'file', file: { fileName: 'scorecard.pdf', contentType: 'application/pdf', data } }]);
  return bed.app.inject({ method: 'POST', url: `/api/document/verify/${code}/file`, headers: body.headers, payload: body.payload });
};

let pdf: Buffer;
let code: string;

describe('certified-for-transaction download (GET api/print/cft/{groupId})', () => {
  it("renders scoring's scorecard stamped with issue date, period, a verification code and its QR", async () => {
    const res = await download(as(['Enhanced'], { sub: 'erin', name: 'Erin Enhanced' }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('filename="Ireland Certified Scorecard 2026 1st Q.pdf"');
    pdf = res.rawPayload;
    const { text } = await pdfText(pdf);
    expect(text).toContain('Ireland scorecard');
    expect(text).toContain('Certified for transaction');
    expect(text).toContain('Period 2026 1st Q');
    code = /Verification code\s+([0-9A-Z]{5}-[0-9A-Z]{5})/.exec(text)![1]!;
    expect(text).toContain(`https://index.example.org/verify/${code}`);
    expect(text).toMatch(/Issued \d{1,2} \w+ \d{4}/);
    expect(scoring.calls.every((c) => c.serviceToken === bed.ctx.env.SERVICE_TOKEN)).toBe(true);
  });

  it('records the download as an event with the PDF hash', async () => {
    const [event] = await outboxData(bed.app, 'evt.documents.certifiedScorecard.downloaded');
    expect(event).toMatchObject({
      code,
      groupId: IRELAND,
      groupName: 'Ireland',
      periodName: '2026 1st Q',
      score: 88.5,
      category: 'Very High',
      sha256: createHash('sha256').update(pdf).digest('hex'),
    });
  });

  it.each([['Admin'], ['AWGMember'], ['CFTPackage']] as const)('is open to %s (CFT access)', async (role) => {
    expect((await download(as([role]))).statusCode).toBe(200);
  });

  it.each([['Standard'], ['CountryViewer'], ['CFTAccess'], ['FreeAccess']] as const)('is refused to %s, who must order', async (role) => {
    expect((await download(as([role]))).statusCode).toBe(403);
  });

  it('passes on that scoring has no such scorecard', async () => {
    expect((await download(as(['Admin']), 'unknown-group')).statusCode).toBe(404);
  });
});

describe('public verification (GET api/document/verify/{code})', () => {
  it('confirms a genuine code and says what it certifies', async () => {
    const res = await verify(code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject<Partial<CertificateVerification>>({
      Code: code,
      GroupId: IRELAND,
      Country: 'Ireland',
      Period: '2026 1st Q',
      Score: 88.5,
      Category: 'Very High',
      Superseded: false,
      SupersededBy: null,
    });
  });

  it('accepts the code as people type it', async () => {
    expect((await verify(` ${code.toLowerCase().replace('-', '')} `)).statusCode).toBe(200);
  });

  it('tells a code that was never issued', async () => {
    for (const bad of ['ZZZZZ-ZZZZZ', 'not a code', '']) {
      const res = await verify(bad || ' ');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('No certified scorecard was issued with this verification code.');
    }
  });

  it('detects a PDF altered after issue and confirms the genuine one', async () => {
    expect((await checkFile(code, pdf)).json()).toMatchObject({ Matches: true });
    const altered = Buffer.from(pdf);
    altered[Math.floor(altered.length / 2)] ^= 0xff;
    expect((await checkFile(code, altered)).json()).toMatchObject({ Matches: false });
  });

  it('ignores changes that do not touch the certified facts', async () => {
    scorecard = { ...scorecard, UpdatedOn: '2026-03-02T00:00:00.000Z' };
    expect((await verify(code)).json().Superseded).toBe(false);
  });

  it('says when a newer scorecard supersedes it', async () => {
    scorecard = { ...scorecard, Period: '2026 2nd Q', PeriodId: 'p2', Score: 90, A: 5, B: 5 };
    const res = (await verify(code)).json() as CertificateVerification;
    expect(res.Superseded).toBe(true);
    expect(res.SupersededBy).toEqual({ Period: '2026 2nd Q', Score: 90, Category: 'Very High' });
  });

  it('falls back to later certificates when scoring does not answer', async () => {
    await download(as(['Admin']));
    scoringUp = false;
    try {
      const res = (await verify(code)).json() as CertificateVerification;
      expect(res.Superseded).toBe(true);
      expect(res.SupersededBy?.Period).toBe('2026 2nd Q');
    } finally {
      scoringUp = true;
    }
  });

  it('limits look-ups per client', async () => {
    const limited = await startDocuments({ SCORING_URL: 'http://127.0.0.1:9', VERIFY_RATE_PER_MINUTE: '3' });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await limited.app.inject({ method: 'GET', url: '/api/document/verify/ZZZZZ-ZZZZZ' })).statusCode);
      expect(statuses).toEqual([404, 404, 404, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('issuing with a fixed clock', () => {
  it('dates the certificate, its event and its verification by the clock it is given, not the wall clock', async () => {
    const clock = fixedClock('2024-02-03T04:05:06.000Z');
    const admin = testClaims({
      sub: 'clock-admin',
      email: 'clock@example.com',
      name: 'Clock Admin',
      roles: [RoleIds.Admin],
      isAdmin: true,
    });
    const callScoring: CallScoring = async <T>(path: string) =>
      (path.endsWith('/html?variant=compliance') ? '<!doctype html><p>scorecard</p>' : scorecard) as T;
    await issueCertifiedScorecard(
      {
        ...dataAccessOf(bed.app),
        clock,
        callScoring,
        renderer: { render: async () => Buffer.from('%PDF-1.4 stand-in') },
        publicUrl: 'https://index.example.org',
      },
      admin,
      IRELAND,
    );
    const issued = (await outboxData(bed.app, 'evt.documents.certifiedScorecard.downloaded')).at(-1) as { code: string; issuedAt: string };
    expect(issued.issuedAt).toBe('2024-02-03T04:05:06.000Z');
    const res = await verify(issued.code);
    expect(new Date((res.json() as CertificateVerification).IssuedOn).toISOString()).toBe('2024-02-03T04:05:06.000Z');
  });
});
