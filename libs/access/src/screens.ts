import type { RouteRule } from './route-guard';
import { RouteRules } from './rules';

/** One routed screen and the permission table row that decides who opens it. */
export interface Screen {
  path: string;
  /** The row of the permission tables. */
  area: string;
  rule: RouteRule;
}

const screens = (area: string, rule: RouteRule, ...paths: string[]): Screen[] => paths.map((path) => ({ path, area, rule }));

/**
 * Every guarded screen of the permission tables with its rule. Web routes use the same
 * rules (a web test checks they agree) and the access test walks this list for every role.
 */
export const SCREENS: readonly Screen[] = [
  ...screens('Users page', RouteRules.usersPage, '/user/manage'),
  ...screens('Requests', RouteRules.adminOnly, '/user/requests'),
  ...screens('Subscriptions', RouteRules.adminOnly, '/user/subscriptions'),
  ...screens('Account', RouteRules.account, '/user/account', '/account'),
  ...screens(
    'Questionnaire pages',
    RouteRules.questionnaire,
    '/manage/questionnaires',
    '/questionnaires',
    '/questionnaire/participation',
    '/questionnaire/consent',
    '/questionnaire/:section/:part',
  ),
  ...screens(
    'Admin pages',
    RouteRules.adminOnly,
    '/admin/products',
    '/admin/auditlog',
    '/admin/purchaseLog',
    '/admin/groups',
    '/admin/acid-documents',
    '/manage/periods',
  ),
  ...screens('Historical data', RouteRules.historicalData, '/historicalData', '/historicalData/map', '/historicalData/compare'),
  ...screens(
    'Index',
    RouteRules.index,
    '/index',
    '/index/:groupId',
    '/enforceabilityIndex',
    '/enforceabilityIndex/:groupId',
    '/awg-asu-assessment',
  ),
  ...screens('Documents', RouteRules.documents, '/documents'),
  ...screens('Purchase history', RouteRules.purchaseHistory, '/history'),
  ...screens('ACID documents', RouteRules.acid, '/acid-documents', '/pdf/:source?', '/pdf-acid'),
];

/** Screens open to anyone, signed in or not (the accounts screens and permission table: login flows, confirmEmail, errors). */
export const PUBLIC_SCREENS: readonly string[] = [
  '/login',
  '/forgotPassword',
  '/resetPassword/:code',
  '/confirmEmail/:email',
  '/confirmEmail/:email/:code',
  '/user/flow',
  '/user/setPassword/:id/:token',
  '/restricted',
  '/404',
];
