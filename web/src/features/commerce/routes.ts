import type { AppRoute } from '../../app/route-types';

/** Purchase access, checkout, history, products, purchase log, subscriptions. */
export const commerceRoutes: AppRoute[] = [];
