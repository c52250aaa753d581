import { manageProductsRule, RoleIds, RouteRules, satisfiesRule, type Principal } from '@cti/access';
import type { AppConfig } from './app-config';
import { hasPurchases } from '../features/commerce/purchase-flag';

export interface MenuEntry {
  label: string;
  to: string;
  show(p: Principal, config: AppConfig | undefined): boolean;
}

const isAdmin = (p: Principal) => p.isAdmin || p.roles.includes(RoleIds.Admin);

/** The user menu of accounts §2, each entry shown exactly to the roles of §6. Logout is always last. */
export const USER_MENU: readonly MenuEntry[] = [
  { label: 'Users', to: '/user/manage', show: (p) => satisfiesRule(p, RouteRules.usersPage) },
  { label: 'Request Queue', to: '/user/requests', show: isAdmin },
  { label: 'Audit log', to: '/admin/auditlog', show: isAdmin },
  { label: 'Purchase log', to: '/admin/purchaseLog', show: isAdmin },
  {
    label: 'Manage Products',
    to: '/admin/products',
    show: (p, config) => !!config && satisfiesRule(p, manageProductsRule(config.vendorEmailDomain)),
  },
  { label: 'User groups', to: '/admin/groups', show: isAdmin },
  { label: 'Periods', to: '/manage/periods', show: isAdmin },
  // the questionnaire list is otherwise reachable only by address (questionnaire §2, §6)
  { label: 'Questionnaires', to: '/manage/questionnaires', show: (p) => satisfiesRule(p, RouteRules.questionnaire) },
  { label: 'Document library', to: '/documents', show: (p) => satisfiesRule(p, RouteRules.documents) },
  { label: 'My Account', to: '/user/account', show: (p) => !p.free && satisfiesRule(p, RouteRules.account) },
  {
    label: 'Purchase History',
    to: '/history',
    show: (p) => !p.free && satisfiesRule(p, RouteRules.purchaseHistory) && hasPurchases(p.email),
  },
];

/**
 * The user area's navbar (accounts §2): User admin (group managers and admins), Request
 * queue, Subscriptions (admins only) and My account. Its pages get the user-area chrome.
 */
export const USER_AREA_TABS: readonly MenuEntry[] = [
  { label: 'User admin', to: '/user/manage', show: (p) => satisfiesRule(p, RouteRules.usersPage) },
  { label: 'Request queue', to: '/user/requests', show: isAdmin },
  { label: 'Subscriptions', to: '/user/subscriptions', show: isAdmin },
  { label: 'My account', to: '/user/account', show: (p) => satisfiesRule(p, RouteRules.account) },
];

/** Paths shown inside the user area (sidebar and navbar). */
export const USER_AREA_PATHS: readonly string[] = [...USER_AREA_TABS.map((t) => t.to), '/account'];

/**
 * Direct links in the site header, after the two index tabs, each for the users it
 * serves: country respondents go straight to their questionnaires.
 */
export const HEADER_LINKS: readonly MenuEntry[] = [
  { label: 'Questionnaire', to: '/dashboard/country', show: (p) => p.roles.includes(RoleIds.CountryRespondent) },
];
