import type { AppRoute } from '../../app/route-types';

/** Compliance and Enforceability Index, scorecards, map, historical data, ASU. */
export const indexesRoutes: AppRoute[] = [];
