import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';

import { newStorageKey, ObjectMissing } from '../../src/storage/file-storage';
import { GcsFileStorage } from '../../src/storage/gcs-storage';
import { admin, startDocuments, type DocumentsTestBed } from '../support/documents-kit';
import { fileUpload, samplePdf } from '../support/sample-files';

import { FakeGcsServer } from './fake-gcs-server';

const BUCKET = 'cti-documents-test';
let gcs: FakeGcsServer;
let endpoint: string;
let keyFile: string;
let storage: GcsFileStorage;

beforeAll(async () => {
  gcs = new FakeGcsServer(BUCKET);
  endpoint = await gcs.start();
  keyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cti-gcs-')), 'key.json');
  fs.writeFileSync(keyFile, JSON.stringify(gcs.credentials()));
  storage = new GcsFileStorage({ bucket: BUCKET, apiEndpoint: endpoint, projectId: 'test-project', keyFilename: keyFile });
});
afterAll(async () => {
  await gcs.stop();
  fs.rmSync(path.dirname(keyFile), { recursive: true, force: true });
});

const readStream = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

describe('the Google Cloud Storage adapter (real @google-cloud/storage client, local JSON API)', () => {
  it('stores, reads, streams and removes an object under its key', async () => {
    const key = newStorageKey('pdf');
    const data = samplePdf('gcs');
    await storage.put(key, data, 'application/pdf');
    expect(gcs.objects.get(key)).toMatchObject({ contentType: 'application/pdf' });
    expect(await storage.exists(key)).toBe(true);
    expect((await storage.readAll(key)).equals(data)).toBe(true);
    expect((await readStream(await storage.read(key))).equals(data)).toBe(true);
    await storage.remove(key);
    expect(await storage.exists(key)).toBe(false);
    await expect(storage.read(key)).rejects.toBeInstanceOf(ObjectMissing);
    await expect(storage.readAll(key)).rejects.toBeInstanceOf(ObjectMissing);
    await storage.remove(key); // removing twice is no error
  });

  it('never overwrites an existing object', async () => {
    const key = newStorageKey('pdf');
    await storage.put(key, samplePdf('first'), 'application/pdf');
    await expect(storage.put(key, samplePdf('second'), 'application/pdf')).rejects.toThrow();
    expect((await storage.readAll(key)).toString('latin1')).toContain('first');
  });

  it('makes v4 signed URLs the bucket accepts, naming the saved file and its type', async () => {
    const key = newStorageKey('pdf');
    await storage.put(key, samplePdf('signed'), 'application/pdf');
    const url = await storage.signedDownloadUrl(key, {
      expiresInSeconds: 3600,
      fileName: 'Ireland annotations.pdf',
      contentType: 'application/pdf',
    });
    expect(url.startsWith(`${endpoint}/${BUCKET}/${key}?`)).toBe(true);
    expect(new URL(url).searchParams.get('X-Goog-Algorithm')).toBe('GOOG4-RSA-SHA256');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain('filename="Ireland annotations.pdf"');
    expect(Buffer.from(await res.arrayBuffer()).toString('latin1')).toContain('signed');
    // a URL altered after signing is refused by the signature check
    const tampered = url.replace(key, newStorageKey('pdf'));
    expect((await fetch(tampered)).status).toBe(403);
  });

  it('reports the bucket as ready', async () => {
    expect(await storage.check()).toBe(true);
    const missing = new GcsFileStorage({ bucket: 'no-such-bucket', apiEndpoint: endpoint, keyFilename: keyFile });
    await expect(missing.check()).rejects.toThrow();
  });
});

describe('the documents service on Google Cloud Storage', () => {
  let bed: DocumentsTestBed;
  beforeAll(async () => {
    bed = await startDocuments({
      STORAGE_DRIVER: 'gcs',
      GCS_BUCKET: BUCKET,
      GCS_API_ENDPOINT: endpoint,
      GCS_PROJECT_ID: 'test-project',
      GCS_KEY_FILE: keyFile,
    });
  });
  afterAll(() => bed.close());

  it('uploads to the bucket, downloads from it and deletes from it', async () => {
    const body = fileUpload('Bucket test.pdf', samplePdf('through the service'), 'application/pdf');
    const uploaded = await bed.app.inject({
      method: 'POST',
      url: '/api/document',
      headers: { ...admin(), ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const s3Name = uploaded.body;
    expect(gcs.objects.has(s3Name)).toBe(true);
    expect(bed.storageDir && fs.readdirSync(bed.storageDir)).toEqual([]);

    const added = await bed.app.inject({
      method: 'POST',
      url: '/api/document/supporting',
      headers: admin(),
      payload: { Title: 'In the bucket', Access: 'Global', S3Name: s3Name },
    });
    expect(added.statusCode).toBe(200);
    const download = await bed.app.inject({ method: 'GET', url: `/api/document/${s3Name}`, headers: admin() });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.toString('latin1')).toContain('through the service');

    const deleted = await bed.app.inject({ method: 'POST', url: `/api/document/delete/${s3Name}`, headers: admin() });
    expect(deleted.json()).toEqual({ message: 'Successfully Deleted.' });
    expect(gcs.objects.has(s3Name)).toBe(false);
    expect((await bed.app.inject({ method: 'GET', url: '/health/ready' })).json().checks.storage).toBe(true);
  });
});
