import type { FastifyReply } from 'fastify';

import { ErrorBody, PrintBody } from '@cti/contracts';
import { claimsOf } from '@cti/service-kit';

import type { DocumentsConfig } from '../config';
import type { DocumentsApp } from '../db';
import { contentDispositionOf, safeFileName } from '../storage/content-types';

import { renderPdf } from './render-plugin';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody, 503: ErrorBody };

/** A saved name ending in .pdf (the questionnaire export names country, period and "Questionnaire.pdf"). */
export function pdfFileName(requested: string | undefined, fallback = 'document.pdf'): string {
  const name = safeFileName(requested ?? '', fallback);
  return name.toLowerCase().endsWith('.pdf') ? name : `${name}.pdf`;
}

export function sendPdf(reply: FastifyReply, pdf: Buffer, fileName: string) {
  return reply
    .type('application/pdf')
    .header('Content-Disposition', contentDispositionOf(fileName))
    .header('Access-Control-Expose-Headers', 'Content-Disposition')
    .header('Cache-Control', 'private, no-store')
    .send(pdf);
}

/** `POST api/print` (questionnaire PDF export) and `POST /internal/render` (other services' PDFs). */
export async function renderRoutes(app: DocumentsApp, opts: { config: DocumentsConfig }) {
  const { config } = opts;

  app.post(
    '/api/print',
    {
      bodyLimit: config.RENDER_MAX_HTML_BYTES,
      preHandler: app.requireUser,
      schema: { tags: ['print'], summary: 'Render HTML as a PDF (questionnaire export)', body: PrintBody, response: errors },
    },
    async (request, reply) => {
      const claims = claimsOf(request);
      await app.rateLimits.hit(`print:${claims.sub}`, { max: config.PRINT_RATE_PER_MINUTE, windowMs: 60_000 });
      const pdf = await renderPdf(app.renderer, request.body.html);
      return sendPdf(reply, pdf, pdfFileName(request.body.filename));
    },
  );

  app.post(
    '/internal/render',
    {
      bodyLimit: config.RENDER_MAX_HTML_BYTES,
      preHandler: app.requireService,
      schema: { tags: ['internal'], body: PrintBody, response: errors },
    },
    async (request, reply) => sendPdf(reply, await renderPdf(app.renderer, request.body.html), pdfFileName(request.body.filename)),
  );
}
