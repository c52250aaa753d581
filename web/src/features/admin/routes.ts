import { RouteRules } from '@cti/access';

import type { AppRoute } from '../../app/route-types';

/** The admin area's home: its destinations grouped by what they manage. */
export const adminRoutes: AppRoute[] = [
  { path: '/admin', rule: RouteRules.adminOnly, title: 'Admin', page: () => import('./AdminHomePage') },
];
