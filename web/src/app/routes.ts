import { matchPath } from 'react-router';

import { accountsRoutes } from '../features/accounts/routes';
import { adminRoutes } from '../features/admin/routes';
import { auditRoutes } from '../features/audit/routes';
import { authRoutes } from '../features/auth/routes';
import { commerceRoutes } from '../features/commerce/routes';
import { documentsRoutes } from '../features/documents/routes';
import { errorRoutes } from '../features/errors/routes';
import { indexesRoutes } from '../features/indexes/routes';
import { notificationsRoutes } from '../features/notifications/routes';
import { publicPagesRoutes } from '../features/public-pages/routes';
import { questionnairesRoutes } from '../features/questionnaires/routes';

import type { AppRoute } from './route-types';

/** Every screen of the app; each feature owns its list. A later entry for a path replaces an earlier one. */
export const appRoutes: AppRoute[] = dedupe([
  ...errorRoutes,
  ...authRoutes,
  ...accountsRoutes,
  ...questionnairesRoutes,
  ...indexesRoutes,
  ...documentsRoutes,
  ...commerceRoutes,
  ...auditRoutes,
  ...publicPagesRoutes,
  ...adminRoutes,
  ...notificationsRoutes,
]);

function dedupe(routes: AppRoute[]): AppRoute[] {
  const byPath = new Map<string, AppRoute>();
  for (const r of routes) byPath.set(r.path, r);
  return [...byPath.values()];
}

/**
 * Starts loading the page of the address the app opens on, at once: its chunk downloads
 * while the app starts (and refreshes a stored session) instead of after. The lazy route
 * finds the module already loaded. Used once, at start.
 */
export function preloadPageOf(pathname: string): void {
  const route = appRoutes.find((r) => matchPath(r.path, pathname));
  void route?.page().catch(() => undefined);
}
