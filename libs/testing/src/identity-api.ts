import { randomUUID } from 'node:crypto';

import { RoleIds } from '@cti/access';
import type { GroupView, MailboxMessage, SessionUser } from '@cti/contracts';
import type { ServiceApp } from '@cti/service-kit';

import { eventually } from './eventually';
import { signTestToken } from './keys';

/**
 * Accounts and groups made through identity's own HTTP API, for the tests of services that
 * run identity beside them: an admin (a token signed with the test key pair) adds the group
 * or user, the new user sets a password through the welcome link of identity's dev mailbox,
 * agrees to the terms and signs in. Nothing here reaches identity's code or tables.
 */

/** The identity service under test (anything answering `inject`). */
export type IdentityApi = Pick<ServiceApp, 'inject'>;

/** The header of an admin (a token signed with the test key pair), for identity's admin routes. */
export const adminAuth = () => ({
  authorization: `Bearer ${signTestToken({ sub: randomUUID(), roles: [RoleIds.Admin], isAdmin: true, name: 'Test Admin' })}`,
});

async function ok<T>(what: string, res: { statusCode: number; body: string; json: () => unknown }): Promise<T> {
  if (res.statusCode !== 200) throw new Error(`${what} answered ${res.statusCode}: ${res.body}`);
  return res.json() as T;
}

/** Adds a group as an admin would (`POST api/group`); answers its id. */
export async function createGroupThroughIdentity(
  identity: IdentityApi,
  group: { name: string; type: 'Country' | 'ACC Group' | 'AWG Member'; countryId?: string | null },
): Promise<string> {
  const res = await identity.inject({
    method: 'POST',
    url: '/api/group',
    headers: adminAuth(),
    payload: { Name: group.name, Type: group.type, CountryId: group.countryId ?? null },
  });
  return (await ok<GroupView>(`adding group ${group.name}`, res)).Id;
}

/** Renames or retypes a group as an admin would (`POST api/group/edit`). */
export async function editGroupThroughIdentity(
  identity: IdentityApi,
  group: { id: string; name: string; type: 'Country' | 'ACC Group' | 'AWG Member'; countryId?: string | null },
): Promise<void> {
  const res = await identity.inject({
    method: 'POST',
    url: '/api/group/edit',
    headers: adminAuth(),
    payload: { Id: group.id, Name: group.name, Type: group.type, CountryId: group.countryId ?? null },
  });
  await ok(`editing group ${group.name}`, res);
}

export interface NewAccount {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  organizationName?: string;
  roleIds?: number[];
  groupIds?: string[];
  isGroupManager?: boolean;
}

/** A signed-in account: its id, the session identity answered, and the header to call with. */
export interface SignedInAccount {
  id: string;
  session: SessionUser;
  auth: { authorization: string };
}

/** Signs in through `POST api/user/login`. */
export async function signInThroughIdentity(identity: IdentityApi, email: string, password: string): Promise<SignedInAccount> {
  const res = await identity.inject({ method: 'POST', url: '/api/user/login', payload: { Email: email, Password: password } });
  const session = await ok<SessionUser>(`login of ${email}`, res);
  return { id: session.Id, session, auth: { authorization: `Bearer ${session.Token}` } };
}

/**
 * Adds a user as an admin would (`POST api/user/register`), sets their password through the
 * welcome link, agrees to the terms for them and signs them in.
 */
export async function createUserThroughIdentity(identity: IdentityApi, account: NewAccount): Promise<SignedInAccount> {
  const firstName = account.firstName ?? 'Test';
  const lastName = account.lastName ?? account.email.split('@')[0];
  const organizationName = account.organizationName ?? 'Test Org';
  await ok(
    `adding user ${account.email}`,
    await identity.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: adminAuth(),
      payload: {
        FirstName: firstName,
        LastName: lastName,
        Email: account.email,
        OrganizationName: organizationName,
        Roles: account.roleIds ?? [RoleIds.Standard],
        Groups: account.groupIds ?? [],
        IsGroupManager: account.isGroupManager ?? false,
      },
    }),
  );
  const welcome = await eventually(async () => {
    const res = await identity.inject({ method: 'GET', url: `/api/mail/dev/messages?to=${encodeURIComponent(account.email)}` });
    return (await ok<MailboxMessage[]>('the dev mailbox', res)).find((m) => m.Kind === 'welcome' && m.Status === 'sent');
  });
  const link = welcome.Links.map((l) => new URL(l.Href)).find((u) => u.pathname.startsWith('/user/setPassword/'));
  if (!link) throw new Error(`no set-password link in the welcome mail to ${account.email}`);
  const [userId, token] = link.pathname.slice('/user/setPassword/'.length).split('/').map(decodeURIComponent);
  await ok(
    `setting the password of ${account.email}`,
    await identity.inject({
      method: 'POST',
      url: '/api/user/setPasswordNewUser',
      payload: {
        user: {
          Id: userId,
          FirstName: firstName,
          LastName: lastName,
          OrganizationName: organizationName,
          OrganizationAddress: 'Test Street 1',
        },
        password: account.password,
        token: token,
      },
    }),
  );
  const first = await signInThroughIdentity(identity, account.email, account.password);
  if (!first.session.MustAgreeCTC) return first;
  await ok(`terms of ${account.email}`, await identity.inject({ method: 'GET', url: '/api/user/agree', headers: first.auth }));
  return signInThroughIdentity(identity, account.email, account.password);
}

/** What an admin changes of a user through `POST api/user/update` (the rest is left as the test made it). */
export interface AccountChange {
  id: string;
  email: string;
  firstName?: string;
  lastName?: string;
  roleIds: number[];
  groupIds: string[];
  disabled?: boolean;
  /** The last day the account grants access (`YYYY-MM-DD`). */
  expiresOn?: string | null;
}

/** Changes a user as an admin would on the users page (`POST api/user/update`). */
export async function updateUserThroughIdentity(identity: IdentityApi, change: AccountChange): Promise<void> {
  const res = await identity.inject({
    method: 'POST',
    url: '/api/user/update',
    headers: adminAuth(),
    payload: {
      Id: change.id,
      FirstName: change.firstName ?? 'Test',
      LastName: change.lastName ?? change.email.split('@')[0],
      Email: change.email,
      Roles: change.roleIds,
      Groups: change.groupIds,
      Disabled: change.disabled ?? false,
      ExpiresOn: change.expiresOn ?? null,
    },
  });
  await ok(`updating user ${change.email}`, res);
}

/** Ada Admin, an administrator created through identity's API like any account. */
export const createAdminThroughIdentity = (identity: IdentityApi, login: { email: string; password: string }): Promise<SignedInAccount> =>
  createUserThroughIdentity(identity, { ...login, firstName: 'Ada', lastName: 'Admin', roleIds: [RoleIds.Admin] });
