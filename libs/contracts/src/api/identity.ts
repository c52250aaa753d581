import Type from 'typebox';

import { IdText, TextLimits, Uuid } from './common';

export const LoginBody = Type.Object({
  Email: Type.String({ maxLength: TextLimits.email }),
  // longer than any password one may set (MAX_PASSWORD_LENGTH), so every one set can sign in
  Password: Type.String({ maxLength: 1024 }),
});
export type LoginBody = Type.Static<typeof LoginBody>;

export const SessionGroup = Type.Object({
  Id: Type.String(),
  Name: Type.String(),
  Type: Type.String(),
  CountryId: Type.Union([Type.String(), Type.Null()]),
});
export type SessionGroup = Type.Static<typeof SessionGroup>;

/** Session user: the login and refresh answer. */
export const SessionUser = Type.Object({
  Id: Type.String(),
  Username: Type.String(),
  Name: Type.String(),
  FirstName: Type.String(),
  LastName: Type.String(),
  Roles: Type.Array(Type.Number()),
  IsGroupManager: Type.Boolean(),
  MustAgreeCTC: Type.Boolean(),
  IsACID: Type.Boolean(),
  IsAdmin: Type.Boolean(),
  Groups: Type.Array(SessionGroup),
  IsFree: Type.Boolean(),
  Token: Type.String(),
  RefreshToken: Type.String(),
});
export type SessionUser = Type.Static<typeof SessionUser>;

export const RefreshBody = Type.Object({ token: IdText() });
export type RefreshBody = Type.Static<typeof RefreshBody>;

export const UserIdParam = Type.Object({ userId: Uuid() });

/** The terms gate, enforced by every service (see `AccessClaims.mustAgree`). */
export const TermsAnswers = {
  mustAgree: 'You must agree to the Terms and Conditions first.',
} as const;

/** Login failure answers, verbatim. */
export const LoginAnswers = {
  invalidCredentials: 'Invalid Credentials',
  disabled: 'You are currently disabled.',
  expired: 'This account has expired.',
  invalidUsername: 'Invalid Username',
} as const;

/** Claims of the access token every service verifies. */
export interface AccessClaims {
  sub: string;
  email: string;
  name: string;
  roles: number[];
  groups: string[];
  groupNames: string[];
  isAdmin: boolean;
  isGroupManager: boolean;
  isAcid: boolean;
  free: boolean;
  /** OrganizationName (law firm, lessor, …): approvals need two different organizations. */
  organization: string;
  /** The session (refresh-token family) the token belongs to: logout ends that session only. */
  sid?: string;
  /**
   * Issue time in milliseconds (`iat` has whole seconds): a revocation at T voids the
   * user's tokens issued before T, and a token issued just after T must not be caught.
   */
  iatMs?: number;
  /** `read-only` on tokens minted for a personal API key: services serve them GET requests only. */
  scope?: string;
  /**
   * Set while the user must still agree to the terms (libs/access `mustAgreeToTerms`): every
   * service refuses the token (403 `TermsAnswers.mustAgree`) on all but the routes that agree.
   */
  mustAgree?: true;
  /** Standard JWT claims, set by the signer. */
  iat?: number;
  exp?: number;
}

/* @__NO_SIDE_EFFECTS__ */
const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** Role: Id and Name. */
export const RoleView = Type.Object({
  Id: Type.Number(),
  Name: Type.String(),
  /** The role in plain words ("Certified scorecard package"), for pickers and lists. */
  Label: Type.Optional(Type.String()),
  /** What holding the role gives (the role meanings of the access rules). */
  Description: Type.Optional(Type.String()),
});
export type RoleView = Type.Static<typeof RoleView>;
export const RoleList = Type.Array(RoleView);

/** A role whose ExpiresOn has passed: it no longer grants access (shown on My account). */
export const ExpiredRole = Type.Object({ Id: Type.Number(), Name: Type.String(), ExpiresOn: Type.String() });
export type ExpiredRole = Type.Static<typeof ExpiredRole>;

export const GroupRef = Type.Object({ Id: Type.String(), Name: Type.String() });
export type GroupRef = Type.Static<typeof GroupRef>;

/**
 * User add/edit payload. Add versus edit is decided by Id. Roles are
 * role ids, Groups group ids. Disabled is admin only; other admin-only fields sent by
 * a group manager are ignored (see libs/access userEditPolicy).
 */
export const UserPayload = Type.Object({
  Id: Type.Optional(Nullable(IdText())),
  FirstName: Type.String({ maxLength: 200 }),
  LastName: Type.String({ maxLength: 200 }),
  Name: Type.Optional(Nullable(Type.String({ maxLength: 400 }))),
  OrganizationName: Type.Optional(Nullable(Type.String({ maxLength: 400 }))),
  OrganizationAddress: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  Email: Type.String({ maxLength: 320 }),
  ExpiresOn: Type.Optional(Nullable(Type.String({ maxLength: TextLimits.date }))),
  Roles: Type.Array(Type.Number()),
  Groups: Type.Array(IdText()),
  CalculatorGroup: Type.Optional(Nullable(IdText())),
  IsGroupManager: Type.Optional(Type.Boolean()),
  Disabled: Type.Optional(Type.Boolean()),
  IsHidden: Type.Optional(Type.Boolean()),
  IsACID: Type.Optional(Type.Boolean()),
  CreatorId: Type.Optional(Nullable(IdText())),
});
export type UserPayload = Type.Static<typeof UserPayload>;

/** User list row of the users admin, also the answer of `GET api/user/{id}`. */
export const ManagedUser = Type.Object({
  Id: Type.String(),
  Name: Type.String(),
  FirstName: Type.String(),
  LastName: Type.String(),
  Email: Type.String(),
  Groups: Type.Array(GroupRef),
  Roles: Type.Array(RoleView),
  ExpiredRoles: Type.Array(ExpiredRole),
  CalculatorGroup: Nullable(Type.String()),
  CalculatorGroupName: Nullable(Type.String()),
  IsHidden: Type.Boolean(),
  IsGroupManager: Type.Boolean(),
  IsACID: Type.Boolean(),
  Disabled: Type.Boolean(),
  /** Account expiry (ExpiresOn of the payload). */
  Expires: Nullable(Type.String()),
  Organization: Type.String(),
  OrganizationAddress: Type.String(),
  CreatorId: Nullable(Type.String()),
  /** Whether the user has set a password (false until the welcome link is used). */
  HasPassword: Type.Boolean(),
  /**
   * Whether the caller may edit this user in the users admin (admins: everyone; group
   * managers: users holding only roles and groups they may give themselves).
   */
  CanEdit: Type.Boolean(),
  GroupNameList: Type.Array(Type.String()),
  GroupNames: Type.String(),
  RoleNameList: Type.Array(Type.String()),
  RoleNames: Type.String(),
});
export type ManagedUser = Type.Static<typeof ManagedUser>;

/** What other services learn about a user (`GET /internal/users/:id`). */
export const InternalUser = Type.Object({
  Id: Type.String(),
  Email: Type.String(),
  Name: Type.String(),
  FirstName: Type.String(),
  LastName: Type.String(),
  OrganizationName: Type.String(),
  Groups: Type.Array(GroupRef),
});
export type InternalUser = Type.Static<typeof InternalUser>;
export const InternalUserLookup = Type.Object({ ids: Type.Array(IdText(), { maxItems: 1000 }) });

export const GroupTypes = ['ACC Group', 'AWG Member', 'Country'] as const;
export type GroupType = (typeof GroupTypes)[number];

export const GroupMember = Type.Object({ Id: Type.String(), Name: Type.String(), Email: Type.String() });
/** Group. LogoPath only for Country groups. */
export const GroupView = Type.Object({
  Id: Type.String(),
  Name: Type.String(),
  Type: Type.String(),
  LogoPath: Nullable(Type.String()),
  CountryId: Nullable(Type.String()),
  Users: Type.Array(GroupMember),
});
export type GroupView = Type.Static<typeof GroupView>;

/** The longest group name (unique without regard to case). */
export const GROUP_NAME_MAX_LENGTH = 200;

/**
 * Whether a group's LogoPath may be shown as an image: a path of the platform (`/flags/ie.svg`)
 * or an http(s) address. Never `javascript:`, `data:` or any other scheme, nor a
 * protocol-relative `//host` address.
 */
export function isSafeLogoPath(path: string): boolean {
  if (path.startsWith('/')) return !path.startsWith('//') && !path.includes('\\');
  return /^https?:\/\/[^\s/]/i.test(path);
}

export const GroupPayload = Type.Object({
  Id: Type.Optional(Nullable(IdText())),
  Name: Type.String({ maxLength: GROUP_NAME_MAX_LENGTH }),
  Type: Type.String({ maxLength: 50 }),
  LogoPath: Type.Optional(Nullable(Type.String({ maxLength: TextLimits.line }))),
  CountryId: Type.Optional(Nullable(Type.String({ maxLength: 10 }))),
});
export type GroupPayload = Type.Static<typeof GroupPayload>;

/** Email to group: To are user ids of the group, CC e-mail addresses. */
export const GroupEmailPayload = Type.Object({
  Subject: Type.String({ maxLength: 300 }),
  Message: Type.String({ maxLength: 20_000 }),
  To: Type.Array(IdText(), { maxItems: 2000 }),
  CC: Type.Array(Type.String({ maxLength: TextLimits.email }), { maxItems: 200 }),
  Group: IdText(),
});
export type GroupEmailPayload = Type.Static<typeof GroupEmailPayload>;

export const LogoView = Type.Object({ Path: Type.String(), DisplayName: Type.String() });
export type LogoView = Type.Static<typeof LogoView>;

/** Free access (`POST api/freeUser/access/{email}`). */
export const FreeAccessBody = Type.Object({
  Email: Type.String({ maxLength: 320 }),
  Name: Type.Optional(Type.String({ maxLength: 200 })),
  Company: Type.Optional(Type.String({ maxLength: 200 })),
});
export type FreeAccessBody = Type.Static<typeof FreeAccessBody>;

/** Server answers of free access, verbatim. */
export const FreeAccessAnswers = {
  userExists: 'User already exists',
  invalidUsername: 'Invalid Username',
  confirmEmail: 'Confirm Email',
  missingFields: 'You must complete all fields to gain access',
  grantFailed: 'A problem occurred trying to grant access. Please try again later.',
  /** A free user who chose a password signs in with it (`POST /api/freeUser/password` once). */
  passwordAlreadySet: 'Your account already has a password: sign in with it.',
} as const;

/** `POST api/freeUser/logout/{username}`: `forgetDevice` (the user's own Logout) also revokes this browser's device credential. */
export const FreeLogoutQuery = Type.Object({ forgetDevice: Type.Optional(Type.Boolean()) });
export type FreeLogoutQuery = Type.Static<typeof FreeLogoutQuery>;

/** `POST api/freeUser/access/{email}`: 202 with Confirm Email, or 200 with the session. */
export const ConfirmEmailAnswer = Type.Object({ message: Type.Literal('Confirm Email') });

export const EmailParam = Type.Object({ email: Type.String({ maxLength: 320 }) });
export const EmailCodeParams = Type.Object({ email: Type.String({ maxLength: 320 }), code: Type.String({ maxLength: 200 }) });
export const UsernameParam = Type.Object({ username: Type.String({ maxLength: 320 }) });

/** Password answers of the server, verbatim. */
export const PasswordAnswers = {
  success: 'Success',
  invalidToken: 'InvalidToken',
  tooShort: 'PasswordTooShort',
  /** Beyond the spec: the password is on the list of common and breached passwords. */
  tooCommon: 'PasswordTooCommon',
  invalidUsername: 'Invalid Username',
} as const;

/** `POST api/user/unlockSignIn`: the code of the unlock link e-mailed when sign-ins to an account were locked. */
export const UnlockSignInBody = Type.Object({ Code: Type.String({ maxLength: 200 }) });
export type UnlockSignInBody = Type.Static<typeof UnlockSignInBody>;

/** Answers of the unlock link, verbatim. */
export const UnlockAnswers = {
  unlocked: 'Sign-ins to your account from this network are unlocked. You can sign in now.',
  invalidLink: 'This unlock link is invalid, used or expired. You can still sign in from another network, or reset your password.',
} as const;

/**
 * Password policy after NIST SP 800-63B: at least this many characters (counted as Unicode
 * code points), no composition rules, and not on the list of common and breached passwords
 * identity checks (`PasswordTooCommon`). The one place the length is set: the server, every
 * form that sets a password and their texts read it.
 */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 256;

/** A password's length as the policy counts it: characters, not UTF-16 units (an emoji is one). */
/* @__NO_SIDE_EFFECTS__ */
export const passwordLength = (password: string) => [...password].length;

/** `POST /api/freeUser/password`: a signed-in free user chooses a password (answered with a credentialed session). */
export const FreeUserPasswordBody = Type.Object({ NewPassword: Type.String({ maxLength: MAX_PASSWORD_LENGTH }) });
export type FreeUserPasswordBody = Type.Static<typeof FreeUserPasswordBody>;

export const ResetPasswordBody = Type.Object({
  Code: Type.String({ maxLength: 200 }),
  Email: Type.String({ maxLength: 320 }),
  NewPassword: Type.String({ maxLength: MAX_PASSWORD_LENGTH }),
});
export type ResetPasswordBody = Type.Static<typeof ResetPasswordBody>;

/** New-user password setup. */
export const SetPasswordNewUserBody = Type.Object({
  user: Type.Object({
    Id: Uuid(),
    FirstName: Type.String({ maxLength: 200 }),
    LastName: Type.String({ maxLength: 200 }),
    OrganizationName: Type.String({ maxLength: 400 }),
    OrganizationAddress: Type.String({ maxLength: 1000 }),
  }),
  password: Type.String({ maxLength: MAX_PASSWORD_LENGTH }),
  token: Type.String({ maxLength: 200 }),
});
export type SetPasswordNewUserBody = Type.Static<typeof SetPasswordNewUserBody>;

/**
 * My account (`POST api/user/account`). A new password needs the current
 * one (`currentPassword`, beyond the spec's payload): a borrowed session cannot lock
 * the owner out.
 */
export const AccountUpdateBody = Type.Object({
  user: Type.Object({
    Id: IdText(),
    FirstName: Type.String({ maxLength: 200 }),
    LastName: Type.String({ maxLength: 200 }),
  }),
  newPassword: Type.Optional(Nullable(Type.String({ maxLength: MAX_PASSWORD_LENGTH }))),
  currentPassword: Type.Optional(Nullable(Type.String({ maxLength: MAX_PASSWORD_LENGTH }))),
});
export type AccountUpdateBody = Type.Static<typeof AccountUpdateBody>;

/** Answer texts of the users admin and My account. */
export const UserAnswers = {
  added: 'User added successfully',
  edited: 'User editted successfully',
  userExists: 'User already exists',
  invalidUsername: 'Invalid Username',
  failed: 'Failed',
  missingFields: 'Please fill out all fields',
  domainMismatch: 'This domain must match your own.',
  accountMissingName: 'Please fill out a First and Last Name.',
  accountUpdated: 'Your account has been updated.',
  /** My account: a new password needs the current one. */
  currentPasswordMissing: 'Please enter your current password to choose a new one.',
  currentPasswordWrong: 'Your current password is not correct.',
  /** Users admin: what a group manager may not do (beyond the spec's texts). */
  editNotAllowed: 'You may not edit this user: they hold access you cannot give.',
  emailAdminOnly: "Only an administrator can change a user's e-mail address.",
  expiryAdminOnly: 'Only an administrator can remove or extend an expiry date.',
  rolesNotHeld: 'You may only give roles you hold yourself.',
  /** A group manager's save that sets a flag only admins set (the flags are named after it). */
  flagsAdminOnly: 'Only an administrator can change',
  groupsNotHeld: 'You may only add users to your own groups.',
  /** Resend welcome email: only to accounts that have never set a password. */
  passwordAlreadySet: 'This user has already set a password; they can use Forgot password.',
  welcomeSent: 'Welcome email sent.',
  welcomeFailed: 'Welcome email failed to send.',
} as const;

export const AccessRequestStatuses = { inProgress: 'In Progress', approved: 'Approved', denied: 'Denied' } as const;

export const AccessRequestUser = Type.Object({
  Id: IdText(),
  Email: Type.String({ maxLength: TextLimits.email }),
  Name: Type.String({ maxLength: 400 }),
  Title: Type.String({ maxLength: 200 }),
  IsPrimary: Type.Boolean(),
});
export type AccessRequestUser = Type.Static<typeof AccessRequestUser>;

/** Access request; UserManagerId marks an external legal representative request. */
export const AccessRequestView = Type.Object({
  Id: Type.String(),
  Email: Type.String(),
  Type: Type.String(),
  Organization: Type.String(),
  Status: Type.String(),
  Reasoning: Type.String(),
  UserManagerId: Nullable(Type.String()),
  UserManagerName: Nullable(Type.String()),
  Name: Type.String(),
  Title: Type.String(),
  Expires: Nullable(Type.String()),
  OrganizationAddress: Type.String(),
  CreatedOn: Type.String(),
  Users: Type.Array(AccessRequestUser),
});
export type AccessRequestView = Type.Static<typeof AccessRequestView>;

export const ExternalRequestUser = Type.Object({
  FirstName: Type.String({ maxLength: 200 }),
  LastName: Type.String({ maxLength: 200 }),
  Name: Type.Optional(Type.String({ maxLength: 400 })),
  Email: Type.String({ maxLength: 320 }),
});
/** External legal representative access request. */
export const ExternalRequestPayload = Type.Object({
  FirstName: Type.String({ maxLength: 200 }),
  LastName: Type.String({ maxLength: 200 }),
  Name: Type.Optional(Type.String({ maxLength: 400 })),
  Email: Type.String({ maxLength: 320 }),
  Expires: Nullable(Type.String({ maxLength: TextLimits.date })),
  Organization: Type.String({ maxLength: 400 }),
  OrganizationAddress: Type.String({ maxLength: 1000 }),
  Users: Type.Optional(Type.Array(ExternalRequestUser, { maxItems: 50 })),
});
export type ExternalRequestPayload = Type.Static<typeof ExternalRequestPayload>;

/** Regular request approval: the primary is appended to Emails by the client. */
export const ApprovalPayload = Type.Object({
  Request: Type.Object({
    Id: IdText(),
    Organization: Nullable(Type.String({ maxLength: 400 })),
    PrimaryEmail: Nullable(Type.String({ maxLength: 320 })),
    PrimaryId: Nullable(IdText()),
    Name: Nullable(Type.String({ maxLength: 400 })),
    Title: Nullable(Type.String({ maxLength: 200 })),
    Reasoning: Type.Optional(Nullable(Type.String({ maxLength: TextLimits.paragraph }))),
    Emails: Type.Array(
      Type.Object({
        Id: Type.Optional(Nullable(IdText())),
        Email: Type.String({ maxLength: 320 }),
        Name: Type.String({ maxLength: 400 }),
        Title: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
      }),
      { maxItems: 100 },
    ),
  }),
  Roles: Type.Array(Type.Number()),
  Groups: Type.Array(IdText()),
  CalculatorGroup: Nullable(IdText()),
});
export type ApprovalPayload = Type.Static<typeof ApprovalPayload>;

/** External approval: the request object with Status null and Expires as a date. */
export const ExternalApprovalPayload = Type.Object({
  Id: IdText(),
  Status: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
  Expires: Nullable(Type.String({ maxLength: TextLimits.date })),
  Email: Type.Optional(Type.String({ maxLength: TextLimits.email })),
  Name: Type.Optional(Type.String({ maxLength: 400 })),
  Organization: Type.Optional(Type.String({ maxLength: 400 })),
  OrganizationAddress: Type.Optional(Type.String({ maxLength: 1000 })),
  UserManagerId: Type.Optional(Nullable(IdText())),
  Users: Type.Optional(Type.Array(AccessRequestUser)),
});
export type ExternalApprovalPayload = Type.Static<typeof ExternalApprovalPayload>;

/** Answer texts of the access-request queue. */
export const RequestAnswers = {
  externalMissingFields: 'You must fill out all fields.',
  externalDomain: "Additional users must share the primary contact's e-mail domain.",
  externalCreated: 'Your request has been submitted. An administrator will review it.',
  approvalMissingFields: 'You must fill out all fields other than the extra users field.',
  approved: 'Request approved. The users have been sent a welcome email.',
  denied: 'Request denied.',
  notInProgress: 'This request has already been handled.',
  expiresInPast: 'Expires must be a future date.',
} as const;

/**
 * The approval answer, true to what happened to each account: new accounts get a
 * welcome e-mail (sent, or failed to send), existing accounts only get the access.
 */
export function approvalAnswer(outcome: { welcomed: readonly string[]; failed: readonly string[]; existing: readonly string[] }): string {
  const { welcomed, failed, existing } = outcome;
  if (welcomed.length && !failed.length && !existing.length) return RequestAnswers.approved;
  const parts = ['Request approved.'];
  if (welcomed.length) parts.push(`A welcome email was sent to ${welcomed.join(', ')}.`);
  if (failed.length) parts.push(`The welcome email to ${failed.join(', ')} failed to send; use Resend welcome email on the Users page.`);
  if (existing.length)
    parts.push(
      `${existing.join(', ')} already had ${existing.length === 1 ? 'an account' : 'accounts'}: the access was added, no welcome email was sent.`,
    );
  return parts.join(' ');
}

export const GroupAnswers = {
  missingFields: 'Please fill out all fields',
  missingMessage: 'Please enter a message.',
  missingSubject: 'Please enter a subject.',
  messageSent: 'Message sent.',
  exists: 'Group already exists',
  /** Beyond the spec: a flag must be a path of the platform or a web address. */
  badLogoPath: 'The flag must be a path of this site (such as /flags/ie.svg) or an http(s) address.',
} as const;

/**
 * A user's access as it stands now (`POST /internal/users/access`, body InternalUserLookup):
 * what a fresh access token would carry, for services that act for users later (alert
 * e-mails). Active is false when the account is disabled or expired: such a user gets nothing.
 */
export const InternalUserAccess = Type.Object({
  Id: Type.String(),
  Email: Type.String(),
  Name: Type.String(),
  Active: Type.Boolean(),
  /** Role ids held now (roles past their ExpiresOn are left out). */
  Roles: Type.Array(Type.Number()),
  /** Group ids the user belongs to. */
  Groups: Type.Array(Type.String()),
  IsAdmin: Type.Boolean(),
  IsGroupManager: Type.Boolean(),
  IsACID: Type.Boolean(),
  Free: Type.Boolean(),
});
export type InternalUserAccess = Type.Static<typeof InternalUserAccess>;
