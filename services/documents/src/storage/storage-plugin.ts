import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';

import fp from 'fastify-plugin';

import type { Clock } from '@cti/service-kit';

import type { DocumentsConfig } from '../config';

import type { FileStorage } from './file-storage';
import { GcsFileStorage } from './gcs-storage';
import { LocalFileStorage } from './local-storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

/** Where the local adapter keeps files: STORAGE_DIR, else `<DATA_DIR>/documents`, else the temp dir. */
export function localStorageDirectory(config: Pick<DocumentsConfig, 'STORAGE_DIR' | 'DATA_DIR'>): string {
  if (config.STORAGE_DIR) return path.resolve(config.STORAGE_DIR);
  if (config.DATA_DIR) return path.resolve(config.DATA_DIR, 'documents');
  return path.join(os.tmpdir(), 'cti-documents');
}

export function createStorage(config: DocumentsConfig & { PUBLIC_URL: string; SERVICE_TOKEN: string }, clock: Clock): FileStorage {
  if (config.STORAGE_DRIVER === 'gcs') {
    if (!config.GCS_BUCKET) throw new Error('Configuration error: GCS_BUCKET is required when STORAGE_DRIVER is gcs');
    return new GcsFileStorage({
      bucket: config.GCS_BUCKET,
      apiEndpoint: config.GCS_API_ENDPOINT || undefined,
      projectId: config.GCS_PROJECT_ID || undefined,
      keyFilename: config.GCS_KEY_FILE || undefined,
      clock,
    });
  }
  return new LocalFileStorage({
    directory: localStorageDirectory(config),
    publicUrl: config.PUBLIC_URL,
    // link signatures need a secret every replica shares; derived so no extra secret is needed
    signingKey: createHash('sha256').update(`documents-links:${config.SERVICE_TOKEN}`).digest('hex'),
    clock,
  });
}

/** Decorates `app.storage` with the configured adapter and makes readiness depend on it. */
export const storagePlugin = fp<{ config: DocumentsConfig }>(
  async (app, { config }) => {
    const storage = createStorage({ ...config, PUBLIC_URL: app.config.PUBLIC_URL, SERVICE_TOKEN: app.config.SERVICE_TOKEN }, app.clock);
    app.decorate('storage', storage);
    app.readiness.set('storage', () => storage.check());
  },
  { name: 'documents-storage' },
);
