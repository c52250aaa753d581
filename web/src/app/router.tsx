import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { Header } from '../components/layout/Header';
import { Footer } from '../components/layout/Footer';
import { Toaster } from '../components/toast/Toaster';
import { AppStart } from '../features/auth/AppStart';
import { Guarded } from './Guarded';
import { appRoutes } from './routes';

function Root() {
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

const toRoute = (route: (typeof appRoutes)[number]) => ({ path: route.path, element: <Guarded route={route} /> });

export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      { element: <ChromeLayout showNav />, children: appRoutes.filter((r) => (r.layout ?? 'main') === 'main').map(toRoute) },
      { element: <ChromeLayout showNav={false} />, children: appRoutes.filter((r) => r.layout === 'questionnaire').map(toRoute) },
      { element: <main id="main"><Outlet /></main>, children: appRoutes.filter((r) => r.layout === 'bare').map(toRoute) },
      { path: '/', element: <Navigate to="/index" replace /> },
      // unknown routes go to the login view (which sends signed-in users on to /index)
      { path: '*', element: <Navigate to="/login" replace /> },
    ],
  },
]);
