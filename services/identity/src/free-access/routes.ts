import type { FastifyReply } from 'fastify';

import {
  ConfirmEmailAnswer,
  EmailCodeParams,
  EmailParam,
  ErrorBody,
  FreeAccessBody,
  FreeUserPasswordBody,
  SessionUser,
} from '@cti/contracts';
import { claimsOf } from '@cti/service-kit';

import type { IdentityContext } from '../context';
import type { IdentityApp } from '../db';
import { deviceCookieOf } from '../devices/device-cookie';
import { DEVICE_COOKIE, DEVICE_COOKIE_PATH } from '../devices/device-credentials';

import { chooseOwnPassword } from './choose-password';
import { confirmFreeAccess, requestFreeAccess } from './free-access';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody, 429: ErrorBody };

/** Sets the device credential's cookie: httpOnly, signed, same-site only, sent to the free-access calls, 90 days. */
function setDeviceCookie(reply: FastifyReply, ctx: IdentityContext, device: { value: string; expiresAt: Date }) {
  reply.setCookie(DEVICE_COOKIE, device.value, {
    signed: true,
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.config.PUBLIC_URL.startsWith('https:'),
    path: DEVICE_COOKIE_PATH,
    expires: device.expiresAt,
  });
}

/** Free access and a free user's own password. Free-user refresh and logout live with the sessions. */
export async function freeAccessRoutes(app: IdentityApp, ctx: IdentityContext) {
  app.post(
    '/api/freeUser/access/:email',
    {
      schema: {
        tags: ['free access'],
        summary: 'Ask for free access (sends a confirmation or sign-in link)',
        description:
          '200 with the session when a confirmed free user returns from a browser holding their device credential (cookie); 202 Confirm Email when a confirmation or sign-in link was e-mailed.',
        params: EmailParam,
        body: FreeAccessBody,
        response: { 200: SessionUser, 202: ConfirmEmailAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await requestFreeAccess(app, ctx, request.params.email, request.body, request.ip, deviceCookieOf(request));
      if (outcome.kind === 'granted') return outcome.session;
      return reply.code(202).send({ message: 'Confirm Email' as const });
    },
  );

  app.post(
    '/api/freeUser/access/:email/:code',
    {
      schema: {
        tags: ['free access'],
        summary: 'Confirm free access with the link’s code and sign in',
        params: EmailCodeParams,
        response: { 200: SessionUser, ...errors },
      },
    },
    async (request, reply) => {
      const { session, device } = await confirmFreeAccess(app, ctx, request.params.email, request.params.code, request.ip);
      setDeviceCookie(reply, ctx, device);
      return session;
    },
  );

  app.post(
    '/api/freeUser/password',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['free access'],
        summary: 'A signed-in free user chooses a password',
        body: FreeUserPasswordBody,
        response: { 200: SessionUser, ...errors },
      },
    },
    async (request, reply) => {
      const session = await chooseOwnPassword(app, ctx, claimsOf(request), request.body.NewPassword);
      reply.clearCookie(DEVICE_COOKIE, { path: DEVICE_COOKIE_PATH });
      return session;
    },
  );
}
