import { roleNameOf, type RoleName } from './roles';

/** Role meanings of the accounts permission table, for the roles description modal of the users admin. */
export const RoleDescriptions: Record<RoleName, string> = {
  Admin:
    'Manages everything: users, groups, access requests, subscriptions, products, periods, documents, questionnaires, audit and purchase logs.',
  AWGMember: 'Member of the working group with access to both sites (Compliance Index and Carbon Calculator).',
  AWGMemberCTC: 'Member of the working group with access to the Compliance Index only.',
  AWGMemberACC: 'Member of the working group with access to the Carbon Calculator only.',
  Enhanced: 'Enhanced subscriber: equals member access to the Compliance Index.',
  Standard: 'Standard subscriber: member access except complimentary certified-for-transaction scorecards, annotations and graphing.',
  CountryRespondent: 'Answers the legal questionnaires of their country groups.',
  CountryViewer: 'Sees all materials for their country groups.',
  FreeAccess: 'Free access: the public indexes after giving a name, a company and an e-mail address.',
  CFTAccess: 'May download certified-for-transaction scorecards.',
  AnnotationAccess: 'May read the annotations of every country.',
  ScoringAccess: 'May see scoring details.',
  CFTPackage: 'Bought a package of certified-for-transaction scorecards.',
  ACCPresaleAccess: 'Carbon Calculator access before payment (unpaid).',
  ACCFullAccess: 'Paid Carbon Calculator access; its expiry shows a notice on My account.',
};

/**
 * What each role is called on screen, in plain words (the role name stays the id-like name
 * tokens and the spec use: "CFTPackage" reads "Certified scorecard package").
 */
export const RoleLabels: Record<RoleName, string> = {
  Admin: 'Administrator',
  AWGMember: 'Working group member',
  AWGMemberCTC: 'Working group member, Compliance Index only',
  AWGMemberACC: 'Working group member, Carbon Calculator only',
  Enhanced: 'Enhanced subscriber',
  Standard: 'Standard subscriber',
  CountryRespondent: 'Country respondent',
  CountryViewer: 'Country viewer',
  FreeAccess: 'Free access',
  CFTAccess: 'Certified scorecards',
  AnnotationAccess: 'Annotations',
  ScoringAccess: 'Scoring details',
  CFTPackage: 'Certified scorecard package',
  ACCPresaleAccess: 'Carbon Calculator, before payment',
  ACCFullAccess: 'Carbon Calculator, paid',
};

/** The label of a role by id or name; an unknown id reads as "Role 42", never a bare number. */
export const roleLabel = (role: RoleName | number): string => {
  const name = typeof role === 'number' ? roleNameOf(role) : role;
  return name ? RoleLabels[name] : `Role ${role}`;
};
