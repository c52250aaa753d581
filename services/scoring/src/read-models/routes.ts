import type { FastifyReply, FastifyRequest } from 'fastify';

import { RouteRules, type Principal } from '@cti/access';
import {
  AsuList,
  EnforceabilityHistory,
  EnforceabilityList,
  EnforceabilityScorecard,
  ErrorBody,
  GroupIndexList,
  HistoricalScores,
  MapData,
  PublicIndexSummary,
  ScoreHistory,
  Scorecard,
  ScoringMessages,
  type AsuRow,
  type GroupIndexRow,
} from '@cti/contracts';
import { Forbidden, NotFound, principalOf, Type } from '@cti/service-kit';

import type { ScoringContext } from '../context';
import type { ScoringApp } from '../db';

import { ReadModelKeys } from './build';
import type { CachedModel } from './cache';
import { sendJson } from './http';
import { accessFor, accessKey, asuListFor, enforceabilityFor, indexListFor, listAudience, mapFor, scorecardFor } from './views';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const GroupParam = Type.Object({ groupId: Type.String({ minLength: 1, maxLength: 100 }) });
const principal = (request: FastifyRequest): Principal => principalOf(request.principal!);

/**
 * The public read side: index list, ASU rows, map, historical data,
 * scorecards and score histories, enforceability. Each answer is a stored read model
 * served from the replica's cache with its ETag, narrowed to what the caller may see.
 */
export async function readModelRoutes(app: ScoringApp, { ctx }: { ctx: ScoringContext }) {
  const { cache, settings } = ctx;
  const index = app.requireRule(RouteRules.index);

  const model = async (key: string, missing: string = ScoringMessages.countryFailed): Promise<CachedModel> => {
    const found = await cache.get(key);
    if (!found) throw new NotFound(missing);
    return found;
  };

  /** A list everybody may open, narrowed per audience (who may see which watchlist flags). */
  const list =
    <T>(key: string, narrow: (p: Principal) => (value: T) => unknown) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const m = await model(key, 'The index is being prepared. Please try again shortly.');
      const p = principal(request);
      const audience = listAudience(p);
      return sendJson(request, reply, audience === 'all' ? m : m.variant(audience, narrow(p)));
    };

  app.get(
    '/api/group/index/list',
    { preHandler: index, schema: { tags: ['index'], summary: 'Compliance Index rows', response: { 200: GroupIndexList, ...errors } } },
    list<GroupIndexRow[]>(ReadModelKeys.indexList, indexListFor),
  );

  app.get(
    '/api/group/index/asu',
    { preHandler: index, schema: { tags: ['index'], summary: 'ASU assessment rows', response: { 200: AsuList, ...errors } } },
    list<AsuRow[]>(ReadModelKeys.asu, asuListFor),
  );

  app.get(
    '/api/group/index/map',
    {
      preHandler: index,
      schema: { tags: ['index'], summary: 'Compliance map classes per country', response: { 200: MapData, ...errors } },
    },
    list(ReadModelKeys.map, mapFor),
  );

  // the landing page's facts for visitors who have not signed in: no scores, no watchlist flags
  app.get(
    '/api/group/index/public',
    {
      schema: {
        tags: ['index'],
        summary: 'Public summary: period, states covered, map classes and headlines',
        response: { 200: PublicIndexSummary, 404: ErrorBody },
      },
    },
    async (request, reply) =>
      sendJson(
        request,
        reply,
        await model(ReadModelKeys.publicSummary, 'The index is being prepared. Please try again shortly.'),
        'forEveryone',
      ),
  );

  app.get(
    '/api/group/index/history',
    {
      preHandler: app.requireRule(RouteRules.historicalData),
      schema: {
        tags: ['index'],
        summary: 'Historical data: every country score per period',
        response: { 200: HistoricalScores, ...errors },
      },
    },
    async (request, reply) => sendJson(request, reply, await model(ReadModelKeys.history)),
  );

  app.get(
    '/api/group/index/enforceability/list',
    {
      preHandler: index,
      schema: { tags: ['enforceability'], summary: 'Enforceability Index rows', response: { 200: EnforceabilityList, ...errors } },
    },
    async (request, reply) => sendJson(request, reply, await model(ReadModelKeys.enforceabilityList)),
  );

  app.get(
    '/api/group/index/enforceability/:groupId',
    { preHandler: index, schema: { tags: ['enforceability'], params: GroupParam, response: { 200: EnforceabilityScorecard, ...errors } } },
    async (request, reply) => {
      const m = await model(ReadModelKeys.enforceability(request.params.groupId));
      const card = m.value<EnforceabilityScorecard>();
      const access = accessFor(principal(request), card, settings);
      return sendJson(request, reply, m.variant(accessKey(access), enforceabilityFor(access)));
    },
  );

  app.get(
    '/api/group/index/enforceability/:groupId/scores',
    { preHandler: index, schema: { tags: ['enforceability'], params: GroupParam, response: { 200: EnforceabilityHistory, ...errors } } },
    async (request, reply) => {
      const card = (await model(ReadModelKeys.enforceability(request.params.groupId))).value<EnforceabilityScorecard>();
      if (!accessFor(principal(request), card, settings).history) throw new Forbidden();
      return sendJson(
        request,
        reply,
        await model(ReadModelKeys.enforceabilityScores(request.params.groupId), ScoringMessages.historyFailed),
      );
    },
  );

  app.get(
    '/api/group/index/:groupId',
    {
      preHandler: index,
      schema: { tags: ['index'], summary: 'Country scorecard', params: GroupParam, response: { 200: Scorecard, ...errors } },
    },
    async (request, reply) => {
      const m = await model(ReadModelKeys.scorecard(request.params.groupId));
      const access = accessFor(principal(request), m.value<Scorecard>(), settings);
      if (!access.open) throw new Forbidden();
      return sendJson(request, reply, m.variant(accessKey(access), scorecardFor(access)));
    },
  );

  app.get(
    '/api/group/index/:groupId/scores',
    {
      preHandler: index,
      schema: { tags: ['index'], summary: 'Explained score history', params: GroupParam, response: { 200: ScoreHistory, ...errors } },
    },
    async (request, reply) => {
      const card = (await model(ReadModelKeys.scorecard(request.params.groupId))).value<Scorecard>();
      const access = accessFor(principal(request), card, settings);
      if (!access.open || !access.history) throw new Forbidden();
      return sendJson(request, reply, await model(ReadModelKeys.scores(request.params.groupId), ScoringMessages.historyFailed));
    },
  );
}
