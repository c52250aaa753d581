import { fixedClock } from '@cti/service-kit';

import { startDocuments, type DocumentsTestBed } from '../support/documents-kit';

describe('demo documents', () => {
  let bed: DocumentsTestBed;
  beforeAll(async () => {
    bed = await startDocuments({ DEMO_DATA: 'true' }, { clock: fixedClock('2023-05-06T07:08:09.000Z') });
  });
  afterAll(() => bed.close());

  it('are added through the upload and document use-cases on start, dated by the service clock', async () => {
    const docs = await bed.app.db.selectFrom('documents').select(['kind', 'createdAt']).orderBy('title').execute();
    expect(docs.map((d) => d.kind).sort()).toEqual(['acid', 'acid', 'supporting', 'supporting', 'supporting']);
    expect(new Set(docs.map((d) => new Date(d.createdAt).toISOString()))).toEqual(new Set(['2023-05-06T07:08:09.000Z']));
  });
});
