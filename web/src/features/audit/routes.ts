import { RouteRules } from '@cti/access';

import type { AppRoute } from '../../app/route-types';

export const auditRoutes: AppRoute[] = [
  { path: '/admin/auditlog', rule: RouteRules.adminOnly, title: 'Audit log', page: () => import('./AuditLogPage') },
];
