import { RouteRules } from '@cti/access';
import { AuditReport, AuditReportBody, ErrorBody } from '@cti/contracts';
import type { ServiceApp } from '@cti/service-kit';
import { auditDb } from '../db';
import { auditReport } from './audit-report';

export async function reportRoutes(app: ServiceApp) {
  app.post(
    '/api/report/audit',
    {
      preHandler: app.requireRule(RouteRules.adminOnly),
      schema: { tags: ['audit'], body: AuditReportBody, response: { 200: AuditReport, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody } },
    },
    async (request) => auditReport(auditDb(app), request.body),
  );
}
