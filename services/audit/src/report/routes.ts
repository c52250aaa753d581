import { RouteRules } from '@cti/access';
import {
  AugmentAnswer,
  AugmentBody,
  AuditChainCheck,
  AuditReport,
  AuditReportBody,
  ErrorBody,
  LatestAuditChainCheck,
} from '@cti/contracts';
import { dataAccessOf } from '@cti/service-kit';

import { ChainChecks, latestCheck } from '../chain/chain-check';
import type { AuditApp } from '../db';

import { answerDiffHtml } from './answer-diff';
import { auditReport } from './audit-report';

/** How often each replica looks whether a scheduled chain check is due. */
const SCHEDULE_TICK_MS = 5 * 60_000;

/** The audit log: the report, its chain check and the answer diff. */
export async function reportRoutes(app: AuditApp, opts: { chainKey: string; checkEveryMinutes: number }) {
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

  app.post(
    '/api/report/audit',
    {
      preHandler: app.requireRule(RouteRules.adminOnly),
      schema: {
        tags: ['audit'],
        summary: 'Audit log rows matching the filters',
        body: AuditReportBody,
        response: { 200: AuditReport, ...errors },
      },
    },
    async (request) => auditReport(app.db, request.body),
  );

  // beyond the spec: tamper evidence of the append-only, hash-chained log, checked in the background
  const checks = new ChainChecks({ ...dataAccessOf(app), log: app.log }, opts.chainKey);
  // the scheduled check: every replica looks now and then, the first to find one due starts it
  let schedule: NodeJS.Timeout | null = null;
  if (opts.checkEveryMinutes > 0) {
    const everyMs = opts.checkEveryMinutes * 60_000;
    app.addHook('onReady', async () => {
      schedule = setInterval(
        () => void checks.startIfDue(everyMs).catch((err: unknown) => app.log.warn({ err }, 'scheduled audit chain check not started')),
        Math.min(everyMs, SCHEDULE_TICK_MS),
      );
      schedule.unref();
    });
  }
  app.addHook('onClose', async () => {
    if (schedule) clearInterval(schedule);
    await checks.stop();
  });
  app.post(
    '/api/report/audit/verify',
    {
      preHandler: app.requireRule(RouteRules.adminOnly),
      schema: { tags: ['audit'], summary: 'Check the audit log’s hash chain now', response: { 202: AuditChainCheck, ...errors } },
    },
    async (request, reply) => reply.code(202).send(await checks.start(request.principal!.name || request.principal!.email)),
  );
  app.get(
    '/api/report/audit/verify',
    {
      preHandler: app.requireRule(RouteRules.adminOnly),
      schema: {
        tags: ['audit'],
        summary: 'The last checks of the audit log’s hash chain',
        response: { 200: LatestAuditChainCheck, ...errors },
      },
    },
    async () => latestCheck(app.db, app.clock.now()),
  );

  // Change Details compares two answers the caller already reads; any signed-in user may ask
  app.post(
    '/api/report/augment',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['audit'],
        summary: 'Audit log rows with their change details',
        body: AugmentBody,
        response: { 200: AugmentAnswer, ...errors },
      },
    },
    async (request) => ({ Html: answerDiffHtml(request.body.text1, request.body.text2) }),
  );
}
