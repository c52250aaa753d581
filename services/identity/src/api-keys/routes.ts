import type { FastifyReply, FastifyRequest } from 'fastify';

import { ApiKeyRule, canUseApiKeys, RouteRules } from '@cti/access';
import {
  ApiKeyIdParam,
  ApiKeyMessages,
  ApiKeyList,
  ApiKeyView,
  CreateApiKeyBody,
  CreatedApiKey,
  ErrorBody,
  RefundApiKeyRequestBody,
  ResolveApiKeyBody,
  ResolvedApiKey,
  UserIdParam,
} from '@cti/contracts';
import { actorOf, claimsOf, Forbidden, markAuthGuard, principalOf, Type } from '@cti/service-kit';

import type { IdentityContext } from '../context';
import type { IdentityApp } from '../db';
import { accessTokenSigner } from '../sessions/tokens';

import { createApiKey, listKeysOfUser, listOwnKeys, refundKeyRequest, resolveApiKey, revokeApiKey, type ApiKeyDeps } from './api-keys';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** A key request's token lives a minute at most: it only travels from the gateway to one service. */
const KEY_TOKEN_TTL_SECONDS = 60;

/** Personal read-only API keys: the owner's list on My account, admins' view, and the gateway's resolve call. */
export async function apiKeyRoutes(app: IdentityApp, ctx: IdentityContext) {
  const deps: ApiKeyDeps = {
    inTransaction: (work) => app.inTransaction(work),
    signKeyToken: accessTokenSigner((payload) => app.jwt.sign(payload), {
      accessTtlSeconds: Math.min(KEY_TOKEN_TTL_SECONDS, ctx.config.ACCESS_TOKEN_TTL_SECONDS),
    }),
    takeRateLimit: (key, limit) => app.rateLimits.take(key, limit),
    giveBackRateLimit: (key, limit) => app.rateLimits.giveBack(key, limit),
    requestsPerMinute: ctx.config.API_KEY_REQUESTS_PER_MINUTE,
    clock: app.clock,
  };
  const noStore = { 'Cache-Control': 'no-store' };
  // who may hold keys, refused with the reason (free users, country viewers, …)
  const keyHolder = markAuthGuard(
    async function keyHolderGuard(request: FastifyRequest, reply: FastifyReply) {
      await app.requireUser.call(app, request, reply);
      if (!canUseApiKeys(principalOf(claimsOf(request)))) throw new Forbidden(ApiKeyMessages.notEntitled);
    },
    { kind: 'rule', rule: ApiKeyRule },
  );

  app.get(
    '/api/user/apiKeys',
    { preHandler: keyHolder, schema: { tags: ['api keys'], summary: 'My API keys', response: { 200: ApiKeyList, ...errors } } },
    async (request, reply) => {
      reply.headers(noStore);
      return listOwnKeys(app.db, claimsOf(request));
    },
  );

  app.post(
    '/api/user/apiKeys',
    {
      preHandler: keyHolder,
      schema: {
        tags: ['api keys'],
        summary: 'Create an API key (the answer is the only time the key is shown)',
        body: CreateApiKeyBody,
        response: { 200: CreatedApiKey, ...errors },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return createApiKey(deps, claimsOf(request), request.body, actorOf(request));
    },
  );

  app.delete(
    '/api/user/apiKeys/:keyId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['api keys'],
        summary: 'Revoke an API key: one’s own, or any as an admin',
        params: ApiKeyIdParam,
        response: { 200: ApiKeyView, ...errors },
      },
    },
    async (request) => revokeApiKey(deps, claimsOf(request), request.params.keyId, actorOf(request)),
  );

  app.get(
    '/api/user/apiKeys/of/:userId',
    {
      preHandler: app.requireRule(RouteRules.adminOnly),
      schema: { tags: ['api keys'], summary: 'Admin: a user’s API keys', params: UserIdParam, response: { 200: ApiKeyList, ...errors } },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return listKeysOfUser(app.db, request.params.userId);
    },
  );

  app.post(
    '/internal/api-keys/resolve',
    {
      preHandler: app.requireService,
      schema: { hide: true, body: ResolveApiKeyBody, response: { 200: ResolvedApiKey, ...errors } },
    },
    async (request) => resolveApiKey(deps, request.body.key),
  );

  app.post(
    '/internal/api-keys/refund',
    { preHandler: app.requireService, schema: { hide: true, body: RefundApiKeyRequestBody, response: { 204: Type.Null(), ...errors } } },
    async (request, reply) => {
      await refundKeyRequest(deps, request.body.keyId);
      return reply.code(204).send(null);
    },
  );
}
