import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

import { NotFound } from '@cti/service-kit';

import { contentDispositionOf, contentTypeForDownload } from './content-types';
import { ObjectMissing, type FileStorage } from './file-storage';

export const FILE_MISSING = 'The file of this document is missing.';

/**
 * Streams a stored object as a download: a safe saved name in Content-Disposition, the
 * type of its extension (none for other extensions, the index validation rules), never sniffed by the browser.
 */
export async function sendStoredFile(
  storage: FileStorage,
  reply: FastifyReply,
  s3Name: string,
  fileName: string,
  disposition: 'attachment' | 'inline' = 'attachment',
) {
  let body;
  try {
    body = await storage.read(s3Name);
  } catch (err) {
    if (err instanceof ObjectMissing) throw new NotFound(FILE_MISSING);
    throw err;
  }
  const type = contentTypeForDownload(fileName);
  reply.header('Content-Disposition', contentDispositionOf(fileName, disposition));
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Cache-Control', 'private, no-store');
  reply.header('Access-Control-Expose-Headers', 'Content-Disposition');
  if (type) reply.type(type);
  else reply.removeContentType = true;
  return reply.send(body);
}

declare module 'fastify' {
  interface FastifyReply {
    /** Set to send a body with no Content-Type at all (downloads of unknown extensions). */
    removeContentType: boolean;
  }
}

/** Fastify defaults a stream's type to application/octet-stream; downloads of unknown extensions must have none. */
export const untypedDownloads = fp(
  async (app) => {
    app.decorateReply('removeContentType', false);
    app.addHook('onSend', async (_request, reply, payload) => {
      if (reply.removeContentType) reply.removeHeader('content-type');
      return payload;
    });
  },
  { name: 'documents-untyped-downloads' },
);
