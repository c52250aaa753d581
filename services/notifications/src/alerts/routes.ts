import {
  AlertSettings,
  ErrorBody,
  MarkReadBody,
  NotificationList,
  NotificationListQuery,
  UnreadCount,
  UnsubscribeAnswer,
  UnsubscribeBody,
} from '@cti/contracts';
import { actorOf, claimsOf, principalOf } from '@cti/service-kit';

import type { NotificationsContext } from '../context';
import type { NotificationsApp } from '../db';
import { emailModeOf, saveAlertSettings } from '../settings/settings';
import { resubscribeWithLink, unsubscribeWithLink } from '../unsubscribe/unsubscribe';

import { listAlerts, markRead, unreadCount } from './in-app';

/** The in-app alert list, its unread count, alert settings, and the e-mails' one-click links. */
export async function alertRoutes(app: NotificationsApp, { ctx }: { ctx: NotificationsContext }) {
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
  const db = app.db;

  app.get(
    '/api/notifications/list',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'The caller’s alerts',
        querystring: NotificationListQuery,
        response: { 200: NotificationList, ...errors },
      },
    },
    async (request) => {
      const claims = claimsOf(request);
      return listAlerts(db, principalOf(claims), claims.sub, ctx.settings, request.query);
    },
  );

  app.get(
    '/api/notifications/unread-count',
    {
      preHandler: app.requireUser,
      schema: { tags: ['notifications'], summary: 'How many alerts are unread', response: { 200: UnreadCount, ...errors } },
    },
    async (request) => {
      const claims = claimsOf(request);
      return { Count: await unreadCount(db, principalOf(claims), claims.sub, ctx.settings) };
    },
  );

  app.post(
    '/api/notifications/read',
    {
      preHandler: app.requireUser,
      schema: { tags: ['notifications'], summary: 'Mark alerts read', body: MarkReadBody, response: { 200: UnreadCount, ...errors } },
    },
    async (request) => {
      const claims = claimsOf(request);
      await markRead(db, claims.sub, request.body, app.clock.now());
      return { Count: await unreadCount(db, principalOf(claims), claims.sub, ctx.settings) };
    },
  );

  app.get(
    '/api/notifications/settings',
    {
      preHandler: app.requireUser,
      schema: { tags: ['notifications'], summary: 'The caller’s alert settings', response: { 200: AlertSettings, ...errors } },
    },
    async (request) => ({ Email: await emailModeOf(db, claimsOf(request).sub) }),
  );

  app.put(
    '/api/notifications/settings',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Change the alert settings',
        body: AlertSettings,
        response: { 200: AlertSettings, ...errors },
      },
    },
    async (request) => {
      const claims = claimsOf(request);
      const user = { userId: claims.sub, email: claims.email, name: claims.name };
      await saveAlertSettings(app, user, request.body.Email, actorOf(request), ctx.config.NOTIFICATIONS_DIGEST_HOUR_UTC);
      return { Email: request.body.Email };
    },
  );

  // the links of alert e-mails: no sign-in, the signed token says who and what
  const link = { tokenKey: ctx.config.NOTIFICATIONS_TOKEN_KEY, digestHourUtc: ctx.config.NOTIFICATIONS_DIGEST_HOUR_UTC };
  app.post(
    '/api/notifications/unsubscribe',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Turn alert e-mails off with an e-mail’s link',
        body: UnsubscribeBody,
        response: { 200: UnsubscribeAnswer, 400: ErrorBody },
      },
    },
    async (request) => unsubscribeWithLink(app, request.body.token, link),
  );
  app.post(
    '/api/notifications/resubscribe',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Turn alert e-mails back on with an e-mail’s link',
        body: UnsubscribeBody,
        response: { 200: UnsubscribeAnswer, 400: ErrorBody },
      },
    },
    async (request) => resubscribeWithLink(app, request.body.token, link),
  );
}
