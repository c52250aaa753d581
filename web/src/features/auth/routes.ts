import { RouteRules } from '@cti/access';
import type { AppRoute } from '../../app/route-types';

/** Sign-in, terms gate and the other account flows (accounts §2). */
export const authRoutes: AppRoute[] = [
  { path: '/login', rule: RouteRules.public, title: 'Login', page: () => import('./LoginPage'), allowUnagreed: true },
  { path: '/agree', rule: RouteRules.account, title: 'Terms and Conditions', page: () => import('./AgreePage'), allowUnagreed: true },
];
