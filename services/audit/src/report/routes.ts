import { RouteRules } from '@cti/access';
import { AugmentAnswer, AugmentBody, AuditChainCheck, AuditReport, AuditReportBody, ErrorBody } from '@cti/contracts';
import type { ServiceApp } from '@cti/service-kit';
import { verifyChain } from '../chain/verify-chain';
import { auditDb } from '../db';
import { answerDiffHtml } from './answer-diff';
import { auditReport } from './audit-report';

/** The audit log (questionnaire §2, §7): the report, its chain check and the answer diff. */
export async function reportRoutes(app: ServiceApp, opts: { chainKey: string }) {
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

  app.post(
    '/api/report/audit',
    { preHandler: app.requireRule(RouteRules.adminOnly), schema: { tags: ['audit'], body: AuditReportBody, response: { 200: AuditReport, ...errors } } },
    async (request) => auditReport(auditDb(app), request.body),
  );

  // beyond the spec: tamper evidence of the append-only, hash-chained log
  app.post(
    '/api/report/audit/verify',
    { preHandler: app.requireRule(RouteRules.adminOnly), schema: { tags: ['audit'], response: { 200: AuditChainCheck, ...errors } } },
    async () => verifyChain(auditDb(app), opts.chainKey),
  );

  // Change Details compares two answers the caller already reads; any signed-in user may ask
  app.post(
    '/api/report/augment',
    { preHandler: app.requireUser, schema: { tags: ['audit'], body: AugmentBody, response: { 200: AugmentAnswer, ...errors } } },
    async (request) => ({ Html: answerDiffHtml(request.body.text1, request.body.text2) }),
  );
}
