import Type from 'typebox';

import { ErrorBody, InternalUserAccess, InternalUserLookup } from '@cti/contracts';

import type { IdentityApp } from '../db';

import { loadUserAccess } from './user-access';

/**
 * `POST /internal/users/access`: users' access as it stands now, for services that act
 * for users after the request that asked (notifications checks it before every alert
 * e-mail, so an expired role or a refund stops alerts at once).
 */
export async function userAccessRoutes(app: IdentityApp) {
  app.post(
    '/internal/users/access',
    {
      preHandler: app.requireService,
      schema: { hide: true, body: InternalUserLookup, response: { 200: Type.Array(InternalUserAccess), 403: ErrorBody } },
    },
    async (request) => loadUserAccess(app.db, request.body.ids, app.clock.now()),
  );
}
