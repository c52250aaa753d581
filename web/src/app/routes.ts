import type { AppRoute } from './route-types';
import { authRoutes } from '../features/auth/routes';
import { errorRoutes } from '../features/errors/routes';
import { auditRoutes } from '../features/audit/routes';
import { accountsRoutes } from '../features/accounts/routes';
import { questionnairesRoutes } from '../features/questionnaires/routes';
import { indexesRoutes } from '../features/indexes/routes';
import { documentsRoutes } from '../features/documents/routes';
import { commerceRoutes } from '../features/commerce/routes';
import { publicPagesRoutes } from '../features/public-pages/routes';
import { adminRoutes } from '../features/admin/routes';

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
]);

function dedupe(routes: AppRoute[]): AppRoute[] {
  const byPath = new Map<string, AppRoute>();
  for (const r of routes) byPath.set(r.path, r);
  return [...byPath.values()];
}
