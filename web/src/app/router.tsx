import { useEffect, useRef } from 'react';
import { BrowserRouter, Outlet, Route, Routes, useLocation } from 'react-router';

import { Footer } from '../components/layout/Footer';
import { Header } from '../components/layout/Header';
import { Toaster } from '../components/toast/Toaster';
import { AppStart } from '../features/auth/AppStart';
import { unknownRoute } from '../features/errors/routes';

import { Guarded } from './Guarded';
import type { AppRoute } from './route-types';
import { appRoutes } from './routes';

/**
 * After a navigation to another page (not to an anchor): back to the top, and focus on the
 * main region when it was on the link that left the old page, so screen readers start there.
 */
function useNavigationFocus() {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (hash) return;
    window.scrollTo(0, 0);
    const main = document.getElementById('main');
    const active = document.activeElement;
    if (main && (!active || active === document.body || !main.contains(active))) {
      if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
      main.focus({ preventScroll: true });
    }
  }, [pathname, hash]);
}

function Root() {
  useNavigationFocus();
  return (
    <AppStart>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Outlet />
      <Toaster />
    </AppStart>
  );
}

/** Site chrome; questionnaire pages keep the header but hide the navigation bar. */
function ChromeLayout({ showNav }: { showNav: boolean }) {
  return (
    <>
      <Header showNav={showNav} />
      <main id="main" className="page">
        <Outlet />
      </main>
      <Footer />
    </>
  );
}

const routesOf = (layout: NonNullable<AppRoute['layout']>) =>
  appRoutes.filter((r) => (r.layout ?? 'main') === layout).map((r) => <Route key={r.path} path={r.path} element={<Guarded route={r} />} />);

/**
 * The app's routes. Declarative routing (no data router): the app loads its data with
 * RTK Query, and this keeps about 16 KB of gzipped router code off every page.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<Root />}>
          <Route element={<ChromeLayout showNav />}>
            {routesOf('main')}
            <Route path="*" element={<Guarded route={unknownRoute} />} />
          </Route>
          <Route element={<ChromeLayout showNav={false} />}>{routesOf('questionnaire')}</Route>
          <Route
            element={
              <main id="main">
                <Outlet />
              </main>
            }
          >
            {routesOf('bare')}
          </Route>
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
