import { CtcRoleNames, RoleIds, type RoleName } from './roles';
import type { RouteRule } from './route-guard';

const or = (...roles: RoleName[]): RouteRule => ({ match: 'or', roles });

/** Role lists of the accounts permission table and the index and commerce permission table, one constant per row. */
export const AccountRoles: readonly RoleName[] = [
  'Admin',
  'AWGMember',
  'AWGMemberACC',
  'AWGMemberCTC',
  'ACCFullAccess',
  'ACCPresaleAccess',
  'CountryRespondent',
  'CountryViewer',
  'Enhanced',
  'Standard',
  'FreeAccess',
];
export const QuestionnaireRoles: readonly RoleName[] = ['CountryRespondent', 'Admin'];
export const HistoricalDataRoles: readonly RoleName[] = ['Admin', 'Enhanced', 'Standard', 'AWGMember'];
export const IndexRoles: readonly RoleName[] = [
  'Admin',
  'AWGMember',
  'CountryRespondent',
  'CountryViewer',
  'Enhanced',
  'Standard',
  'FreeAccess',
];
export const DocumentsRoles: readonly RoleName[] = IndexRoles.filter((r) => r !== 'FreeAccess');
export const PurchaseHistoryRoles: readonly RoleName[] = [
  'Admin',
  'Enhanced',
  'Standard',
  'AWGMember',
  'CountryViewer',
  'CountryRespondent',
];
export const SupportingDocumentDownloadRoles: readonly RoleName[] = [
  'Admin',
  'AWGMember',
  'AWGMemberCTC',
  'Enhanced',
  'CountryRespondent',
  'CountryViewer',
];

/** Route rules of the screens. */
export const RouteRules = {
  public: { public: true },
  usersPage: { flag: 'isGroupManagerOrAdmin' },
  adminOnly: { flag: 'isAdmin' },
  account: or(...AccountRoles),
  questionnaire: or(...QuestionnaireRoles),
  historicalData: or(...HistoricalDataRoles),
  index: or(...IndexRoles),
  documents: or(...DocumentsRoles),
  purchaseHistory: or(...PurchaseHistoryRoles),
  acid: { flag: 'isAcid' },
} as const satisfies Record<string, RouteRule>;

/**
 * Manage Products: admins whose e-mail is in the vendor's own domain. The
 * server enforces it on every product and plan change; the menu shows the entry by it.
 */
export const manageProductsRule = (vendorEmailDomain: string): RouteRule => ({ flag: 'isVendorAdmin', vendorEmailDomain });

/**
 * Users holding no compliance-index (CTC) role, only carbon-calculator or no roles,
 * are limited to the account page; sign-in sends them there.
 */
export function isLimitedToAccount(p: { roles: readonly number[] }): boolean {
  const ctc = CtcRoleNames.map((n) => RoleIds[n]);
  return !p.roles.some((r) => ctc.includes(r as (typeof ctc)[number]));
}

/**
 * Whether the compliance index's terms gate holds a user who has not agreed yet (`mustAgreeCtc`).
 * The gate belongs to the application entered: admins never see it, and a user who may only
 * enter the carbon calculator (their account page here) is not held by it. The web sends such
 * users to /agree; their access tokens say so (`mustAgree`) and every service refuses them all
 * but agreeing (and signing out) until they have.
 */
export const mustAgreeToTerms = (user: { mustAgreeCtc: boolean; isAdmin: boolean; roles: readonly number[] }): boolean =>
  user.mustAgreeCtc && !user.isAdmin && !isLimitedToAccount(user);
