import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { API_KEY_READ_ROUTES, ApiKeyMessages, ErrorBody, Uuid, type ResolvedApiKey } from '@cti/contracts';
import { callService, NotFound, requestContext, Type, Unauthorized, type CommonConfig } from '@cti/service-kit';

import type { GatewayConfig } from './config';
import { resolveUpstream, type Upstream } from './route-table';

/** Sends a request on to a service (proxy.ts), with some headers replaced (undefined removes one). */
export type Forward = (
  request: FastifyRequest,
  reply: FastifyReply,
  service: Upstream,
  url: string,
  headers?: Record<string, string | undefined>,
) => FastifyReply;

/** Longer than any key (`cti_` and 43 characters); identity takes up to 200. */
const MAX_KEY_LENGTH = 200;

/** The versioned prefix of the API that personal API keys call. */
export const API_V1 = '/api/v1';

const GroupParam = Type.Object({ groupId: Uuid({ description: 'the country’s id, as in the index list (GroupId)' }) });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };

/** The key of a request: `Authorization: ApiKey <key>` or `X-Api-Key: <key>`. */
export function presentedKey(headers: FastifyRequest['headers']): string | null {
  const auth = headers.authorization;
  if (auth && /^ApiKey\s+/i.test(auth)) return auth.replace(/^ApiKey\s+/i, '').trim() || null;
  const header = headers['x-api-key'];
  const key = (Array.isArray(header) ? header[0] : header)?.trim();
  return key || null;
}

/**
 * `/api/v1`: the read routes of the index for personal API keys, GET only. Each request's
 * key is resolved by identity (hashed look-up, the key's rate limit, the first use of the
 * day recorded) into a short-lived read-only token of the key's owner with their access as
 * it is now; the request then goes on to the `/api` route with that token as the bearer.
 * Nothing is cached here, so a revoked key, an expired role or a refund bites on the next
 * request. The services' ETags pass through (If-None-Match answers 304).
 */
export async function apiV1Routes(app: FastifyInstance, opts: { config: GatewayConfig & CommonConfig; forward: Forward }) {
  const { config, forward } = opts;

  const resolve = async (request: FastifyRequest): Promise<ResolvedApiKey> => {
    const key = presentedKey(request.headers);
    if (!key) throw new Unauthorized(ApiKeyMessages.missing);
    // no key is this long: refused here rather than as identity's invalid input
    if (key.length > MAX_KEY_LENGTH) throw new Unauthorized(ApiKeyMessages.invalid);
    return callService<ResolvedApiKey>(app, 'identity', '/internal/api-keys/resolve', {
      body: { key },
      requestId: request.id,
      context: requestContext(request),
      timeoutMs: 10_000,
    });
  };

  // the only routes a key reaches: the index's read routes, as the web app reads them (an
  // allow-list: write, account and admin routes are not reachable, whatever the token)
  for (const route of API_KEY_READ_ROUTES) {
    app.get(
      `${API_V1}${route.path}`,
      {
        schema: {
          tags: ['api v1'],
          summary: route.summary,
          description: `Reads \`GET /api${route.path}\` with the access of the key's owner as it is now. Send the key as \`Authorization: ApiKey <key>\` or \`X-Api-Key: <key>\`. Answers carry an ETag: send it back in If-None-Match for a 304. 429 with Retry-After past the key's limit per minute.`,
          ...(route.path.includes(':groupId') ? { params: GroupParam } : {}),
          response: { 200: route.response, ...errors },
        },
      },
      async (request, reply) => {
        if (!config.SERVICE_TOKEN) throw new NotFound('The API is not served here: the gateway has no SERVICE_TOKEN.');
        const { token } = await resolve(request);
        const url = `/api${request.url.slice(API_V1.length)}`;
        const service = resolveUpstream(url);
        if (!service) throw new NotFound(`No service serves ${url.split('?')[0]}`);
        return forward(request, reply, service, url, { authorization: `Bearer ${token}`, 'x-api-key': undefined, cookie: undefined });
      },
    );
  }

  // the API description, for anyone about to write a client
  app.get(`${API_V1}/openapi.json`, { schema: { hide: true } }, async (_request, reply) => {
    type Operations = Record<string, Record<string, unknown>>;
    const whole = (app as unknown as { swagger(): { paths?: Record<string, Operations>; components?: Record<string, unknown> } }).swagger();
    // the kit's document knows bearer tokens only: the key's scheme is added to each operation here
    const paths = Object.fromEntries(
      Object.entries(whole.paths ?? {})
        .filter(([path]) => path.startsWith(`${API_V1}/`))
        .map(([path, operations]) => [
          path,
          Object.fromEntries(Object.entries(operations).map(([method, op]) => [method, { ...op, security: [{ apiKey: [] }] }])),
        ]),
    );
    reply.header('Cache-Control', 'no-cache');
    return {
      openapi: '3.0.3',
      info: {
        title: 'Compliance Index API',
        version: '1',
        description: 'Read-only access with a personal API key (created on My account).',
      },
      paths,
      components: {
        ...(whole.components ?? {}),
        securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: 'or Authorization: ApiKey <key>' } },
      },
    };
  });

  // anything else under /api/v1: writes are refused (405), other paths are not served (404)
  app.all(`${API_V1}/*`, { schema: { hide: true } }, async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply
        .code(405)
        .header('Allow', 'GET, HEAD')
        .send({ statusCode: 405, error: 'Method Not Allowed', message: ApiKeyMessages.readOnly });
    }
    throw new NotFound(`The API serves no ${request.url.split('?')[0]}`);
  });
}
