import { manageProductsRule, RoleIds, RouteRules, satisfiesRule, type Principal } from '@cti/access';

import { hasPurchases } from '../features/commerce/purchase-flag';

import type { AppConfig } from './app-config';

export interface MenuEntry {
  label: string;
  to: string;
  show(p: Principal, config: AppConfig | undefined): boolean;
}

export const isAdmin = (p: Principal) => p.isAdmin || p.roles.includes(RoleIds.Admin);

/** A free user who bought something (a role it gave, or a purchase on record) is a buyer: their plan is theirs to see and manage. */
export const isBuyer = (p: Principal) => p.roles.some((r) => r !== RoleIds.FreeAccess) || hasPurchases(p.email);

/**
 * Where a buyer's purchase history is: the Purchase History page for the roles of its
 * permission row, else the receipts on My account (a free user who bought a certified
 * scorecard holds no role that page is for).
 */
export const purchaseHistoryPath = (p: Principal | null) =>
  p && satisfiesRule(p, RouteRules.purchaseHistory) ? '/history' : '/user/account#receipts';

/** The user menu's label: "Free User" for a free user who has bought nothing, otherwise the user's name. */
export const userMenuLabel = (p: Principal, name: string) => (p.free && !isBuyer(p) ? 'Free User' : name);

/** Manage Products: admins of the vendor's domain, the rule commerce enforces. */
export const vendorAdmin = (p: Principal, config: AppConfig | undefined) =>
  !!config && satisfiesRule(p, manageProductsRule(config.vendorEmailDomain));

/**
 * The admin area: the admin destinations of the user menu (same names, same
 * rules), grouped by what they manage, with a navigation of their own instead of a dozen
 * entries in the user menu.
 */
export interface AdminSection {
  title: 'People' | 'Questionnaires' | 'Index' | 'Commerce' | 'Audit';
  /** One line on what the group is for (the admin home's cards). */
  about: string;
  entries: readonly MenuEntry[];
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  {
    title: 'People',
    about: 'Accounts, groups and who asked for access.',
    entries: [
      { label: 'Users', to: '/user/manage', show: isAdmin },
      { label: 'User groups', to: '/admin/groups', show: isAdmin },
      { label: 'Request Queue', to: '/user/requests', show: isAdmin },
    ],
  },
  {
    title: 'Questionnaires',
    about: 'Country questionnaires, their scoring inputs and the periods they belong to.',
    entries: [
      { label: 'Questionnaires', to: '/manage/questionnaires', show: isAdmin },
      { label: 'Periods', to: '/manage/periods', show: isAdmin },
    ],
  },
  {
    title: 'Index',
    about: 'Which states the Compliance Index covers, and the documents published with it.',
    entries: [
      { label: 'Index countries', to: '/manage/index-countries', show: isAdmin },
      { label: 'Document library', to: '/documents', show: isAdmin },
      { label: 'ACID documents', to: '/admin/acid-documents', show: isAdmin },
    ],
  },
  {
    title: 'Commerce',
    about: 'Products and plans, subscriptions, purchases and refunds.',
    entries: [
      { label: 'Manage Products', to: '/admin/products', show: vendorAdmin },
      { label: 'Subscriptions', to: '/user/subscriptions', show: isAdmin },
      { label: 'Purchase log', to: '/admin/purchaseLog', show: isAdmin },
    ],
  },
  {
    title: 'Audit',
    about: 'Every change, who made it and when.',
    entries: [{ label: 'Audit log', to: '/admin/auditlog', show: isAdmin }],
  },
];

/** Paths shown inside the admin area (for admins; the same pages keep their own chrome for others). */
export const ADMIN_AREA_PATHS: readonly string[] = ['/admin', ...ADMIN_SECTIONS.flatMap((s) => s.entries.map((e) => e.to))];

/** The admin area's entry of a label (its path and rule), for the user menu's spec entries. */
const adminEntry = (label: string): MenuEntry => {
  const entry = ADMIN_SECTIONS.flatMap((s) => s.entries).find((e) => e.label === label);
  if (!entry) throw new Error(`no admin entry ${label}`);
  return entry;
};

/**
 * The user menu (each entry shown only to the users its screen's rule lets in): the admin hub
 * first for admins, then the spec's entries in its order (Users, Request Queue, Audit log,
 * Purchase log, Manage Products, User groups, Periods, Document library, My Account, Purchase
 * History); Logout is always last. The cart is an icon in the header beside the menu.
 */
export const USER_MENU: readonly MenuEntry[] = [
  { label: 'Admin', to: '/admin', show: isAdmin },
  { label: 'Users', to: '/user/manage', show: (p) => satisfiesRule(p, RouteRules.usersPage) },
  ...['Request Queue', 'Audit log', 'Purchase log', 'Manage Products', 'User groups', 'Periods'].map(adminEntry),
  // the questionnaire list is otherwise reachable only by address (admins have it in the admin area)
  { label: 'Questionnaires', to: '/manage/questionnaires', show: (p) => !isAdmin(p) && satisfiesRule(p, RouteRules.questionnaire) },
  { label: 'Document library', to: '/documents', show: (p) => satisfiesRule(p, RouteRules.documents) },
  // free users see no account page, unless they bought something: My account is where their plan is
  { label: 'My Account', to: '/user/account', show: (p) => (!p.free || isBuyer(p)) && satisfiesRule(p, RouteRules.account) },
  // a free user who bought a country is a buyer too; one whose role the page's rule leaves out has the receipts on My account
  { label: 'Purchase History', to: '/history', show: (p) => satisfiesRule(p, RouteRules.purchaseHistory) && hasPurchases(p.email) },
];

/**
 * The user area's navbar: User admin (group managers and admins), Request
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
