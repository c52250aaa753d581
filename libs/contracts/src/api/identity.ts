import Type from 'typebox';

export const LoginBody = Type.Object({
  Email: Type.String(),
  Password: Type.String(),
});
export type LoginBody = Type.Static<typeof LoginBody>;

export const SessionGroup = Type.Object({
  Id: Type.String(),
  Name: Type.String(),
  Type: Type.String(),
  CountryId: Type.Union([Type.String(), Type.Null()]),
});
export type SessionGroup = Type.Static<typeof SessionGroup>;

/** Session user (accounts §3): the login and refresh answer. */
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

export const RefreshBody = Type.Object({ token: Type.String() });
export type RefreshBody = Type.Static<typeof RefreshBody>;

export const UserIdParam = Type.Object({ userId: Type.String() });

/** Login failure answers, verbatim (accounts §8). */
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
}
