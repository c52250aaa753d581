import type { FastifyReply, FastifyRequest } from 'fastify';

import { RouteRules, type IndexAccessSettings, type Principal } from '@cti/access';
import {
  CompareQuery,
  CompareScores,
  EnforceabilityScorecard,
  ErrorBody,
  IndexReadRoutes,
  Scorecard,
  ScoringMessages,
  type AsuRow,
  type GroupIndexRow,
  type HistoricalScoreRow,
} from '@cti/contracts';
import { Forbidden, NotFound, principalOf, Type } from '@cti/service-kit';

import type { ScoringApp } from '../db';

import { ReadModelKeys } from './build';
import type { CachedModel, ReadModelCache } from './cache';
import { comparedGroupIds, compareCountries, countryModelsIn, historyFor } from './compare';
import { sendJson } from './http';
import {
  accessFor,
  accessKey,
  asuListFor,
  enforceabilityFor,
  indexListFor,
  listAudience,
  listReaderOf,
  mapFor,
  scorecardFor,
} from './views';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

type IndexReadRoute = (typeof IndexReadRoutes)[keyof typeof IndexReadRoutes];
/** A route's OpenAPI description, from the table the gateway's `/api/v1` shares. */
const schemaOf = <R extends IndexReadRoute>(route: R) => ({
  tags: [route.tag],
  summary: route.summary,
  response: { 200: route.response as R['response'], ...errors },
});
const pathOf = <R extends IndexReadRoute>(route: R) => `/api${route.path}` as `/api${R['path']}`;
const R = IndexReadRoutes;
const GroupParam = Type.Object({ groupId: Type.String({ minLength: 1, maxLength: 100 }) });
const principal = (request: FastifyRequest): Principal => principalOf(request.principal!);

/**
 * The public read side: index list, ASU rows, map, historical data,
 * scorecards and score histories, enforceability. Each answer is a stored read model
 * served from the replica's cache with its ETag, narrowed to what the caller may see.
 */
export async function readModelRoutes(app: ScoringApp, { cache, settings }: { cache: ReadModelCache; settings: IndexAccessSettings }) {
  const index = app.requireRule(RouteRules.index);

  const model = async (key: string, missing: string = ScoringMessages.countryFailed): Promise<CachedModel> => {
    const found = await cache.get(key);
    if (!found) throw new NotFound(missing);
    return found;
  };

  /**
   * A list everybody may open, narrowed per audience (who may see which watchlist flags). The
   * answer depends on the caller's access alone, so the gateway may give it to others of the
   * same audience (`listReaderOf`; the tests pin that the e-mail changes nothing). A list the
   * replica holds fresh (the usual case) is answered at once, without a promise: each costs more
   * where async hooks are on.
   */
  const list = <T>(key: string, narrow: (p: Principal) => (value: T) => unknown) => {
    const answer = (m: CachedModel, request: FastifyRequest, reply: FastifyReply) => {
      const { variants, sharing } = listReaderOf(request.principal!);
      return sendJson(request, reply, variants === 'all' ? m : m.variant(variants, narrow(principal(request))), sharing);
    };
    return (request: FastifyRequest, reply: FastifyReply): Promise<void> | undefined => {
      const kept = cache.fresh(key);
      if (!kept) {
        return model(key, 'The index is being prepared. Please try again shortly.').then((m) => {
          answer(m, request, reply);
        });
      }
      // sent here: a handler that sends returns nothing (Fastify would send what it returns)
      answer(kept, request, reply);
      return undefined;
    };
  };

  app.get(pathOf(R.list), { preHandler: index, schema: schemaOf(R.list) }, list<GroupIndexRow[]>(ReadModelKeys.indexList, indexListFor));

  app.get(pathOf(R.asu), { preHandler: index, schema: schemaOf(R.asu) }, list<AsuRow[]>(ReadModelKeys.asu, asuListFor));

  app.get(pathOf(R.map), { preHandler: index, schema: schemaOf(R.map) }, list(ReadModelKeys.map, mapFor));

  // the landing page's facts for visitors who have not signed in: no scores, no watchlist flags
  app.get(
    pathOf(R.publicSummary),
    {
      schema: {
        tags: [R.publicSummary.tag],
        summary: R.publicSummary.summary,
        response: { 200: R.publicSummary.response, 404: ErrorBody },
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

  const historicalData = app.requireRule(RouteRules.historicalData);
  app.get(pathOf(R.history), { preHandler: historicalData, schema: schemaOf(R.history) }, async (request, reply) => {
    const m = await model(ReadModelKeys.history);
    const p = principal(request);
    return sendJson(request, reply, listAudience(p) === 'all' ? m : m.variant<HistoricalScoreRow[]>(listAudience(p), historyFor(p)));
  });

  // several countries' histories in one answer, for the compare view (computed per caller: at most eight countries)
  app.get(
    '/api/group/index/compare',
    {
      preHandler: historicalData,
      schema: {
        tags: ['index'],
        summary: 'Compare up to eight Compliance Index countries: scores over the periods and variables A to F',
        querystring: CompareQuery,
        response: { 200: CompareScores, 400: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      const ids = comparedGroupIds(request.query.groups);
      const answer = await compareCountries(ids, countryModelsIn(cache), principal(request), settings);
      return reply.header('cache-control', 'private, no-cache').header('vary', 'Authorization').send(answer);
    },
  );

  app.get(pathOf(R.enforceabilityList), { preHandler: index, schema: schemaOf(R.enforceabilityList) }, async (request, reply) =>
    sendJson(request, reply, await model(ReadModelKeys.enforceabilityList)),
  );

  app.get(
    pathOf(R.enforceability),
    { preHandler: index, schema: { ...schemaOf(R.enforceability), params: GroupParam } },
    async (request, reply) => {
      const m = await model(ReadModelKeys.enforceability(request.params.groupId));
      const card = m.value<EnforceabilityScorecard>();
      const access = accessFor(principal(request), card, settings);
      return sendJson(request, reply, m.variant(accessKey(access), enforceabilityFor(access)));
    },
  );

  app.get(
    pathOf(R.enforceabilityScores),
    { preHandler: index, schema: { ...schemaOf(R.enforceabilityScores), params: GroupParam } },
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

  app.get(pathOf(R.scorecard), { preHandler: index, schema: { ...schemaOf(R.scorecard), params: GroupParam } }, async (request, reply) => {
    const m = await model(ReadModelKeys.scorecard(request.params.groupId));
    const access = accessFor(principal(request), m.value<Scorecard>(), settings);
    if (!access.open) throw new Forbidden();
    return sendJson(request, reply, m.variant(accessKey(access), scorecardFor(access)));
  });

  app.get(pathOf(R.scores), { preHandler: index, schema: { ...schemaOf(R.scores), params: GroupParam } }, async (request, reply) => {
    const card = (await model(ReadModelKeys.scorecard(request.params.groupId))).value<Scorecard>();
    const access = accessFor(principal(request), card, settings);
    if (!access.open || !access.history) throw new Forbidden();
    return sendJson(request, reply, await model(ReadModelKeys.scores(request.params.groupId), ScoringMessages.historyFailed));
  });
}
