import { RouteRules } from '@cti/access';

import type { AppRoute } from '../../app/route-types';

const notFoundPage = () => import('./NotFoundPage');

export const errorRoutes: AppRoute[] = [
  { path: '/restricted', rule: RouteRules.public, title: 'Restricted', page: () => import('./RestrictedPage'), allowUnagreed: true },
  { path: '/404', rule: RouteRules.public, title: 'Not found', page: notFoundPage, allowUnagreed: true },
];

/**
 * Every path no screen answers: the 404 view at the address asked for,
 * for anonymous and signed-in users alike, also while terms are still to be agreed.
 */
export const unknownRoute: AppRoute = { path: '*', rule: RouteRules.public, title: 'Not found', page: notFoundPage, allowUnagreed: true };
