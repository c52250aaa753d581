import { RouteRules } from '@cti/access';
import { ErrorBody, IndexCountryList, IndexCountryRow, SetContractingBody } from '@cti/contracts';
import { actorOf, requestContext, Type } from '@cti/service-kit';

import type { ScoringContext } from '../context';
import type { ScoringApp } from '../db';

import { indexCountryOf, reclassifyCountry } from './reclassify';
import { listCountries } from './repository';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** Admin: which countries are contracting states (Compliance Index) and which are not (Enforceability Index). */
export async function countryRoutes(app: ScoringApp, { ctx }: { ctx: ScoringContext }) {
  const admin = app.requireRule(RouteRules.adminOnly);

  app.get(
    '/api/group/index/countries',
    {
      preHandler: admin,
      schema: { tags: ['index'], summary: 'Countries and the index each stands on', response: { 200: IndexCountryList, ...errors } },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return (await listCountries(app.db)).map(indexCountryOf);
    },
  );

  app.post(
    '/api/group/index/countries/:groupId',
    {
      preHandler: admin,
      schema: {
        tags: ['index'],
        summary: 'Move a country between the indexes',
        params: Type.Object({ groupId: Type.String() }),
        body: SetContractingBody,
        response: { 200: IndexCountryRow, ...errors },
      },
    },
    async (request) =>
      reclassifyCountry(ctx.writes, requestContext(request), request.params.groupId, request.body.Contracting, actorOf(request)),
  );
}
