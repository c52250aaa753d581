import { ConfirmEmailAnswer, EmailCodeParams, EmailParam, ErrorBody, FreeAccessBody, SessionUser } from '@cti/contracts';

import type { IdentityContext } from '../context';
import type { IdentityApp } from '../db';

import { confirmFreeAccess, requestFreeAccess } from './free-access';

const errors = { 400: ErrorBody, 403: ErrorBody, 409: ErrorBody, 429: ErrorBody };

/** Free access. Free-user refresh and logout live with the sessions. */
export async function freeAccessRoutes(app: IdentityApp, ctx: IdentityContext) {
  app.post(
    '/api/freeUser/access/:email',
    {
      schema: {
        tags: ['free access'],
        summary: 'Ask for free access (sends a confirmation link)',
        description: '200 with the session when a confirmed free user returns; 202 Confirm Email when a confirmation e-mail was sent.',
        params: EmailParam,
        body: FreeAccessBody,
        response: { 200: SessionUser, 202: ConfirmEmailAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await requestFreeAccess(app, ctx, request.params.email, request.body, request.ip);
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
    async (request) => confirmFreeAccess(app, ctx, request.params.email, request.params.code, request.ip),
  );
}
