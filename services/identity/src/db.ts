import type { ColumnType, Executor, Generated } from '@cti/db';
import type { KitTables, ServiceApp } from '@cti/service-kit';

export type IdentityExecutor = Executor<IdentityDB>;

/** The service's Fastify instance: `app.db` and `app.inTransaction` are typed over IdentityDB. */
export type IdentityApp = ServiceApp<IdentityDB>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  firstName: Generated<string>;
  lastName: Generated<string>;
  name: Generated<string>;
  organizationName: Generated<string>;
  organizationAddress: Generated<string>;
  passwordHash: string | null;
  disabled: Generated<boolean>;
  expiresOn: string | null;
  isGroupManager: Generated<boolean>;
  isHidden: Generated<boolean>;
  isAcid: Generated<boolean>;
  isFree: Generated<boolean>;
  mustAgreeCtc: Generated<boolean>;
  agreedCtcAt: string | null;
  calculatorGroupId: string | null;
  creatorId: string | null;
  /** When a free user confirmed their e-mail. */
  confirmedAt: string | null;
  createdAt: Generated<string>;
  updatedAt: Generated<string>;
}

export interface GroupsTable {
  id: Generated<string>;
  name: string;
  type: 'ACC Group' | 'AWG Member' | 'Country';
  logoPath: string | null;
  countryId: string | null;
  createdAt: Generated<string>;
  updatedAt: Generated<string>;
}

export type TokenPurpose = 'reset' | 'welcome' | 'free-confirm' | 'unlock';

export interface UserTokensTable {
  id: Generated<string>;
  userId: string;
  purpose: TokenPurpose;
  tokenHash: string;
  createdAt: Generated<string>;
  expiresAt: string;
  usedAt: string | null;
}

export type MailStatus = 'queued' | 'sending' | 'sent' | 'failed';

export interface MailMessagesTable {
  id: Generated<string>;
  kind: string;
  toAddresses: ColumnType<string[], string, string>;
  ccAddresses: ColumnType<string[], string | undefined, string>;
  replyTo: string | null;
  subject: string;
  html: string;
  text: Generated<string>;
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  lastError: string | null;
  transport: string | null;
  createdAt: Generated<string>;
  nextAttemptAt: Generated<string>;
  lockedUntil: string | null;
  sentAt: string | null;
  /** The caller's key: queueing the same key again answers this mail. */
  idempotencyKey: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AccessRequestsTable {
  id: Generated<string>;
  email: string;
  type: string;
  organization: Generated<string>;
  organizationAddress: Generated<string>;
  status: Generated<string>;
  reasoning: Generated<string>;
  name: Generated<string>;
  title: Generated<string>;
  expires: string | null;
  userManagerId: string | null;
  createdAt: Generated<string>;
  decidedAt: string | null;
  decidedBy: string | null;
}

export interface AccessRequestUsersTable {
  id: Generated<string>;
  requestId: string;
  email: string;
  name: Generated<string>;
  title: Generated<string>;
  isPrimary: Generated<boolean>;
  position: Generated<number>;
}

/** What purchases granted: one row per subscription or one-time purchase. */
export interface PurchaseGrantsTable {
  sourceId: string;
  userId: string;
  productName: string;
  roleIds: Generated<number[]>;
  groupIds: Generated<string[]>;
  expiresOn: string | null;
  revokedAt: string | null;
  lastEventAt: string;
}

/** What a user held of a role or country group before the first purchase granted it. */
export interface PurchaseGrantBasesTable {
  userId: string;
  kind: 'role' | 'group';
  target: string;
  present: boolean;
  expiresOn: string | null;
}

export interface ApiKeysTable {
  id: Generated<string>;
  userId: string;
  name: string;
  prefix: string;
  /** SHA-256 of the key; the key itself is shown once and never stored. */
  keyHash: string;
  createdAt: Generated<string>;
  expiresOn: string | null;
  revokedAt: string | null;
  revokedBy: string | null;
  lastUsedOn: string | null;
}

/** An address the account signed in from, or that its owner unlocked with the e-mailed link. */
export interface SignInAddressesTable {
  userId: string;
  address: string;
  lastSeenAt: Generated<string>;
}

/** A browser's proof that it confirmed a free user's address (the cookie holds the id and the secret). */
export interface DeviceCredentialsTable {
  id: Generated<string>;
  userId: string;
  /** SHA-256 of the secret; the secret lives only in the browser's cookie. */
  secretHash: string;
  createdAt: Generated<string>;
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** The service's schema as its migrations leave it, with the kit's tables (outbox, processed events, rate limits). */
export interface IdentityDB extends KitTables {
  roles: { id: number; name: string };
  groups: GroupsTable;
  users: UsersTable;
  userRoles: { userId: string; roleId: number; expiresOn: string | null };
  userGroups: { userId: string; groupId: string };
  refreshTokens: {
    id: Generated<string>;
    userId: string;
    familyId: string;
    tokenHash: string;
    createdAt: Generated<string>;
    expiresAt: string;
    usedAt: string | null;
    revokedAt: string | null;
    /** The token that replaced this one, sealed with a key only this token's holder has. */
    successorSealed: string | null;
  };
  userTokens: UserTokensTable;
  mailMessages: MailMessagesTable;
  accessRequests: AccessRequestsTable;
  accessRequestUsers: AccessRequestUsersTable;
  purchaseGrants: PurchaseGrantsTable;
  purchaseGrantBases: PurchaseGrantBasesTable;
  apiKeys: ApiKeysTable;
  signInAddresses: SignInAddressesTable;
  deviceCredentials: DeviceCredentialsTable;
}
