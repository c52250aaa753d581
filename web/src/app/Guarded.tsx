import { Suspense, lazy, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, useLocation } from 'react-router';
import { guardRoute } from '@cti/access';
import { useAppSelector, usePrincipal } from './hooks';
import { selectUser } from '../features/auth/auth-slice';
import { Spinner } from '../components/form/fields';
import type { AppRoute } from './route-types';
import { ADMIN_AREA_PATHS, isAdmin, USER_AREA_PATHS } from './menu';
import { UserArea } from '../features/accounts/UserArea';
import { AdminArea } from '../features/admin/AdminArea';

// One lazy component per route, created once: a lazy() made during render would be
// recreated on every retry of a suspended render and never resolve.
const pages = new WeakMap<AppRoute, LazyExoticComponent<ComponentType>>();
const pageOf = (route: AppRoute) => {
  let page = pages.get(route);
  if (!page) pages.set(route, (page = lazy(route.page)));
  return page;
};

/**
 * Route guard (accounts §6): anonymous users go to login, users failing the rule to
 * /restricted, users who must agree to /agree (except the listed routes).
 */
export function Guarded({ route }: { route: AppRoute }) {
  const principal = usePrincipal();
  const user = useAppSelector(selectUser);
  const location = useLocation();
  const Page = pageOf(route);

  useEffect(() => {
    document.title = `${route.title} | Compliance Index`;
  }, [route.title]);

  const decision = guardRoute(principal, route.rule);
  if (decision === 'login') return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  // the restricted page names what was asked for and how to get it
  if (decision === 'restricted')
    return (
      <Navigate to="/restricted" replace state={{ from: location.pathname + location.search, title: route.title, rule: route.rule }} />
    );
  if (user?.MustAgreeCTC && !user.IsAdmin && !route.allowUnagreed) return <Navigate to="/agree" replace />;
  const page = (
    <Suspense fallback={<Spinner />}>
      <Page />
    </Suspense>
  );
  // admins see the admin pages inside the admin area; the user-area pages (accounts §2) share a sidebar and a navbar
  if (principal && isAdmin(principal) && ADMIN_AREA_PATHS.includes(route.path)) return <AdminArea>{page}</AdminArea>;
  return USER_AREA_PATHS.includes(route.path) ? <UserArea>{page}</UserArea> : page;
}
