import multipart from '@fastify/multipart';
import type { FastifyError } from 'fastify';

import { indexAccessSettings } from '@cti/access';
import { UploadProblems } from '@cti/contracts';
import { COUNTRY_PERIOD_QUESTIONNAIRE_EVENTS } from '@cti/events';
import { defineService, errorHandler, reasonPhrase } from '@cti/service-kit';

import { migrations } from '../migrations';

import { acidRoutes } from './acid/routes';
import { annotationRoutes } from './annotations/routes';
import { certifiedOrdersConsumer } from './certified/orders';
import { certifiedRoutes } from './certified/routes';
import { DocumentsConfig } from './config';
import { projectEvent } from './countries/projection';
import type { DocumentsDB } from './db';
import { libraryRoutes } from './library/routes';
import { renderPlugin } from './rendering/render-plugin';
import { renderRoutes } from './rendering/routes';
import { seedDemoDocuments } from './seed/seed-demo-documents';
import { untypedDownloads } from './storage/send-file';
import { storagePlugin } from './storage/storage-plugin';
import { UploadRefused } from './uploads/receive-upload';
import { uploadRoutes } from './uploads/routes';
import { sweepUnattachedFiles } from './uploads/stored-files';

const SWEEP_EVERY_MS = 60 * 60_000;

/** Documents: supporting, ACID and annotation files (storage port), certified scorecards, the PDF rendering pool. */
export const documentsService = defineService<DocumentsDB>('documents')({
  config: DocumentsConfig,
  migrations,
  async plugin(app, config) {
    // uploads are refused with the spec's text and the specific reason beside it
    app.setErrorHandler((error: FastifyError, request, reply) => {
      // a body that is not multipart, sent to an upload route, is an upload without its file
      const notMultipart =
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' && !!request.routeOptions.schema?.consumes?.includes('multipart/form-data');
      if (notMultipart) error = new UploadRefused(UploadProblems.missing) as unknown as FastifyError;
      if (error instanceof UploadRefused) {
        return reply
          .code(error.statusCode)
          .send({ statusCode: error.statusCode, error: reasonPhrase(error.statusCode), message: error.message, reason: error.reason });
      }
      return errorHandler(error, request, reply);
    });
    await app.register(multipart, { limits: { fileSize: config.UPLOAD_MAX_BYTES, files: 1 } });
    await app.register(storagePlugin, { config });
    await app.register(renderPlugin, { config });
    await app.register(untypedDownloads);

    const accessSettings = indexAccessSettings(null, config.OPEN_ANNOTATION_COUNTRY_IDS);
    await app.register(uploadRoutes, { config });
    await app.register(libraryRoutes, { accessSettings });
    await app.register(acidRoutes, { config });
    await app.register(annotationRoutes, { config, accessSettings });
    await app.register(renderRoutes, { config });
    await app.register(certifiedRoutes, { config });

    const sweep = () =>
      sweepUnattachedFiles(app.db, app.storage, config.UNATTACHED_UPLOAD_TTL_HOURS, app.clock.now()).catch((err: unknown) =>
        app.log.warn({ err }, 'sweep of unattached uploads failed'),
      );
    const timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
    timer.unref();
    app.addHook('onReady', async () => void sweep());
    app.addHook('onClose', async () => clearInterval(timer));
    // seeded here rather than through `seed`, which gets the root instance without this scope's storage and renderer
    if (config.DEMO_DATA) app.addHook('onReady', async () => seedDemoDocuments(app));
  },
  consumers: () => [
    { filter: [...COUNTRY_PERIOD_QUESTIONNAIRE_EVENTS], handle: (event, trx) => projectEvent(event, trx) },
    certifiedOrdersConsumer,
  ],
});
