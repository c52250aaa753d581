import { RouteRules } from '@cti/access';

import type { AppRoute } from '../../app/route-types';

/**
 * About, FAQ, methodology, terms, privacy, the how-to pages and contact.
 * The about pages and contact stay reachable for users who must still agree,
 * and so do the terms and privacy policy the /agree page links to.
 */
export const publicPagesRoutes: AppRoute[] = [
  // visitors who have not signed in land here; signed-in users go on to the index
  { path: '/', rule: RouteRules.public, title: 'The Cape Town Convention Compliance Index', page: () => import('./landing/LandingPage') },
  { path: '/about', rule: RouteRules.public, title: 'About the Index', page: () => import('./about/AboutPage'), allowUnagreed: true },
  {
    path: '/about/faq',
    rule: RouteRules.public,
    title: 'Frequently asked questions',
    page: () => import('./about/FaqPage'),
    allowUnagreed: true,
  },
  {
    path: '/about/methodology',
    rule: RouteRules.public,
    title: 'Methodology',
    page: () => import('./about/MethodologyPage'),
    allowUnagreed: true,
  },
  {
    path: '/about/terms',
    rule: RouteRules.public,
    title: 'Terms and Conditions',
    page: () => import('./about/TermsPage'),
    allowUnagreed: true,
  },
  {
    path: '/about/privacy-policy',
    rule: RouteRules.public,
    title: 'Privacy Policy',
    page: () => import('./privacy/PrivacyPolicyPage'),
    allowUnagreed: true,
  },
  {
    path: '/purchasingAccess',
    rule: RouteRules.public,
    title: 'Purchasing Access to Non-Public Index Materials',
    page: () => import('./howto/PurchasingAccessPage'),
  },
  { path: '/useTheIndex', rule: RouteRules.public, title: 'Using the Index E-Platform', page: () => import('./howto/UseTheIndexPage') },
  { path: '/contact/:type', rule: RouteRules.public, title: 'Contact', page: () => import('./contact/ContactPage'), allowUnagreed: true },
];
