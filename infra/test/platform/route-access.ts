import {
  ApiKeyRule,
  canDownloadCft,
  canExportEverything,
  canSeeAnnotations,
  canSeeScorecardDocuments,
  changeHistoryRule,
  manageProductsRule,
  RouteRules,
  satisfiesRule,
  type Principal,
  type RouteRule,
} from '@cti/access';
import type { Upstream } from '@cti/gateway';

import { SAMPLE_ID } from './support/platform';

/**
 * Who may use each route every service registers, as the spec's permission tables say
 * (the rules of libs/access wherever the spec has one). The authorization-matrix test
 * holds every service to this table for every demo role, and fails on a registered
 * route the table does not list (and on an entry no service registers).
 *
 * - `anyone`: answered for callers with no token (login, public look-ups, signed links);
 *   a route doing its own checks on its input (a signed link, a welcome token) is here too.
 * - `signedIn`: any signed-in user; no token gets 401.
 * - `service`: other services only (`x-service-token`); everyone else gets 403.
 * - a route rule: no token gets 401, a user the rule refuses 403.
 * - `decide`: a per-country rule of libs/access, asked about a country group the caller
 *   does not belong to (the matrix fills every id with one no row has).
 */
export type Access =
  { anyone: true } | { signedIn: true } | { service: true } | { rule: RouteRule } | { decide: (p: Principal) => boolean; why: string };

const anyone: Access = { anyone: true };
const signedIn: Access = { signedIn: true };
const service: Access = { service: true };
const rule = (r: RouteRule): Access => ({ rule: r });
const admin = rule(RouteRules.adminOnly);
const usersPage = rule(RouteRules.usersPage);
const questionnaire = rule(RouteRules.questionnaire);
const index = rule(RouteRules.index);

/** A country group none of the demo users belongs to, with no country code. */
const someoneElsesCountry = { groupId: SAMPLE_ID, countryId: null };

/** The vendor's e-mail domain the platform runs with (commerce's default, the demo admin's domain). */
export const VENDOR_EMAIL_DOMAIN = 'example.com';

/** What the kit gives every service: probes, metrics and the OpenAPI document, on the service's own port. */
export const KIT_ROUTE_ACCESS: Record<string, Access> = {
  'GET /health/live': anyone,
  'GET /health/ready': anyone,
  'GET /metrics': anyone,
  'GET /documentation/json': anyone,
};

export const ROUTE_ACCESS: Record<Upstream, Record<string, Access>> = {
  identity: {
    'POST /api/user/login': anyone,
    'POST /api/user/refresh': anyone,
    // someone else's id: only an admin ends another user's sessions
    'POST /api/user/logout/:userId': admin,
    'POST /api/freeUser/refresh': anyone,
    'POST /api/freeUser/logout/:username': { decide: () => false, why: 'a free session that is not the caller’s' },
    'POST /api/freeUser/access/:email': anyone,
    'POST /api/freeUser/access/:email/:code': anyone,
    // any signed-in caller reaches the body's check; the use-case refuses (403) someone who is not a free user
    'POST /api/freeUser/password': signedIn,
    'POST /api/user/forgotPassword/:email': anyone,
    'POST /api/user/resetPassword': anyone,
    'POST /api/user/unlockSignIn': anyone,
    'POST /api/user/setPasswordNewUser': anyone,
    'GET /api/user/agree': signedIn,
    'GET /api/user/groupManager': usersPage,
    'POST /api/user/register': usersPage,
    'POST /api/user/update': usersPage,
    'POST /api/user/account': signedIn,
    // a signed-in admin or the user's manager (checked on the row); the welcome link's holder renews it elsewhere
    'GET /api/user/sendReset/:userId': signedIn,
    // the user themself, a manager of the user, or a valid welcome token (checked on the row)
    'GET /api/user/:id': anyone,
    'GET /internal/users/:id': service,
    'POST /internal/users/lookup': service,
    'POST /internal/users/access': service,
    // personal API keys: holders create and list theirs; anyone signed in may revoke (only their own: 404 otherwise)
    'GET /api/user/apiKeys': rule(ApiKeyRule),
    'POST /api/user/apiKeys': rule(ApiKeyRule),
    'DELETE /api/user/apiKeys/:keyId': signedIn,
    'GET /api/user/apiKeys/of/:userId': admin,
    'POST /internal/api-keys/resolve': service,
    'POST /internal/api-keys/refund': service,
    'GET /api/group': admin,
    'GET /api/group/manager': usersPage,
    'GET /api/group/ccOptions': usersPage,
    'GET /api/group/countries': signedIn,
    'GET /api/logo': admin,
    'POST /api/group': admin,
    'POST /api/group/edit': admin,
    'POST /api/group/email': admin,
    'GET /api/roles': anyone,
    'GET /api/roles/ctc': anyone,
    'GET /api/roles/cc': anyone,
    'GET /api/roles/by/email/:email': anyone,
    'GET /api/request': admin,
    'POST /api/request/external/create': usersPage,
    'POST /api/request/approve': admin,
    'POST /api/request/external/approve': admin,
    'GET /api/request/deny/:id': admin,
    'POST /internal/requests': service,
    'POST /internal/mail/send': service,
    'POST /api/mail/contact': anyone,
    // the development mailbox (never configured in production)
    'GET /api/mail/dev/messages': anyone,
  },
  questionnaire: {
    'GET /api/period': admin,
    'GET /api/period/currentPeriod': signedIn,
    'POST /api/period/:name': admin,
    'GET /api/questionnaire/open': questionnaire,
    'GET /api/questionnaire/completed': questionnaire,
    // the respondent's dashboard, and the change stream of an open page (someone else's questionnaire: 404, no stream)
    'GET /api/questionnaire/progress': questionnaire,
    'GET /api/questionnaire/live/:questionnaireId': questionnaire,
    'GET /api/questionnaire/info/:questionnaireId': questionnaire,
    'GET /api/questionnaire/ideraDeclaration/:questionnaireId': questionnaire,
    'POST /api/questionnaire/report': admin,
    'POST /api/questionnaire/closeOrOpen': admin,
    'GET /api/questionnaire/needQuestionnaire': admin,
    'POST /api/questionnaire/addQuestionnaire/:countryId': admin,
    'POST /api/questionnaire/questions': questionnaire,
    'POST /api/questionnaire/save/:questionnaireId/:userId': questionnaire,
    'POST /api/questionnaire/confirmUnchanged': questionnaire,
    'POST /api/questionnaire/lock': questionnaire,
    'GET /api/questionnaire/unlock': signedIn,
    // navigator.sendBeacon on tab close: the token rides in the body
    'POST /api/questionnaire/unlock': anyone,
    'GET /api/questionnaire/navlocks/:questionnaireId': questionnaire,
    'POST /api/consent': questionnaire,
    'GET /api/consent/:questionnaireId': admin,
    'POST /api/consent/answer': questionnaire,
    'POST /api/finalize': questionnaire,
    'POST /api/finalize/approvedNames/:questionnaireId': questionnaire,
    'POST /api/finalize/canApprove': questionnaire,
    'POST /api/finalize/readyForFinalization/:questionnaireId': questionnaire,
    'POST /api/finalize/close/:questionnaireId': questionnaire,
    'POST /api/questionnaire/adminComment': admin,
    'POST /api/questionnaire/adminComment/save': admin,
  },
  scoring: {
    // the landing page's summary for visitors: no scores, no watchlist names
    'GET /api/group/index/public': anyone,
    'GET /api/group/index/list': index,
    'GET /api/group/index/asu': index,
    'GET /api/group/index/map': index,
    'GET /api/group/index/history': rule(RouteRules.historicalData),
    'GET /api/group/index/compare': rule(RouteRules.historicalData),
    'GET /api/group/index/enforceability/list': index,
    'GET /api/group/index/enforceability/:groupId': index,
    'GET /api/group/index/enforceability/:groupId/scores': index,
    'GET /api/group/index/:groupId': index,
    'GET /api/group/index/:groupId/scores': index,
    // exports answer what the matching read route shows, as files
    'GET /api/group/index/export/list': index,
    'GET /api/group/index/export/enforceability': index,
    'GET /api/group/index/export/history': rule(RouteRules.historicalData),
    'GET /api/group/index/export/compare': rule(RouteRules.historicalData),
    'GET /api/group/index/export/asu': index,
    'GET /api/group/index/export/:groupId/scores': index,
    'GET /api/group/index/export/everything': {
      decide: (p) => satisfiesRule(p, RouteRules.index) && canExportEverything(p),
      why: 'the full download: Enhanced subscribers, working-group members and admins',
    },
    'GET /api/group/index/scoring/:questionnaireId': admin,
    'POST /api/questionnaire/save': admin,
    'POST /api/questionnaire/enforceability/save': admin,
    'GET /api/group/index/countries': admin,
    'POST /api/group/index/countries/:groupId': admin,
    'POST /api/print/scorecard': index,
    'POST /api/print/enforceability/scorecard': index,
    'POST /api/print/asu': index,
    'GET /internal/scorecards/:groupId': service,
    'GET /internal/scorecards/:groupId/html': service,
  },
  documents: {
    'POST /api/document': admin,
    'POST /api/document/supporting': admin,
    // the library answers each user the documents they may see
    'POST /api/document/all': signedIn,
    'GET /api/document/countries': admin,
    'POST /api/document/delete/:S3Name': admin,
    'GET /api/document/:S3Name': signedIn,
    // e-mailed download links carry their own signature
    'GET /api/document/link/:S3Name': anyone,
    'POST /api/acid/documents': signedIn,
    'GET /api/acid/download/:S3Name': signedIn,
    'GET /api/acid/view/:S3Name': signedIn,
    'POST /api/acid/upload': admin,
    'GET /api/print/pdf/auth': rule(RouteRules.acid),
    'GET /api/print/pdf': rule(RouteRules.acid),
    'POST /api/document/annotation': admin,
    'POST /api/document/all/:groupId': {
      decide: (p) => canSeeScorecardDocuments(p, someoneElsesCountry),
      why: 'Documents (scorecard) of a country not the caller’s',
    },
    'GET /api/group/annotations/:groupId': {
      decide: (p) => canSeeAnnotations(p, someoneElsesCountry),
      why: 'Annotations of a country not the caller’s',
    },
    'POST /api/group/annotations/:groupId': {
      decide: (p) => canSeeAnnotations(p, someoneElsesCountry),
      why: 'Annotations of a country not the caller’s',
    },
    'POST /api/print': signedIn,
    'POST /internal/render': service,
    // the caller's own single-country certified-scorecard orders
    'GET /api/print/cft/orders': signedIn,
    'GET /api/print/cft/:groupId': { decide: canDownloadCft, why: 'Certified download (CFT access, or an order of that country)' },
    'GET /api/document/verify/:code': anyone,
    'POST /api/document/verify/:code/file': anyone,
  },
  commerce: {
    'GET /api/product/quicklist': signedIn,
    'GET /api/product/countries': signedIn,
    'GET /api/product': signedIn,
    'GET /api/product/:id': signedIn,
    'POST /api/product': rule(manageProductsRule(VENDOR_EMAIL_DOMAIN)),
    'DELETE /api/product/:id': rule(manageProductsRule(VENDOR_EMAIL_DOMAIN)),
    'DELETE /api/product/:id/restore': rule(manageProductsRule(VENDOR_EMAIL_DOMAIN)),
    'POST /api/payment/plan/new': rule(manageProductsRule(VENDOR_EMAIL_DOMAIN)),
    'POST /api/payment/plan/remove': rule(manageProductsRule(VENDOR_EMAIL_DOMAIN)),
    'POST /api/payment/checkout': signedIn,
    // what a checkout would buy, named, before the buyer leaves for the payment page
    'POST /api/payment/quote': signedIn,
    'POST /api/payment': signedIn,
    'GET /api/payment/local/:sessionId': signedIn,
    'POST /api/payment/local/:sessionId/pay': signedIn,
    'POST /api/payment/local/:sessionId/cancel': signedIn,
    'GET /api/payment/local/approve/:changeId': signedIn,
    'POST /api/payment/local/approve/:changeId': signedIn,
    'GET /api/purchase': signedIn,
    'GET /api/purchase/owned': signedIn,
    'GET /api/product/offers': anyone,
    'POST /api/report/purchase': admin,
    'GET /api/payment/refund/:transactionId': admin,
    'GET /api/user/paymentDetails': signedIn,
    'GET /api/user/paymentDetails/mine': signedIn,
    'GET /api/user/paymentDetails/admin': admin,
    'GET /api/user/check/payments/acc': signedIn,
    'GET /api/payment/unsubscribe/:subscriptionId': signedIn,
    'POST /api/payment/upgrade/:subscriptionId': signedIn,
    // Stripe's signature, not a user, vouches for webhooks
    'POST /api/payment/webhook': anyone,
  },
  audit: {
    'POST /api/report/audit': admin,
    'POST /api/report/audit/verify': admin,
    'GET /api/report/audit/verify': admin,
    'POST /api/report/augment': signedIn,
    'GET /api/questionnaire/changes/:count': rule(changeHistoryRule),
    'POST /api/questionnaire/changes/question': rule(changeHistoryRule),
    'POST /api/filter/:key': signedIn,
  },
  notifications: {
    // any signed-in user; following a country also takes that country's scorecard (libs/access canOpenScorecard),
    // and the alert list shows only countries and documents the caller may open today
    'GET /api/follow': signedIn,
    'PUT /api/follow/:groupId': signedIn,
    'DELETE /api/follow/:groupId': signedIn,
    'GET /api/notifications/list': signedIn,
    'GET /api/notifications/unread-count': signedIn,
    'POST /api/notifications/read': signedIn,
    'GET /api/notifications/settings': signedIn,
    'PUT /api/notifications/settings': signedIn,
    // the one-click links of alert e-mails: the signed token in the body says who and what
    'POST /api/notifications/unsubscribe': anyone,
    'POST /api/notifications/resubscribe': anyone,
  },
};
