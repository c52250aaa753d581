import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { fixedClock } from '@cti/service-kit';

import { newStorageKey, ObjectMissing } from '../../src/storage/file-storage';
import { LocalFileStorage } from '../../src/storage/local-storage';
import { sweepUnattachedFiles } from '../../src/uploads/stored-files';
import { admin, outboxTypes, startDocuments, storedObjects, upload, type DocumentsTestBed } from '../support/documents-kit';
import { fileUpload, samplePdf } from '../support/sample-files';

describe('the local directory adapter', () => {
  let dir: string;
  let storage: LocalFileStorage;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cti-local-'));
    storage = new LocalFileStorage({ directory: dir, publicUrl: 'http://localhost:8080', signingKey: 'k' });
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes whole objects and leaves no temporary file behind', async () => {
    const key = newStorageKey('pdf');
    await storage.put(key, samplePdf(), 'application/pdf');
    expect(fs.readdirSync(dir)).toEqual([key]);
    expect((await storage.readAll(key)).equals(samplePdf())).toBe(true);
  });

  it('leaves nothing half-written when a write fails', async () => {
    const key = newStorageKey('pdf');
    // a directory where the object should go makes the final rename fail
    fs.mkdirSync(path.join(dir, key));
    fs.writeFileSync(path.join(dir, key, 'occupied'), 'x');
    await expect(storage.put(key, samplePdf(), 'application/pdf')).rejects.toThrow();
    expect(fs.readdirSync(dir)).toEqual([key]);
  });

  it('never touches a path made from request input', async () => {
    await expect(storage.readAll('../../etc/passwd')).rejects.toBeInstanceOf(ObjectMissing);
    await expect(storage.put('../escape.pdf', samplePdf(), 'application/pdf')).rejects.toBeInstanceOf(ObjectMissing);
    expect(await storage.exists('/etc/passwd')).toBe(false);
  });

  it('signs links that expire and cannot be altered', async () => {
    const key = newStorageKey('pdf');
    const url = new URL(await storage.signedDownloadUrl(key, { expiresInSeconds: 60, fileName: 'a.pdf', contentType: 'application/pdf' }));
    const query = Object.fromEntries(url.searchParams) as { expires: string; name: string; type?: string; signature: string };
    expect(url.pathname).toBe(`/api/document/link/${key}`);
    expect(storage.verifyLink(key, query)).toBe(true);
    expect(storage.verifyLink(key, { ...query, name: 'other.pdf' })).toBe(false);
    expect(storage.verifyLink(newStorageKey('pdf'), query)).toBe(false);
    const expired = new URL(await storage.signedDownloadUrl(key, { expiresInSeconds: -1, fileName: 'a.pdf', contentType: null }));
    expect(storage.verifyLink(key, Object.fromEntries(expired.searchParams) as typeof query)).toBe(false);
  });
});

describe('signed links on a fixed clock', () => {
  it('expire when the clock passes their time to live, not by the wall clock', async () => {
    const clock = fixedClock('2020-01-01T00:00:00.000Z');
    const storage = new LocalFileStorage({ directory: os.tmpdir(), publicUrl: 'http://localhost', signingKey: 'k', clock });
    const key = newStorageKey('pdf');
    const url = new URL(await storage.signedDownloadUrl(key, { expiresInSeconds: 60, fileName: 'a.pdf', contentType: null }));
    const query = Object.fromEntries(url.searchParams) as { expires: string; name: string; signature: string };
    expect(query.expires).toBe(String(Date.parse('2020-01-01T00:01:00.000Z') / 1000));
    clock.advance(59_000);
    expect(storage.verifyLink(key, query)).toBe(true);
    clock.advance(2_000);
    expect(storage.verifyLink(key, query)).toBe(false);
  });
});

describe('storing an upload', () => {
  let bed: DocumentsTestBed;
  beforeAll(async () => {
    bed = await startDocuments();
  });
  afterAll(() => bed.close());

  it('removes the stored object again when recording it fails, so nothing is left behind', async () => {
    // the database refuses the file row after the object was written
    await bed.ctx.query(
      `create function documents.refuse_files() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`,
    );
    await bed.ctx.query(
      'create trigger refuse_files before insert on documents.files for each row execute function documents.refuse_files()',
    );
    try {
      const body = fileUpload('a.pdf', samplePdf(), 'application/pdf');
      const res = await bed.app.inject({
        method: 'POST',
        url: '/api/document',
        headers: { ...admin(), ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(500);
      expect(storedObjects(bed.storageDir)).toEqual([]);
      expect(await outboxTypes(bed.app)).not.toContain('evt.documents.file.uploaded');
    } finally {
      await bed.ctx.query('drop trigger refuse_files on documents.files');
    }
  });

  it('sweeps uploads never attached to a document', async () => {
    const s3Name = await upload(bed.app, 'abandoned.pdf', samplePdf());
    const kept = await upload(bed.app, 'fresh.pdf', samplePdf());
    await bed.app.db
      .updateTable('files')
      .set({ uploadedAt: new Date(Date.now() - 2 * 86_400_000).toISOString() })
      .where('s3Name', '=', s3Name)
      .execute();
    const storage = new LocalFileStorage({ directory: bed.storageDir, publicUrl: 'http://localhost', signingKey: 'k' });
    expect(await sweepUnattachedFiles(bed.app.db, storage, 24, new Date())).toBe(1);
    expect(storedObjects(bed.storageDir)).toEqual([kept]);
    expect((await bed.app.db.selectFrom('files').select('s3Name').execute()).map((f) => f.s3Name)).toEqual([kept]);
  });
});
