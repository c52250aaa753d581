import { dataAccessOf, defineService } from '@cti/service-kit';

import { migrations } from '../migrations';

import { alertRoutes } from './alerts/routes';
import { CONSUMED_EVENTS, handleEvent } from './changes/handle-event';
import { accessSettingsOf, NotificationsConfig } from './config';
import type { NotificationsContext } from './context';
import type { NotificationsDB } from './db';
import { AlertDispatcher } from './delivery/dispatcher';
import { identityMailPort } from './delivery/mail-port';
import { identityAccessLookup } from './delivery/user-access';
import { followRoutes } from './follows/routes';
import { notificationMetricsOf } from './metrics';

/**
 * Notifications: follows, alerts (in the app and by e-mail, at once or in digests) when a
 * followed country's scorecard changes or a document is published, one-click unsubscribe.
 */
export const notificationsService = defineService<NotificationsDB>('notifications')({
  config: NotificationsConfig,
  migrations,
  async plugin(app, config) {
    const settings = accessSettingsOf(config);
    const metrics = notificationMetricsOf(app.metrics.registry, app.db);
    const dispatcher = new AlertDispatcher({
      ...dataAccessOf(app),
      access: identityAccessLookup(app),
      mail: identityMailPort(app),
      settings,
      publicUrl: config.PUBLIC_URL,
      tokenKey: config.NOTIFICATIONS_TOKEN_KEY,
      digestHourUtc: config.NOTIFICATIONS_DIGEST_HOUR_UTC,
      mailPerSecond: config.NOTIFICATIONS_MAIL_PER_SECOND,
      concurrency: config.NOTIFICATIONS_SEND_CONCURRENCY,
      pollMs: config.NOTIFICATIONS_DISPATCH_MS,
      leaseMs: config.NOTIFICATIONS_SEND_LEASE_MS,
      logger: app.log,
      observe: metrics.delivery,
    });
    app.addHook('onReady', async () => dispatcher.start());
    app.addHook('onClose', async () => dispatcher.stop());
    const ctx: NotificationsContext = { config: { ...config, PUBLIC_URL: config.PUBLIC_URL }, settings, dispatcher };
    await app.register(followRoutes, { settings: ctx.settings });
    await app.register(alertRoutes, { ctx });
  },
  consumers: (app) => [
    {
      filter: [...CONSUMED_EVENTS],
      handle: async (event, trx) => notificationMetricsOf(app.metrics.registry, app.db).alertsQueued(await handleEvent(trx, event)),
    },
  ],
});
