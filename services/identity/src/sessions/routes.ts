import type { FastifyRequest } from 'fastify';

import {
  ErrorBody,
  FreeLogoutQuery,
  LoginBody,
  MessageBody,
  RefreshBody,
  SessionUser,
  UnlockSignInBody,
  UserIdParam,
  UsernameParam,
  type AccessClaims,
} from '@cti/contracts';
import { Forbidden, Unauthorized } from '@cti/service-kit';

import type { IdentityContext } from '../context';
import type { IdentityApp } from '../db';
import { deviceCookieOf } from '../devices/device-cookie';
import { DEVICE_COOKIE, DEVICE_COOKIE_PATH } from '../devices/device-credentials';

import { login } from './login';
import { logout } from './logout';
import { refreshSession } from './refresh';
import { signInLimitsOf } from './sign-in-locks';
import { unlockSignIn } from './unlock';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };

/** Sign-in, its unlock link, refresh and logout for credentialed users. */
export async function sessionRoutes(app: IdentityApp, ctx: IdentityContext) {
  const { issuer, config } = ctx;
  const limits = signInLimitsOf(config);
  const grace = {
    graceSeconds: config.REFRESH_REUSE_GRACE_SECONDS,
    onReuse: () => app.log.warn('refresh token reused after its grace window: its family was revoked'),
  };

  app.post(
    '/api/user/login',
    {
      schema: {
        tags: ['sessions'],
        summary: 'Sign in with e-mail and password',
        body: LoginBody,
        response: { 200: SessionUser, ...errors },
      },
    },
    async (request) => login(app, ctx, limits, { email: request.body.Email, password: request.body.Password, ip: request.ip }),
  );

  app.post(
    '/api/user/unlockSignIn',
    {
      schema: {
        tags: ['sessions'],
        summary: 'Lift a sign-in lock with the code the account owner was e-mailed',
        body: UnlockSignInBody,
        response: { 200: MessageBody, ...errors },
      },
    },
    async (request) => unlockSignIn(app, config, request.body.Code, request.ip),
  );

  app.post(
    '/api/user/refresh',
    {
      schema: {
        tags: ['sessions'],
        summary: 'Renew a session with its refresh token',
        body: RefreshBody,
        response: { 200: SessionUser, ...errors },
      },
    },
    async (request) => refreshSession(app, issuer, request.body.token, { free: false, ...grace }),
  );

  // a logout with an access token that expired a few minutes ago is still a logout (the kit bounds how stale)
  const logoutClaims = (request: FastifyRequest): AccessClaims => {
    const header = request.headers.authorization;
    const claims = request.principal ?? (header?.startsWith('Bearer ') ? app.verifyIgnoringExpiry(header.slice(7).trim()) : null);
    if (!claims) throw new Unauthorized();
    return claims;
  };

  app.post(
    '/api/user/logout/:userId',
    {
      schema: {
        tags: ['sessions'],
        summary: 'Sign out (one’s own session, or every session of a user as an admin)',
        params: UserIdParam,
        response: { 200: MessageBody, ...errors },
      },
    },
    async (request) => {
      await logout(app, logoutClaims(request), request.params.userId, false);
      return { message: 'Logged out.' };
    },
  );

  /** Free users refresh and log out with their own calls. */
  app.post(
    '/api/freeUser/refresh',
    {
      schema: {
        tags: ['free access'],
        summary: 'Renew a free user’s session with its refresh token',
        body: RefreshBody,
        response: { 200: SessionUser, ...errors },
      },
    },
    async (request) => refreshSession(app, issuer, request.body.token, { free: true, ...grace }),
  );

  app.post(
    '/api/freeUser/logout/:username',
    {
      schema: {
        tags: ['free access'],
        summary: 'Sign a free user out',
        params: UsernameParam,
        querystring: FreeLogoutQuery,
        response: { 200: MessageBody, ...errors },
      },
    },
    async (request, reply) => {
      const claims = logoutClaims(request);
      if (claims.email.toLowerCase() !== request.params.username.trim().toLowerCase()) throw new Forbidden();
      const forget = request.query.forgetDevice === true;
      await logout(app, claims, claims.sub, true, forget ? deviceCookieOf(request) : null);
      if (forget) reply.clearCookie(DEVICE_COOKIE, { path: DEVICE_COOKIE_PATH });
      return { message: 'Logged out.' };
    },
  );
}
