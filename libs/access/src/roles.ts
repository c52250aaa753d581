/**
 * The fifteen role names of the accounts data model with stable ids. Ids are what tokens,
 * the session user (`Roles`) and the database carry; never renumber them.
 */
export const RoleIds = {
  Admin: 1,
  AWGMember: 2,
  AWGMemberCTC: 3,
  AWGMemberACC: 4,
  Enhanced: 5,
  Standard: 6,
  CountryRespondent: 7,
  CountryViewer: 8,
  FreeAccess: 9,
  CFTAccess: 10,
  AnnotationAccess: 11,
  ScoringAccess: 12,
  CFTPackage: 13,
  ACCPresaleAccess: 14,
  ACCFullAccess: 15,
} as const;

export type RoleName = keyof typeof RoleIds;

export const RoleNames = Object.keys(RoleIds) as RoleName[];

export const roleNameOf = (id: number): RoleName | undefined => RoleNames.find((name) => RoleIds[name] === id);

/** Role list with Id and Name, as `GET api/roles` answers it. */
export const AllRoles = RoleNames.map((Name) => ({ Id: RoleIds[Name], Name }));

/**
 * The two role lists of the login chooser: compliance-index (CTC)
 * roles and carbon-calculator (CC) roles. A user with no CTC role is limited to
 * the account page.
 */
export const CtcRoleNames: readonly RoleName[] = [
  'Admin',
  'AWGMember',
  'AWGMemberCTC',
  'Enhanced',
  'Standard',
  'CountryRespondent',
  'CountryViewer',
  'FreeAccess',
  'CFTAccess',
  'AnnotationAccess',
  'ScoringAccess',
  'CFTPackage',
];
export const CcRoleNames: readonly RoleName[] = ['Admin', 'AWGMember', 'AWGMemberACC', 'ACCPresaleAccess', 'ACCFullAccess'];
