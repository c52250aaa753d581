import type { Readable } from 'node:stream';

import { Storage, type Bucket } from '@google-cloud/storage';

import { systemClock, type Clock } from '@cti/service-kit';

import { contentDispositionOf } from './content-types';
import { isStorageKey, ObjectMissing, type FileStorage, type SignedLinkOptions } from './file-storage';

export interface GcsStorageOptions {
  bucket: string;
  /** Another JSON API endpoint than Google's (emulators, private endpoints); empty for Google. */
  apiEndpoint?: string;
  projectId?: string;
  /** Service-account key file; it also signs the v4 URLs locally. */
  keyFilename?: string;
  /** What signed links' expiry is counted from (the service's clock); the system clock unless given. */
  clock?: Clock;
}

const notFound = (err: unknown) => (err as { code?: number }).code === 404;

/**
 * Google Cloud Storage behind the storage port. Uploads are single-request (all or
 * nothing) with an MD5 check, and never overwrite an existing object; downloads are
 * MD5-checked too; e-mailed links are v4 signed URLs naming the saved file and its type.
 */
export class GcsFileStorage implements FileStorage {
  readonly name = 'gcs';
  private readonly bucket: Bucket;
  private readonly clock: Clock;

  constructor(options: GcsStorageOptions) {
    const storage = new Storage({
      ...(options.apiEndpoint ? { apiEndpoint: options.apiEndpoint } : {}),
      ...(options.projectId ? { projectId: options.projectId } : {}),
      ...(options.keyFilename ? { keyFilename: options.keyFilename } : {}),
    });
    this.bucket = storage.bucket(options.bucket);
    this.clock = options.clock ?? systemClock;
  }

  private file(key: string) {
    if (!isStorageKey(key)) throw new ObjectMissing(key);
    return this.bucket.file(key);
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.file(key).save(data, {
      resumable: false,
      validation: 'md5',
      contentType,
      // generated keys are new: refuse to replace anything already there
      preconditionOpts: { ifGenerationMatch: 0 },
    });
  }

  async read(key: string): Promise<Readable> {
    const file = this.file(key);
    const [exists] = await file.exists();
    if (!exists) throw new ObjectMissing(key);
    return file.createReadStream({ validation: 'md5' });
  }

  async readAll(key: string): Promise<Buffer> {
    try {
      const [data] = await this.file(key).download({ validation: 'md5' });
      return data;
    } catch (err) {
      if (notFound(err)) throw new ObjectMissing(key);
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    const [exists] = await this.file(key).exists();
    return exists;
  }

  async remove(key: string): Promise<void> {
    await this.file(key).delete({ ignoreNotFound: true });
  }

  async signedDownloadUrl(key: string, options: SignedLinkOptions): Promise<string> {
    const [url] = await this.file(key).getSignedUrl({
      version: 'v4',
      action: 'read',
      expires: this.clock.now().getTime() + options.expiresInSeconds * 1000,
      responseDisposition: contentDispositionOf(options.fileName),
      ...(options.contentType ? { responseType: options.contentType } : {}),
    });
    return url;
  }

  async check(): Promise<boolean> {
    const [exists] = await this.bucket.exists();
    return exists;
  }
}
