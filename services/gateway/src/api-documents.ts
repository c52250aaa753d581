import { ApiKeyRule, RouteRules } from '@cti/access';
import { ErrorBody } from '@cti/contracts';
import { NotFound, Type, type CommonConfig, type ServiceApp } from '@cti/service-kit';

import type { GatewayConfig } from './config';
import { eventContractForAdmins, eventContractForKeyHolders } from './event-contract';
import { UPSTREAMS, type Upstream } from './route-table';

const Index = Type.Object({
  OpenApi: Type.Array(Type.Object({ Service: Type.String(), Url: Type.String() })),
  AsyncApi: Type.String(),
});

/**
 * The API documents, for admins: each service's OpenAPI document and the AsyncAPI
 * document of every event subject; for everyone who may hold API keys (and may be given
 * the `integrations` NATS account), the AsyncAPI document of the subjects that account
 * reads. The gateway checks the token itself (identity's public key, with the auth plugin
 * the gateway registers when it has that key).
 */
export async function apiDocumentRoutes(app: ServiceApp, opts: { config: GatewayConfig & CommonConfig }) {
  const { config } = opts;
  if (!config.JWT_PUBLIC_KEY) {
    app.all('/api/documentation*', { schema: { hide: true } }, async () => {
      throw new NotFound('The API documents are not served here: the gateway has no JWT_PUBLIC_KEY.');
    });
    return;
  }
  const forAdmins = eventContractForAdmins(config);
  const forKeyHolders = eventContractForKeyHolders(config);
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

  app.get('/api/documentation/asyncapi', { preHandler: app.requireRule(ApiKeyRule), schema: { hide: true } }, async (request, reply) =>
    reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(request.principal?.isAdmin ? forAdmins : forKeyHolders),
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
