import { RouteRules } from '@cti/access';

import type { AppRoute } from '../../app/route-types';

/** Sign-in, free access, the terms gate, passwords and the login chooser. */
export const authRoutes: AppRoute[] = [
  { path: '/login', rule: RouteRules.public, title: 'Login', page: () => import('./LoginPage'), allowUnagreed: true },
  { path: '/agree', rule: RouteRules.account, title: 'Terms and Conditions', page: () => import('./AgreePage'), allowUnagreed: true },
  {
    path: '/forgotPassword',
    rule: RouteRules.public,
    title: 'Forgot password',
    page: () => import('./ForgotPasswordPage'),
    allowUnagreed: true,
  },
  {
    path: '/resetPassword/:code',
    rule: RouteRules.public,
    title: 'Reset password',
    page: () => import('./ResetPasswordPage'),
    allowUnagreed: true,
  },
  {
    path: '/unlockSignIn/:code',
    rule: RouteRules.public,
    title: 'Unlock sign-in',
    page: () => import('./UnlockSignInPage'),
    allowUnagreed: true,
  },
  {
    path: '/confirmEmail/:email',
    rule: RouteRules.public,
    title: 'Confirm your e-mail',
    page: () => import('./ConfirmEmailPage'),
    allowUnagreed: true,
  },
  {
    path: '/confirmEmail/:email/:code',
    rule: RouteRules.public,
    title: 'Confirm your e-mail',
    page: () => import('./ConfirmEmailPage'),
    allowUnagreed: true,
  },
  {
    path: '/user/flow',
    rule: RouteRules.public,
    title: 'Choose an application',
    page: () => import('./LoginFlowPage'),
    allowUnagreed: true,
  },
  {
    path: '/user/setPassword/:id/:token',
    rule: RouteRules.public,
    title: 'Set your password',
    page: () => import('./SetPasswordPage'),
    allowUnagreed: true,
  },
];
