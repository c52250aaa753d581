import { EmailParam, ErrorBody, MessageBody, ResetPasswordBody, SetPasswordNewUserBody } from '@cti/contracts';

import type { IdentityContext } from '../context';
import type { IdentityApp } from '../db';

import { forgotPassword, resetPassword, setPasswordNewUser } from './password-flows';

const errors = { 400: ErrorBody, 429: ErrorBody };

/** Forgot/reset password and the new user's first password. */
export async function passwordRoutes(app: IdentityApp, ctx: IdentityContext) {
  app.post(
    '/api/user/forgotPassword/:email',
    {
      schema: { tags: ['passwords'], summary: 'Send a password reset link', params: EmailParam, response: { 200: MessageBody, ...errors } },
    },
    async (request) => forgotPassword(app, ctx, request.params.email, request.ip),
  );

  app.post(
    '/api/user/resetPassword',
    {
      schema: {
        tags: ['passwords'],
        summary: 'Set a new password with a reset code',
        body: ResetPasswordBody,
        response: { 200: MessageBody, ...errors },
      },
    },
    async (request) => resetPassword(app, ctx, request.body, request.ip),
  );

  app.post(
    '/api/user/setPasswordNewUser',
    {
      schema: {
        tags: ['passwords'],
        summary: 'Set a new user’s first password with the welcome link’s token',
        body: SetPasswordNewUserBody,
        response: { 200: MessageBody, ...errors },
      },
    },
    async (request) => setPasswordNewUser(app, ctx, request.body, request.ip),
  );
}
