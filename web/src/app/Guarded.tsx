import { Suspense, lazy, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, useLocation } from 'react-router';

import { guardRoute, satisfiesRule } from '@cti/access';

import { Spinner } from '../components/form/fields';
import { UserArea } from '../features/accounts/UserArea';
import { AdminArea } from '../features/admin/AdminArea';
import { selectUser } from '../features/auth/auth-slice';
import { mustAgreeToTerms } from '../features/auth/landing';

import { useAppConfigQuery } from './app-config';
import { useAppSelector, usePrincipal } from './hooks';
import { ADMIN_AREA_PATHS, isAdmin, USER_AREA_PATHS } from './menu';
import type { AppRoute } from './route-types';

// One lazy component per route, created once: a lazy() made during render would be
// recreated on every retry of a suspended render and never resolve.
const pages = new WeakMap<AppRoute, LazyExoticComponent<ComponentType>>();
const pageOf = (route: AppRoute) => {
  let page = pages.get(route);
  if (!page) pages.set(route, (page = lazy(route.page)));
  return page;
};

/**
 * Route guard: anonymous users go to login, users failing the rule to
 * /restricted, users who must agree to the terms to /agree, except on the routes open
 * to them (allowUnagreed), however they got there (a link, a reload, an address typed).
 * Both redirects remember the page asked for, to come back to it afterwards.
 */
export function Guarded({ route }: { route: AppRoute }) {
  const principal = usePrincipal();
  const user = useAppSelector(selectUser);
  const location = useLocation();
  const Page = pageOf(route);
  const { data: config, isError: noConfig } = useAppConfigQuery(undefined, { skip: !route.alsoNeeds });

  useEffect(() => {
    document.title = `${route.title} | Compliance Index`;
  }, [route.title]);

  const from = location.pathname + location.search;
  let decision = guardRoute(principal, route.rule);
  let refusedBy = route.rule;
  if (decision === 'allow' && principal && route.alsoNeeds) {
    // the deployment's settings decide the rest; without them nobody passes
    if (!config && !noConfig) return <Spinner />;
    const further = config ? route.alsoNeeds(config) : null;
    if (!further || !satisfiesRule(principal, further)) [decision, refusedBy] = ['restricted', further ?? route.rule];
  }
  if (decision === 'login') return <Navigate to="/login" replace state={{ from }} />;
  // the restricted page names what was asked for and how to get it
  if (decision === 'restricted') return <Navigate to="/restricted" replace state={{ from, title: route.title, rule: refusedBy }} />;
  if (user && mustAgreeToTerms(user) && !route.allowUnagreed) return <Navigate to="/agree" replace state={{ from }} />;
  const page = (
    <Suspense fallback={<Spinner />}>
      <Page />
    </Suspense>
  );
  // admins see the admin pages inside the admin area; the user-area pages share a sidebar and a navbar
  if (principal && isAdmin(principal) && ADMIN_AREA_PATHS.includes(route.path)) return <AdminArea>{page}</AdminArea>;
  return USER_AREA_PATHS.includes(route.path) ? <UserArea>{page}</UserArea> : page;
}
