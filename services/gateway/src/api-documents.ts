import fs from 'node:fs';
import path from 'node:path';

import { RouteRules } from '@cti/access';
import { ASYNCAPI_FILE, ErrorBody } from '@cti/contracts';
import { NotFound, Type, type CommonConfig, type ServiceApp } from '@cti/service-kit';

import type { GatewayConfig } from './config';
import { UPSTREAMS, type Upstream } from './route-table';

const Index = Type.Object({
  OpenApi: Type.Array(Type.Object({ Service: Type.String(), Url: Type.String() })),
  AsyncApi: Type.String(),
});

/** The committed AsyncAPI document of libs/contracts (the gateway's image carries the package). */
function readAsyncApi(): string {
  const contracts = path.dirname(require.resolve('@cti/contracts/package.json'));
  return fs.readFileSync(path.join(contracts, ASYNCAPI_FILE), 'utf8');
}

/**
 * The API documents, for admins: each service's OpenAPI document and the AsyncAPI
 * document of every event subject. The gateway checks the admin token itself (identity's
 * public key, with the auth plugin the gateway registers when it has that key).
 */
export async function apiDocumentRoutes(app: ServiceApp, opts: { config: GatewayConfig & CommonConfig }) {
  const { config } = opts;
  if (!config.JWT_PUBLIC_KEY) {
    app.all('/api/documentation*', { schema: { hide: true } }, async () => {
      throw new NotFound('The API documents are not served here: the gateway has no JWT_PUBLIC_KEY.');
    });
    return;
  }
  const asyncApi = readAsyncApi();
  const upstreams: Record<Upstream, string> = {
    identity: config.IDENTITY_URL,
    questionnaire: config.QUESTIONNAIRE_URL,
    scoring: config.SCORING_URL,
    documents: config.DOCUMENTS_URL,
    commerce: config.COMMERCE_URL,
    audit: config.AUDIT_URL,
    notifications: config.NOTIFICATIONS_URL,
  };
  const admin = app.requireRule(RouteRules.adminOnly);
  const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 502: ErrorBody };

  app.get('/api/documentation', { preHandler: admin, schema: { hide: true, response: { 200: Index, ...errors } } }, async () => ({
    OpenApi: UPSTREAMS.map((s) => ({ Service: s, Url: `/api/documentation/openapi/${s}` })),
    AsyncApi: '/api/documentation/asyncapi',
  }));

  app.get('/api/documentation/asyncapi', { preHandler: admin, schema: { hide: true } }, async (_req, reply) =>
    reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-cache').send(asyncApi),
  );

  app.get(
    '/api/documentation/openapi/:service',
    { preHandler: admin, schema: { hide: true, params: Type.Object({ service: Type.String({ maxLength: 40 }) }) } },
    async (request, reply) => {
      const service = request.params.service as Upstream;
      if (!UPSTREAMS.includes(service)) throw new NotFound(`No service is called ${request.params.service}.`);
      const base = upstreams[service].split(',')[0].trim().replace(/\/$/, '');
      let res: Response;
      try {
        res = await fetch(`${base}/documentation/json`, { signal: AbortSignal.timeout(10_000) });
      } catch {
        return reply.code(502).send({ statusCode: 502, error: 'Bad Gateway', message: `The ${service} service did not answer.` });
      }
      if (!res.ok)
        return reply.code(502).send({ statusCode: 502, error: 'Bad Gateway', message: `The ${service} service answered ${res.status}.` });
      return reply.header('content-type', 'application/json; charset=utf-8').send(await res.text());
    },
  );
}
