import type { DocumentRow } from '@cti/contracts';
import { fixedClock } from '@cti/service-kit';

import { LocalFileStorage } from '../../src/storage/local-storage';
import { sweepUnattachedFiles } from '../../src/uploads/stored-files';
import { admin, startDocuments, storedObjects, upload, type DocumentsTestBed } from '../support/documents-kit';
import { samplePdf } from '../support/sample-files';

describe("an upload's time follows the service clock", () => {
  const clock = fixedClock(new Date('2021-03-04T05:06:07.000Z'));
  let bed: DocumentsTestBed;
  beforeAll(async () => {
    bed = await startDocuments({}, { clock });
  });
  afterAll(() => bed.close());

  it('records the upload at the clock time and sweeps it only once the clock is past the time to live', async () => {
    const s3Name = await upload(bed.app, 'a.pdf', samplePdf());
    const row = await bed.app.db.selectFrom('files').select('uploadedAt').where('s3Name', '=', s3Name).executeTakeFirstOrThrow();
    expect(new Date(row.uploadedAt).toISOString()).toBe('2021-03-04T05:06:07.000Z');

    const storage = new LocalFileStorage({ directory: bed.storageDir, publicUrl: 'http://localhost', signingKey: 'k' });
    clock.advance(23 * 3_600_000);
    expect(await sweepUnattachedFiles(bed.app.db, storage, 24, bed.app.clock.now())).toBe(0);
    clock.advance(2 * 3_600_000);
    expect(await sweepUnattachedFiles(bed.app.db, storage, 24, bed.app.clock.now())).toBe(1);
    expect(storedObjects(bed.storageDir)).toEqual([]);
  });

  it('dates a supporting document by the clock when it is added', async () => {
    clock.set(new Date('2022-07-08T09:10:11.000Z'));
    const s3Name = await upload(bed.app, 'guide.pdf', samplePdf());
    const res = await bed.app.inject({
      method: 'POST',
      url: '/api/document/supporting',
      headers: admin(),
      payload: { Title: 'Guide', Access: 'Global', S3Name: s3Name },
    });
    expect(res.statusCode).toBe(200);
    expect(new Date((res.json() as DocumentRow).Uploaded).toISOString()).toBe('2022-07-08T09:10:11.000Z');
  });
});
