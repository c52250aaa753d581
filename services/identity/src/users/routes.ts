import type { FastifyRequest } from 'fastify';
import Type from 'typebox';

import { RouteRules } from '@cti/access';
import {
  AccountUpdateBody,
  ErrorBody,
  IdParam,
  InternalUser,
  InternalUserLookup,
  ManagedUser,
  MessageBody,
  UserIdParam,
  TermsAnswers,
  UserPayload,
} from '@cti/contracts';
import { claimsOf, Forbidden, NotFound } from '@cti/service-kit';

import type { IdentityContext } from '../context';
import type { IdentityApp } from '../db';

import { updateOwnAccount } from './account';
import { agreeToTerms } from './agree';
import { getUser, listManagedUsers, registerUser, resendWelcome, updateUser, type Visitor } from './manage-users';
import { loadInternalUsers } from './user-views';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody, 502: ErrorBody };

/** Users admin, My account, the terms gate and the internal user look-ups. */
export async function userRoutes(app: IdentityApp, ctx: IdentityContext) {
  /**
   * Who calls a route that serves signed-in users and holders of a welcome link alike. A user
   * the terms gate holds acts only through the link (as anyone holding it would): with their
   * token alone they are refused, as on every guarded route.
   */
  const visitorOf = (request: FastifyRequest<{ Querystring: { token?: string } }>): Visitor => {
    const caller = request.principal;
    if (!caller?.mustAgree) return { caller, tokenExpired: request.tokenExpired };
    if (!request.query.token) throw new Forbidden(TermsAnswers.mustAgree);
    return { caller: null, tokenExpired: false };
  };

  app.get(
    '/api/user/agree',
    // the one route the terms gate leaves open: the user's next token (refresh) no longer carries it
    {
      preHandler: app.requireUser,
      config: { allowUnagreed: true },
      schema: { tags: ['users'], summary: 'Agree to the Terms and Conditions', response: { 200: MessageBody, 401: ErrorBody } },
    },
    async (request) => {
      await agreeToTerms(app, claimsOf(request));
      return { message: 'Agreed' };
    },
  );

  app.get(
    '/api/user/groupManager',
    {
      preHandler: app.requireRule(RouteRules.usersPage),
      schema: {
        tags: ['users'],
        summary: 'Users a group manager or admin may manage, with groups and roles',
        response: { 200: Type.Array(ManagedUser), ...errors },
      },
    },
    async (request) => listManagedUsers(app.db, claimsOf(request), app.clock.now()),
  );

  app.post(
    '/api/user/register',
    {
      preHandler: app.requireRule(RouteRules.usersPage),
      schema: { tags: ['users'], summary: 'Add a user', body: UserPayload, response: { 200: MessageBody, ...errors } },
    },
    async (request) => registerUser(app, ctx, claimsOf(request), request.body),
  );

  app.post(
    '/api/user/update',
    {
      preHandler: app.requireRule(RouteRules.usersPage),
      schema: { tags: ['users'], summary: 'Change a user', body: UserPayload, response: { 200: MessageBody, ...errors } },
    },
    async (request) => updateUser(app, ctx, claimsOf(request), request.body),
  );

  app.post(
    '/api/user/account',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['users'],
        summary: 'Change one’s own name or password (My account)',
        body: AccountUpdateBody,
        response: { 200: MessageBody, ...errors },
      },
    },
    async (request) => updateOwnAccount(app, ctx, claimsOf(request), request.ip, request.body),
  );

  app.get(
    '/api/user/sendReset/:userId',
    {
      schema: {
        tags: ['users'],
        summary: 'Resend a user’s welcome e-mail',
        description:
          'Resend the welcome e-mail: admins, the user’s managers, or (with `token`) the holder of the user’s welcome link. Never to a user who has set a password.',
        params: UserIdParam,
        querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) }),
        response: { 200: MessageBody, ...errors },
      },
    },
    async (request) => resendWelcome(app, ctx, { ...visitorOf(request), ip: request.ip }, request.params.userId, request.query.token),
  );

  app.get(
    '/api/user/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'A user',
        description: 'The user themself, a manager of the user, or the holder of a valid welcome token (set-password page).',
        params: IdParam,
        querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) }),
        response: { 200: ManagedUser, ...errors },
      },
    },
    async (request) => getUser(app.db, visitorOf(request), request.params.id, request.query.token, app.clock.now()),
  );

  // what other services learn about users (commerce lists subscriptions with user and organization)
  app.get(
    '/internal/users/:id',
    {
      preHandler: app.requireService,
      schema: { hide: true, params: IdParam, response: { 200: InternalUser, 403: ErrorBody, 404: ErrorBody } },
    },
    async (request) => {
      const [user] = await loadInternalUsers(app.db, [request.params.id]);
      if (!user) throw new NotFound('User not found');
      return user;
    },
  );

  app.post(
    '/internal/users/lookup',
    {
      preHandler: app.requireService,
      schema: { hide: true, body: InternalUserLookup, response: { 200: Type.Array(InternalUser), 403: ErrorBody } },
    },
    async (request) => loadInternalUsers(app.db, request.body.ids),
  );
}
