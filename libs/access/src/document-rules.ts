import type { Principal } from './principal';
import { RoleIds, type RoleName } from './roles';
import { satisfiesRule } from './route-guard';
import { RouteRules, SupportingDocumentDownloadRoles } from './rules';

/**
 * Supporting and ACID document permissions. The per-country
 * scorecard rules (annotations, scorecard documents, certified download) are in index-rules.
 */

const holdsAny = (p: Principal, roles: readonly RoleName[]) => roles.some((r) => p.roles.includes(RoleIds[r]));
const isAdminPrincipal = (p: Principal) => p.isAdmin || p.roles.includes(RoleIds.Admin);

export interface SupportingDocumentAccess {
  /** Global, Member (with a country) or Admin. */
  access: string;
  /** Country group of a Member document. */
  countryId: string | null;
}

/**
 * Which supporting documents a user sees in the library: admins all of them; other users
 * of the documents page (or of the download roles) the Global ones and the Member ones of
 * their own country groups. Admin-access documents are for admins only.
 */
export function canSeeSupportingDocument(p: Principal, doc: SupportingDocumentAccess): boolean {
  if (isAdminPrincipal(p)) return true;
  if (!satisfiesRule(p, RouteRules.documents) && !holdsAny(p, SupportingDocumentDownloadRoles)) return false;
  if (doc.access === 'Global') return true;
  if (doc.access === 'Member') return !!doc.countryId && p.groups.includes(doc.countryId);
  return false;
}

/** Whether the user holds a role that may download supporting documents at all (shows Download). */
export const mayDownloadSupportingDocuments = (p: Principal): boolean =>
  isAdminPrincipal(p) || holdsAny(p, SupportingDocumentDownloadRoles);

/** Download one supporting document: a download role, for a document the user may see. */
export const canDownloadSupportingDocument = (p: Principal, doc: SupportingDocumentAccess): boolean =>
  mayDownloadSupportingDocuments(p) && canSeeSupportingDocument(p, doc);

/**
 * ACID (insolvency) documents, public and private alike, are for users with IsACID and admins
 * (the spec's permission table: "ACID documents, PDF viewer: users with IsACID"); Public and
 * Private only sort them into the two lists of the ACID documents page.
 */
export const canReadAcidDocument = (p: Principal): boolean => isAdminPrincipal(p) || p.isAcid;

/** Add and delete supporting documents, manage ACID documents, upload and attach annotations. */
export const canManageDocuments = (p: Principal): boolean => isAdminPrincipal(p);
