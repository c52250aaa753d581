import { CertificateFileCheck, CertificateVerification, CertifiedScorecardOrders, ErrorBody, UploadProblems } from '@cti/contracts';
import { BadRequest, callService, claimsOf, dataAccessOf, Type } from '@cti/service-kit';

import type { DocumentsConfig } from '../config';
import type { DocumentsApp } from '../db';
import { sendPdf } from '../rendering/routes';

import {
  checkCertificateFile,
  issueCertifiedScorecard,
  verifyCertificate,
  type CallScoring,
  type CertificateIssueDeps,
} from './certified-scorecards';
import { activeOrders } from './orders';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody, 502: ErrorBody, 503: ErrorBody };
const CodeParam = Type.Object({ code: Type.String({ maxLength: 40 }) });

/** Certified-for-transaction scorecards: issue (CFT access or a single-country order), the buyer's orders, public verification. */
export async function certifiedRoutes(app: DocumentsApp, opts: { config: DocumentsConfig }) {
  const { config } = opts;
  const verifyLimit = { max: config.VERIFY_RATE_PER_MINUTE, windowMs: 60_000 };
  const scoringFor =
    (requestId: string): CallScoring =>
    (path, options) =>
      callService(app, 'scoring', path, { requestId, ...options });

  app.get(
    '/api/print/cft/orders',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['certified'],
        summary: 'The caller’s certified-for-transaction scorecard orders',
        response: { 200: CertifiedScorecardOrders, ...errors },
      },
    },
    async (request) => activeOrders(app.db, claimsOf(request).sub),
  );

  app.get(
    '/api/print/cft/:groupId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['certified'],
        summary: 'Download a certified-for-transaction scorecard',
        params: Type.Object({ groupId: Type.String() }),
        response: errors,
      },
    },
    async (request, reply) => {
      const deps: CertificateIssueDeps = {
        ...dataAccessOf(app),
        callScoring: scoringFor(request.id),
        renderer: app.renderer,
        publicUrl: app.config.PUBLIC_URL,
      };
      const { pdf, fileName } = await issueCertifiedScorecard(deps, claimsOf(request), request.params.groupId);
      return sendPdf(reply, pdf, fileName);
    },
  );

  app.get(
    '/api/document/verify/:code',
    {
      schema: {
        tags: ['certified'],
        summary: 'Verify a certified scorecard by its code',
        params: CodeParam,
        response: { 200: CertificateVerification, ...errors },
      },
    },
    async (request) => {
      await app.rateLimits.hit(`verify:${request.ip}`, verifyLimit);
      return verifyCertificate({ db: app.db, callScoring: scoringFor(request.id), log: app.log }, request.params.code);
    },
  );

  app.post(
    '/api/document/verify/:code/file',
    {
      schema: {
        tags: ['certified'],
        summary: 'Verify a certified scorecard file against its code',
        params: CodeParam,
        consumes: ['multipart/form-data'],
        response: { 200: CertificateFileCheck, ...errors },
      },
    },
    async (request) => {
      await app.rateLimits.hit(`verify:${request.ip}`, verifyLimit);
      if (!request.isMultipart()) throw new BadRequest(UploadProblems.missing);
      let data: Buffer | null;
      try {
        const file = await request.file({ limits: { fileSize: config.UPLOAD_MAX_BYTES, files: 1 } });
        data = file ? await file.toBuffer() : null;
      } catch (err) {
        // only the caller's bytes are read here: a limit passed, or a broken form (no boundary, cut short)
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw new BadRequest(UploadProblems.tooLarge(Math.round(config.UPLOAD_MAX_BYTES / 1048576)));
        throw new BadRequest(code?.startsWith('FST_') ? UploadProblems.missing : UploadProblems.malformed);
      }
      if (!data?.length) throw new BadRequest(UploadProblems.missing);
      return checkCertificateFile(app.db, request.params.code, data);
    },
  );
}
