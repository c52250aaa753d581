import { RouteRules } from '@cti/access';
import type { AppRoute } from '../../app/route-types';

export const errorRoutes: AppRoute[] = [
  { path: '/restricted', rule: RouteRules.public, title: 'Restricted', page: () => import('./RestrictedPage'), allowUnagreed: true },
  { path: '/404', rule: RouteRules.public, title: 'Not found', page: () => import('./NotFoundPage'), allowUnagreed: true },
];
