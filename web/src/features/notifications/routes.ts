import { RouteRules } from '@cti/access';

import type { AppRoute } from '../../app/route-types';

/** Alerts about followed countries, and the one-click unsubscribe page of alert e-mails (no sign-in). */
export const notificationsRoutes: AppRoute[] = [
  { path: '/notifications', rule: RouteRules.index, title: 'Alerts', page: () => import('./NotificationsPage') },
  {
    path: '/notifications/unsubscribe/:token',
    rule: RouteRules.public,
    title: 'Alert e-mails',
    page: () => import('./UnsubscribePage'),
    allowUnagreed: true,
  },
];
