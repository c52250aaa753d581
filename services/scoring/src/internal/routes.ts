import {
  Scorecard,
  ScorecardVariant,
  ScoringMessages,
  type EnforceabilityHistoryRow,
  type EnforceabilityScorecard,
  type ScoreHistoryRow,
} from '@cti/contracts';
import { NotFound, Type } from '@cti/service-kit';

import type { ScoringContext } from '../context';
import type { ScoringApp } from '../db';
import { scorecardContext } from '../print/scorecard-context';
import { complianceScorecardHtml, enforceabilityScorecardHtml } from '../print/scorecard-html';
import { ReadModelKeys } from '../read-models/build';

const GroupParam = Type.Object({ groupId: Type.String({ minLength: 1 }) });

/**
 * For the documents service (certified-for-transaction scorecards): the full country
 * scorecard and its printable HTML. Service token only; never routed by the gateway.
 */
export async function internalRoutes(app: ScoringApp, { ctx }: { ctx: ScoringContext }) {
  const value = async <T>(key: string): Promise<T> => {
    const m = await ctx.cache.get(key);
    if (!m) throw new NotFound(ScoringMessages.countryFailed);
    return m.value<T>();
  };

  app.get(
    '/internal/scorecards/:groupId',
    { preHandler: app.requireService, schema: { hide: true, params: GroupParam, response: { 200: Scorecard } } },
    async (request) => value<Scorecard>(ReadModelKeys.scorecard(request.params.groupId)),
  );

  app.get(
    '/internal/scorecards/:groupId/html',
    {
      preHandler: app.requireService,
      schema: { hide: true, params: GroupParam, querystring: Type.Object({ variant: Type.Optional(ScorecardVariant) }) },
    },
    async (request, reply) => {
      const { groupId } = request.params;
      const html =
        request.query.variant === 'enforceability'
          ? enforceabilityScorecardHtml(
              await value<EnforceabilityScorecard>(ReadModelKeys.enforceability(groupId)),
              await value<EnforceabilityHistoryRow[]>(ReadModelKeys.enforceabilityScores(groupId)),
              app.clock.now(),
            )
          : complianceScorecardHtml(
              await value<Scorecard>(ReadModelKeys.scorecard(groupId)),
              await value<ScoreHistoryRow[]>(ReadModelKeys.scores(groupId)),
              app.clock.now(),
              await scorecardContext(ctx.cache, groupId),
            );
      return reply.type('text/html; charset=utf-8').send(html);
    },
  );
}
