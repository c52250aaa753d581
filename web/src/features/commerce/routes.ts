import { manageProductsRule, RoleNames, RouteRules, type RouteRule } from '@cti/access';

import type { AppRoute } from '../../app/route-types';

/** Any signed-in user (buying needs an account, nothing more). */
const signedIn: RouteRule = { match: 'or', roles: RoleNames };

/** Purchase access, checkout, history, products, purchase log, subscriptions. */
export const commerceRoutes: AppRoute[] = [
  // for everyone: what is sold and for how much, before signing up
  { path: '/pricing', rule: RouteRules.public, title: 'Plans and prices', page: () => import('./PricingPage') },
  { path: '/purchaseAccess', rule: signedIn, title: 'Purchase access', page: () => import('./PurchaseAccessPage') },
  { path: '/checkout/:productId', rule: signedIn, title: 'Checkout', page: () => import('./CheckoutPage') },
  { path: '/thankyou', rule: signedIn, title: 'Thank you', page: () => import('./ThankYouPage') },
  { path: '/history', rule: RouteRules.purchaseHistory, title: 'Purchase History', page: () => import('./PurchaseHistoryPage') },
  // Manage Products: an admin page, and the admin's e-mail must be in the vendor's own domain (as commerce enforces)
  {
    path: '/admin/products',
    rule: RouteRules.adminOnly,
    alsoNeeds: (config) => manageProductsRule(config.vendorEmailDomain),
    title: 'Products',
    page: () => import('./ProductsAdminPage'),
  },
  { path: '/admin/purchaseLog', rule: RouteRules.adminOnly, title: 'Purchase log', page: () => import('./PurchaseLogPage') },
  { path: '/user/subscriptions', rule: RouteRules.adminOnly, title: 'Subscriptions', page: () => import('./SubscriptionsAdminPage') },
  // the local payment provider's own pages (stand-ins for Stripe's hosted pages)
  {
    path: '/payment/local/:sessionId',
    rule: signedIn,
    title: 'Confirm your payment',
    layout: 'bare',
    page: () => import('./LocalPaymentPage'),
  },
  {
    path: '/payment/local/approve/:changeId',
    rule: signedIn,
    title: 'Approve your new plan',
    layout: 'bare',
    page: () => import('./LocalPlanApprovalPage'),
  },
];
