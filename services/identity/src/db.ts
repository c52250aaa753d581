import type { ServiceApp } from '@cti/service-kit';
import type { ColumnType, Executor, Generated, Kysely } from '@cti/db';
import type { EventTables } from '@cti/events';

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
  };
}

export type IdentityExecutor = Executor<IdentityDB>;

export const identityDb = (app: ServiceApp) => app.db as Kysely<IdentityDB>;
