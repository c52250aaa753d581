import type { ColumnType, Executor, Generated, Kysely } from '@cti/db';
import type { EventTables } from '@cti/events';
import type { ServiceApp } from '@cti/service-kit';

type Timestamp = ColumnType<string, string | undefined, string>;

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
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
}

export interface GroupsTable {
  id: Generated<string>;
  name: string;
  type: 'ACC Group' | 'AWG Member' | 'Country';
  logoPath: string | null;
  countryId: string | null;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
}

export type TokenPurpose = 'reset' | 'welcome' | 'free-confirm';

export interface UserTokensTable {
  id: Generated<string>;
  userId: string;
  purpose: TokenPurpose;
  tokenHash: string;
  createdAt: Generated<Timestamp>;
  expiresAt: string;
  usedAt: string | null;
}

export type MailStatus = 'queued' | 'sending' | 'sent' | 'failed';

export interface MailMessagesTable {
  id: Generated<string>;
  kind: string;
  toAddresses: ColumnType<string[], string, string>;
  ccAddresses: ColumnType<string[], string, string>;
  replyTo: string | null;
  subject: string;
  html: string;
  text: string;
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  lastError: string | null;
  transport: string | null;
  createdAt: Generated<Timestamp>;
  nextAttemptAt: Generated<Timestamp>;
  lockedUntil: string | null;
  sentAt: string | null;
  /** The caller's key: queueing the same key again answers this mail. */
  idempotencyKey: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AccessRequestsTable {
  id: Generated<string>;
  email: string;
  type: string;
  organization: string;
  organizationAddress: string;
  status: Generated<string>;
  reasoning: string;
  name: string;
  title: string;
  expires: string | null;
  userManagerId: string | null;
  createdAt: Generated<Timestamp>;
  decidedAt: string | null;
  decidedBy: string | null;
}

export interface AccessRequestUsersTable {
  id: Generated<string>;
  requestId: string;
  email: string;
  name: string;
  title: string;
  isPrimary: boolean;
  position: number;
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

export interface IdentityDB extends EventTables {
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
    createdAt: Generated<Timestamp>;
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
  apiKeys: ApiKeysTable;
}

export type IdentityExecutor = Executor<IdentityDB>;

export const identityDb = (app: ServiceApp) => app.db as Kysely<IdentityDB>;
