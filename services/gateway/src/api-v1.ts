import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import {
  API_KEY_READ_ROUTES,
  ApiKeyMessages,
  ExportQuery,
  IndexExportRoutes,
  Uuid,
  type KeyRateLimit,
  type ResolvedApiKey,
} from '@cti/contracts';
import { callService, DomainError, NotFound, requestContext, Type, Unauthorized, type CommonConfig } from '@cti/service-kit';

import { apiReferenceRoutes } from './api-reference';
import { apiV1Document } from './api-v1-document';
import type { GatewayConfig } from './config';
import { eventContractForKeyHolders } from './event-contract';
import { keyRateLimited, keyRateLimitHeaders, notModifiedCostsNothing } from './key-rate-limit';
import { resolveUpstream, type Upstream } from './route-table';

/** Sends a request on to a service (proxy.ts), with some headers replaced (undefined removes one). */
export type Forward = (
  request: FastifyRequest,
  reply: FastifyReply,
  service: Upstream,
  url: string,
  headers?: Record<string, string | undefined>,
  /** Told the status of the service's answer before it is passed on (headers may still be set). */
  onAnswer?: (statusCode: number) => void,
) => FastifyReply;

/** Longer than any key (`cti_` and 43 characters); identity takes up to 200. */
const MAX_KEY_LENGTH = 200;

/** The versioned prefix of the API that personal API keys call. */
export const API_V1 = '/api/v1';

/** The challenge of a 401 under `/api/v1`: the scheme is the key, not a bearer token. */
export const API_KEY_CHALLENGE = 'ApiKey realm="cti"';

const GroupParam = Type.Object({ groupId: Uuid({ description: 'the country’s id, as in the index list (GroupId)' }) });

/** The key of a request: `Authorization: ApiKey <key>` or `X-Api-Key: <key>`. */
export function presentedKey(headers: FastifyRequest['headers']): string | null {
  const auth = headers.authorization;
  if (auth && /^ApiKey\s+/i.test(auth)) return auth.replace(/^ApiKey\s+/i, '').trim() || null;
  const header = headers['x-api-key'];
  const key = (Array.isArray(header) ? header[0] : header)?.trim();
  return key || null;
}

/** The routes a key reaches: the index's read routes and its exports, as the web app reads them (paths under `/api`). */
const KEY_ROUTES = [
  ...API_KEY_READ_ROUTES.map((route) => ({ path: route.path, querystring: undefined })),
  ...Object.values(IndexExportRoutes).map((route) => ({ path: route.path, querystring: route.withFormat ? ExportQuery : undefined })),
];

/**
 * `/api/v1`: the read routes and exports of the index for personal API keys, GET and HEAD only.
 * Each request's key is resolved by identity (hashed look-up, the key's own rate limit, the first
 * use of the day recorded) into a short-lived read-only token of the key's owner with their access
 * as it is now; the request then goes on to the `/api` route with that token as the bearer. Nothing
 * is cached here, so a revoked key, an expired role or a refund bites on the next request. The
 * services' ETags pass through (If-None-Match answers 304, which costs the key nothing); every
 * answer carries the key's own rate-limit headers (key-rate-limit.ts).
 */
export async function apiV1Routes(app: FastifyInstance, opts: { config: GatewayConfig & CommonConfig; forward: Forward }) {
  const { config, forward } = opts;

  /** The key's owner as identity resolves them now; 401 (with the key's challenge), 403, or 429 past the key's limit. */
  const resolve = async (request: FastifyRequest, reply: FastifyReply): Promise<ResolvedApiKey & { token: string }> => {
    if (!config.SERVICE_TOKEN) throw new NotFound('The API is not served here: the gateway has no SERVICE_TOKEN.');
    const key = presentedKey(request.headers);
    const challenge = { 'WWW-Authenticate': API_KEY_CHALLENGE };
    if (!key) throw new Unauthorized(ApiKeyMessages.missing, challenge);
    // no key is this long: refused here rather than as identity's invalid input
    if (key.length > MAX_KEY_LENGTH) throw new Unauthorized(ApiKeyMessages.invalid, challenge);
    const resolved = await callService<ResolvedApiKey>(app, 'identity', '/internal/api-keys/resolve', {
      body: { key },
      requestId: request.id,
      context: requestContext(request),
      timeoutMs: 10_000,
    }).catch((err: unknown) => {
      if (err instanceof DomainError && err.statusCode === 401) throw new Unauthorized(err.message, challenge);
      throw err;
    });
    if (!resolved.token) throw keyRateLimited(resolved.rateLimit, ApiKeyMessages.rateLimited);
    reply.headers(keyRateLimitHeaders(resolved.rateLimit));
    return { ...resolved, token: resolved.token };
  };

  /** A 304 costs the key nothing: its headers say so, and identity takes the request back from the key's window. */
  const notModified = (request: FastifyRequest, reply: FastifyReply, keyId: string, rateLimit: KeyRateLimit) => {
    reply.headers(keyRateLimitHeaders(notModifiedCostsNothing(rateLimit)));
    callService(app, 'identity', '/internal/api-keys/refund', { body: { keyId }, requestId: request.id, timeoutMs: 10_000 }).catch(
      (err: unknown) => request.log.warn({ err, keyId }, 'a 304 of an API key could not be given back to its window'),
    );
  };

  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const { token, keyId, rateLimit } = await resolve(request, reply);
    const url = `/api${request.url.slice(API_V1.length)}`;
    const service = resolveUpstream(url);
    if (!service) throw new NotFound(`No service serves ${url.split('?')[0]}`);
    return forward(
      request,
      reply,
      service,
      url,
      { authorization: `Bearer ${token}`, 'x-api-key': undefined, cookie: undefined },
      (status) => {
        if (status === 304) notModified(request, reply, keyId, rateLimit);
      },
    );
  };

  // an allow-list: write, account and admin routes are not reachable, whatever the token. HEAD is a
  // route of its own, so the service's Content-Length passes through (Fastify's automatic HEAD
  // route would answer the forwarded, bodiless answer with Content-Length: 0)
  for (const route of KEY_ROUTES) {
    const schema = {
      // described by hand in the document of /api/v1/openapi.json (api-v1-document.ts)
      hide: true,
      ...(route.path.includes(':groupId') ? { params: GroupParam } : {}),
      ...(route.querystring ? { querystring: route.querystring } : {}),
    };
    app.get(`${API_V1}${route.path}`, { exposeHeadRoute: false, schema }, serve);
    app.head(`${API_V1}${route.path}`, { schema }, serve);
  }

  // the API's reference, for anyone about to write a client
  app.get(`${API_V1}/openapi.json`, { schema: { hide: true } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return apiV1Document(`${request.protocol}://${request.host}`);
  });
  await app.register(apiReferenceRoutes, { prefix: `${API_V1}/docs` });

  // the event contract of the subjects the `integrations` NATS account reads
  const eventContract = eventContractForKeyHolders(config);
  app.get(`${API_V1}/asyncapi.json`, { schema: { hide: true } }, async (request, reply) => {
    await resolve(request, reply);
    return reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-cache').send(eventContract);
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
