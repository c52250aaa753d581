import type { IndexAccessSettings } from '@cti/access';
import { ErrorBody, FollowedCountry, FollowList, FollowParams, MessageBody, NotificationMessages } from '@cti/contracts';
import { actorOf, claimsOf, principalOf } from '@cti/service-kit';

import type { NotificationsApp } from '../db';

import { followCountry, listFollows, unfollowCountry } from './follows';

/** GET api/follow (the Following list), PUT and DELETE api/follow/{groupId} (the Follow control). */
export async function followRoutes(app: NotificationsApp, { settings }: { settings: IndexAccessSettings }) {
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

  app.get(
    '/api/follow',
    {
      preHandler: app.requireUser,
      schema: { tags: ['follow'], summary: 'Countries the caller follows', response: { 200: FollowList, ...errors } },
    },
    async (request) => {
      const claims = claimsOf(request);
      return listFollows(app.db, { userId: claims.sub, principal: principalOf(claims) }, settings);
    },
  );

  app.put(
    '/api/follow/:groupId',
    {
      preHandler: app.requireUser,
      schema: { tags: ['follow'], summary: 'Follow a country', params: FollowParams, response: { 200: FollowedCountry, ...errors } },
    },
    async (request) => {
      const claims = claimsOf(request);
      const who = { userId: claims.sub, email: claims.email, name: claims.name, principal: principalOf(claims) };
      return followCountry(app, who, request.params.groupId, settings, actorOf(request));
    },
  );

  app.delete(
    '/api/follow/:groupId',
    {
      preHandler: app.requireUser,
      schema: { tags: ['follow'], summary: 'Stop following a country', params: FollowParams, response: { 200: MessageBody, ...errors } },
    },
    async (request) => {
      const claims = claimsOf(request);
      const country = await unfollowCountry(app, claims.sub, request.params.groupId, actorOf(request));
      return { message: NotificationMessages.unfollowed(country ?? 'this country') };
    },
  );
}
