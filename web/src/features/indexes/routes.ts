import { RouteRules } from '@cti/access';

import type { AppRoute } from '../../app/route-types';

/** Compliance and Enforceability Index, scorecards, map, historical data, ASU. */
export const indexesRoutes: AppRoute[] = [
  { path: '/index', rule: RouteRules.index, title: 'Compliance Index', page: () => import('./IndexListPage') },
  { path: '/index/:groupId', rule: RouteRules.index, title: 'Scorecard', page: () => import('./ScorecardPage') },
  { path: '/map', rule: RouteRules.index, title: 'CTC Compliance Index by country', page: () => import('./map/MapPage') },
  {
    path: '/historicalData',
    rule: RouteRules.historicalData,
    title: 'Historical data',
    page: () => import('./history/HistoricalDataPage'),
  },
  {
    path: '/historicalData/compare',
    rule: RouteRules.historicalData,
    title: 'Compare countries',
    page: () => import('./compare/ComparePage'),
  },
  {
    path: '/historicalData/map',
    rule: RouteRules.historicalData,
    title: 'CTC Compliance Index by country',
    page: () => import('./map/MapPage'),
  },
  {
    path: '/enforceabilityIndex',
    rule: RouteRules.index,
    title: 'Enforceability Index',
    page: () => import('./enforceability/EnforceabilityListPage'),
  },
  {
    path: '/enforceabilityIndex/about',
    rule: RouteRules.index,
    title: 'About the Enforceability Index',
    page: () => import('./enforceability/EnforceabilityAboutPage'),
  },
  {
    path: '/enforceabilityIndex/methodology',
    rule: RouteRules.index,
    title: 'Enforceability Index methodology',
    page: () => import('./enforceability/EnforceabilityMethodologyPage'),
  },
  {
    path: '/enforceabilityIndex/historical',
    rule: RouteRules.index,
    title: 'Historical enforceability data',
    page: () => import('./enforceability/EnforceabilityHistoricalPage'),
  },
  {
    path: '/enforceabilityIndex/:groupId',
    rule: RouteRules.index,
    title: 'Enforceability Index',
    page: () => import('./enforceability/EnforceabilityCountryPage'),
  },
  { path: '/awg-asu-assessment', rule: RouteRules.index, title: 'ASU assessment', page: () => import('./asu/AsuPage') },
  {
    path: '/manage/index-countries',
    rule: RouteRules.adminOnly,
    title: 'Index countries',
    page: () => import('./admin/IndexCountriesPage'),
  },
];
