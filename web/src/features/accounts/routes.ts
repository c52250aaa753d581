import { RouteRules } from '@cti/access';

import type { AppRoute } from '../../app/route-types';

/** Accounts and access: users, groups, access requests, my account, dev mailbox. */
export const accountsRoutes: AppRoute[] = [
  { path: '/user/manage', rule: RouteRules.usersPage, title: 'Users', page: () => import('./users/UsersAdminPage') },
  { path: '/user/requests', rule: RouteRules.adminOnly, title: 'Request Queue', page: () => import('./requests/RequestQueuePage') },
  { path: '/user/account', rule: RouteRules.account, title: 'My account', page: () => import('./account/MyAccountPage') },
  { path: '/account', rule: RouteRules.account, title: 'My account', page: () => import('./account/MyAccountPage') },
  { path: '/admin/groups', rule: RouteRules.adminOnly, title: 'User groups', page: () => import('./groups/GroupsAdminPage') },
  { path: '/user/sync', rule: RouteRules.account, title: 'Sync', page: () => import('./SyncPlaceholderPage') },
  // development only: the page itself says so in production, and the API refuses there
  { path: '/dev/mail', rule: RouteRules.public, title: 'Dev mailbox', page: () => import('./dev-mail/DevMailPage'), allowUnagreed: true },
];
