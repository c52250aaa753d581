import type { FastifyRequest } from 'fastify';

import { RouteRules } from '@cti/access';
import {
  PrintScorecardBody,
  ScoringMessages,
  type AsuRow,
  type EnforceabilityHistoryRow,
  type EnforceabilityScorecard,
  type ScoreHistoryRow,
  type Scorecard,
} from '@cti/contracts';
import { callService, Forbidden, NotFound, principalOf, requestContext } from '@cti/service-kit';

import type { ScoringContext } from '../context';
import type { ScoringApp } from '../db';
import { ReadModelKeys } from '../read-models/build';
import { accessFor, asuListFor, enforceabilityFor, listAudience, scorecardFor } from '../read-models/views';

import { asuFileName, asuWorkbook } from './asu-excel';
import { attachment } from './content-disposition';
import { scorecardContext } from './scorecard-context';
import { complianceScorecardHtml, enforceabilityScorecardHtml } from './scorecard-html';

/** Scorecard PDFs (rendered by the documents service) and the ASU Excel download. */
export async function printRoutes(app: ScoringApp, { ctx }: { ctx: ScoringContext }) {
  const { cache, settings, config } = ctx;
  const index = app.requireRule(RouteRules.index);

  const value = async <T>(key: string): Promise<T> => {
    const m = await cache.get(key);
    if (!m) throw new NotFound(ScoringMessages.countryFailed);
    return m.value<T>();
  };

  const render = (request: FastifyRequest, html: string, filename: string) =>
    callService<Buffer>(app, 'documents', '/internal/render', {
      body: { html, filename },
      binary: true,
      timeoutMs: config.RENDER_TIMEOUT_MS,
      // the request's trace and id, handed on: this service does not run requests inside their contexts
      context: requestContext(request),
    });

  app.post(
    '/api/print/scorecard',
    {
      preHandler: index,
      schema: { tags: ['print'], summary: 'Compliance scorecard as PDF (what the caller may see)', body: PrintScorecardBody },
    },
    async (request, reply) => {
      const stored = await value<Scorecard>(ReadModelKeys.scorecard(request.body.GroupId));
      const access = accessFor(principalOf(request.principal!), stored, settings);
      if (!access.open) throw new Forbidden();
      const history = access.history ? await value<ScoreHistoryRow[]>(ReadModelKeys.scores(stored.GroupId)) : null;
      const filename = `${stored.Name} Scorecard.pdf`;
      const context = await scorecardContext(cache, stored.GroupId);
      const pdf = await render(request, complianceScorecardHtml(scorecardFor(access)(stored), history, app.clock.now(), context), filename);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', attachment(filename))
        .header('Cache-Control', 'no-store')
        .send(pdf);
    },
  );

  app.post(
    '/api/print/enforceability/scorecard',
    { preHandler: index, schema: { tags: ['print'], summary: 'Enforceability scorecard as PDF', body: PrintScorecardBody } },
    async (request, reply) => {
      const stored = await value<EnforceabilityScorecard>(ReadModelKeys.enforceability(request.body.GroupId));
      const access = accessFor(principalOf(request.principal!), stored, settings);
      const history = access.history ? await value<EnforceabilityHistoryRow[]>(ReadModelKeys.enforceabilityScores(stored.GroupId)) : null;
      const filename = `${stored.Name} Enforceability Scorecard.pdf`;
      const pdf = await render(request, enforceabilityScorecardHtml(enforceabilityFor(access)(stored), history, app.clock.now()), filename);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', attachment(filename))
        .header('Cache-Control', 'no-store')
        .send(pdf);
    },
  );

  app.post(
    '/api/print/asu',
    { preHandler: index, schema: { tags: ['print'], summary: 'ASU assessment as an Excel workbook (written server-side)' } },
    async (request, reply) => {
      const p = principalOf(request.principal!);
      const rows = await value<AsuRow[]>(ReadModelKeys.asu);
      const visible = listAudience(p) === 'all' ? rows : (asuListFor(p)(rows) as AsuRow[]);
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', attachment(asuFileName(app.clock.now())))
        .header('Cache-Control', 'no-store')
        .send(asuWorkbook(visible));
    },
  );
}
