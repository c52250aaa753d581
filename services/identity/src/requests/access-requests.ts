import { RoleIds, sharesContactDomain } from '@cti/access';
import {
  type AccessClaims,
  AccessRequestStatuses,
  type AccessRequestView,
  approvalAnswer,
  type ApprovalPayload,
  type EventActor,
  type ExternalApprovalPayload,
  type ExternalRequestPayload,
  isUuid,
  RequestAnswers,
  UserAnswers,
} from '@cti/contracts';
import { actorFromClaims, appendToOutbox, BadRequest, Conflict, type DataAccess, NotFound } from '@cti/service-kit';

import { isEmail, normalizeEmail } from '../accounts/passwords';
import { findUserByEmail, groupIdsOfUser, setCalculatorGroup } from '../accounts/repository';
import type { IdentityContext } from '../context';
import type { IdentityDB, IdentityExecutor } from '../db';
import { findGroupById, groupRows } from '../groups/repository';
import { createUser } from '../users/create-user';
import { parseExpiry } from '../users/manage-users';
import { grantRoles } from '../users/role-grants';
import { queueWelcomeMail } from '../users/welcome';

import { accessRequestRows, insertAccessRequest, lockAccessRequest, markDecided, setRequestExpiry, usersOfRequests } from './repository';

export const EXTERNAL_REQUEST_TYPE = 'External Legal Representative';

const iso = (v: string | null) => (v === null ? null : new Date(v).toISOString());

/** `GET api/request`: every access request, newest first, with its users. */
export async function listAccessRequests(db: IdentityExecutor, ids?: readonly string[]): Promise<AccessRequestView[]> {
  const requests = await accessRequestRows(db, ids);
  if (!requests.length) return [];
  const users = await usersOfRequests(
    db,
    requests.map((r) => r.id),
  );
  return requests.map((r) => ({
    Id: r.id,
    Email: r.email,
    Type: r.type,
    Organization: r.organization,
    Status: r.status,
    Reasoning: r.reasoning,
    UserManagerId: r.userManagerId,
    UserManagerName: r.managerName ?? null,
    Name: r.name,
    Title: r.title,
    Expires: iso(r.expires),
    OrganizationAddress: r.organizationAddress,
    CreatedOn: iso(String(r.createdAt))!,
    Users: users
      .filter((u) => u.requestId === r.id)
      .map((u) => ({ Id: u.id, Email: u.email, Name: u.name, Title: u.title, IsPrimary: u.isPrimary })),
  }));
}

export interface NewAccessRequest {
  email: string;
  type: string;
  organization: string;
  organizationAddress?: string;
  reasoning?: string;
  name: string;
  title?: string;
  expires?: string | null;
  userManagerId?: string | null;
  /** Extra users besides the primary contact. */
  extraUsers?: Array<{ email: string; name: string; title?: string }>;
}

/** Files an access request (In Progress) with its primary and extra users, and records it. */
export async function createAccessRequest(trx: IdentityExecutor, input: NewAccessRequest, actor: EventActor | null): Promise<string> {
  const email = normalizeEmail(input.email);
  const users = [
    { email, name: input.name, title: input.title ?? '', isPrimary: true },
    ...(input.extraUsers ?? []).map((u) => ({ email: normalizeEmail(u.email), name: u.name, title: u.title ?? '', isPrimary: false })),
  ];
  const id = await insertAccessRequest(
    trx,
    {
      email,
      type: input.type,
      organization: input.organization,
      organizationAddress: input.organizationAddress ?? '',
      reasoning: input.reasoning ?? '',
      name: input.name,
      title: input.title ?? '',
      expires: input.expires ?? null,
      userManagerId: input.userManagerId ?? null,
    },
    users,
  );
  await appendToOutbox(trx, {
    type: 'evt.identity.request.created',
    actor,
    data: { requestId: id, email, type: input.type, organization: input.organization, userManagerId: input.userManagerId ?? null },
  });
  return id;
}

/**
 * `/internal/requests`: another application (the carbon calculator site) files a regular
 * access request; every e-mail must be an address.
 */
export async function fileAccessRequest(data: DataAccess<IdentityDB>, input: NewAccessRequest): Promise<string> {
  if (![input.email, ...(input.extraUsers ?? []).map((u) => u.email)].every(isEmail)) throw new BadRequest(UserAnswers.invalidUsername);
  return data.inTransaction((trx) => createAccessRequest(trx, input, null));
}

/** Splits "First Last Names" on the first space. */
export const splitName = (name: string) => {
  const trimmed = name.trim();
  const at = trimmed.indexOf(' ');
  return at < 0 ? { firstName: trimmed, lastName: '' } : { firstName: trimmed.slice(0, at), lastName: trimmed.slice(at + 1).trim() };
};

/**
 * `POST api/request/external/create`: a group manager asks for time-limited
 * access for an external legal representative; every field required, extra users share
 * the primary contact's e-mail domain.
 */
export async function createExternalRequest(
  data: DataAccess<IdentityDB>,
  caller: AccessClaims,
  payload: ExternalRequestPayload,
): Promise<{ message: string }> {
  const fromName = payload.Name?.trim() ? splitName(payload.Name) : { firstName: '', lastName: '' };
  const firstName = payload.FirstName.trim() || fromName.firstName;
  const lastName = payload.LastName.trim() || fromName.lastName;
  const email = payload.Email.trim();
  const organization = payload.Organization.trim();
  const organizationAddress = payload.OrganizationAddress.trim();
  if (!firstName || !lastName || !email || !payload.Expires?.trim() || !organization || !organizationAddress)
    throw new BadRequest(RequestAnswers.externalMissingFields);
  if (!isEmail(email)) throw new BadRequest(UserAnswers.invalidUsername);
  const expires = parseExpiry(payload.Expires);
  if (expires && Date.parse(expires) < data.clock.now().getTime()) throw new BadRequest(RequestAnswers.expiresInPast);
  const extraUsers = (payload.Users ?? []).map((u) => {
    const first = u.FirstName.trim();
    const last = u.LastName.trim();
    if (!first || !last || !u.Email.trim()) throw new BadRequest(RequestAnswers.externalMissingFields);
    if (!isEmail(u.Email)) throw new BadRequest(UserAnswers.invalidUsername);
    if (!sharesContactDomain(email, u.Email)) throw new BadRequest(RequestAnswers.externalDomain);
    return { email: u.Email, name: `${first} ${last}` };
  });
  await data.inTransaction((trx) =>
    createAccessRequest(
      trx,
      {
        email,
        type: EXTERNAL_REQUEST_TYPE,
        organization,
        organizationAddress,
        name: `${firstName} ${lastName}`,
        expires,
        userManagerId: caller.sub,
        extraUsers,
      },
      actorFromClaims(caller),
    ),
  );
  return { message: RequestAnswers.externalCreated };
}

async function lockRequestInProgress(trx: IdentityExecutor, id: string) {
  if (!isUuid(id)) throw new NotFound('Request not found');
  const row = await lockAccessRequest(trx, id);
  if (!row) throw new NotFound('Request not found');
  if (row.status !== AccessRequestStatuses.inProgress) throw new Conflict(RequestAnswers.notInProgress);
  return row;
}

interface AccountToOpen {
  email: string;
  name: string;
  organizationName: string;
  organizationAddress: string;
  roleIds: number[];
  groupIds: string[];
  calculatorGroupId: string | null;
  expiresOn: string | null;
  creatorId: string | null;
}

/** What became of one account of an approved request: the welcome mail queued for it, if it is new. */
interface OpenedAccount {
  userId: string;
  email: string;
  welcomeMailId: string | null;
}

/**
 * Opens an account for an approved request user, with a welcome e-mail; an existing
 * account gets the roles and groups added instead (and no welcome e-mail).
 */
async function openAccount(
  trx: IdentityExecutor,
  ctx: IdentityContext,
  account: AccountToOpen,
  actor: EventActor | null,
  now: Date,
): Promise<OpenedAccount> {
  const existing = await findUserByEmail(trx, account.email);
  if (existing && !existing.isFree) {
    await grantRoles(
      trx,
      existing.id,
      { roleIds: account.roleIds, groupIds: account.groupIds, expiresOn: account.expiresOn },
      'access request approved',
      actor,
      now,
    );
    if (account.calculatorGroupId && !existing.calculatorGroupId) {
      await setCalculatorGroup(trx, existing.id, account.calculatorGroupId);
    }
    return { userId: existing.id, email: existing.email, welcomeMailId: null };
  }
  const { firstName, lastName } = splitName(account.name);
  const userId = await createUser(
    trx,
    {
      email: account.email,
      firstName,
      lastName,
      name: account.name,
      organizationName: account.organizationName,
      organizationAddress: account.organizationAddress,
      roleIds: account.roleIds,
      groupIds: account.groupIds,
      calculatorGroupId: account.calculatorGroupId,
      expiresOn: account.expiresOn,
      creatorId: account.creatorId,
    },
    actor,
    now,
  );
  const email = normalizeEmail(account.email);
  const welcomeMailId = await queueWelcomeMail(trx, ctx, { id: userId, email, name: account.name }, actor, now, { interactive: true });
  return { userId, email, welcomeMailId };
}

/** Delivers the welcome mails of an approval and says truthfully what happened to each account. */
async function approvalOutcome(ctx: IdentityContext, accounts: readonly OpenedAccount[]): Promise<string> {
  const welcomed: string[] = [];
  const failed: string[] = [];
  const existing: string[] = [];
  for (const a of accounts) {
    if (!a.welcomeMailId) existing.push(a.email);
    else if ((await ctx.mailer.deliverNow(a.welcomeMailId)) === 'failed') failed.push(a.email);
    else welcomed.push(a.email);
  }
  return approvalAnswer({ welcomed, failed, existing });
}

/** Records the decision (at `now`) and its event. */
async function finish(
  trx: IdentityExecutor,
  row: { id: string; email: string; type: string; organization: string },
  status: string,
  caller: AccessClaims,
  userIds: string[],
  now: Date,
) {
  const actor = actorFromClaims(caller);
  await markDecided(trx, row.id, { status, decidedBy: caller.sub }, now);
  const data = { requestId: row.id, email: row.email, type: row.type, organization: row.organization };
  if (status === AccessRequestStatuses.approved)
    await appendToOutbox(trx, { type: 'evt.identity.request.approved', actor, data: { ...data, userIds } });
  else await appendToOutbox(trx, { type: 'evt.identity.request.denied', actor, data });
}

/**
 * `POST api/request/approve`: Organization, PrimaryEmail, PrimaryId, Name,
 * Title, Roles and CalculatorGroup required; every e-mail of the request (the primary
 * is among them) becomes a user with the chosen roles, groups and calculator group.
 */
export async function approveRequest(
  data: DataAccess<IdentityDB>,
  ctx: IdentityContext,
  caller: AccessClaims,
  payload: ApprovalPayload,
): Promise<{ message: string }> {
  const r = payload.Request;
  const required = [r.Organization, r.PrimaryEmail, r.PrimaryId, r.Name, r.Title, payload.CalculatorGroup];
  if (required.some((v) => !v?.trim()) || !payload.Roles.length) throw new BadRequest(RequestAnswers.approvalMissingFields);
  const db = data.db;
  const calculator = isUuid(payload.CalculatorGroup!) ? await findGroupById(db, payload.CalculatorGroup!) : undefined;
  if (!calculator || calculator.countryId !== null) throw new BadRequest('The calculator group must be a group without a country.');
  const validRoles = new Set<number>(Object.values(RoleIds));
  if (payload.Roles.some((id) => !validRoles.has(id))) throw new BadRequest('Unknown role.');
  const groupIds = [...new Set(payload.Groups)];
  if (groupIds.some((g) => !isUuid(g)) || (groupIds.length && (await groupRows(db, { ids: groupIds })).length !== groupIds.length)) {
    throw new BadRequest('Unknown group.');
  }
  const emails = new Map<string, { email: string; name: string }>();
  for (const e of [...r.Emails, { Email: r.PrimaryEmail!, Name: r.Name! }]) {
    if (!isEmail(e.Email)) throw new BadRequest(UserAnswers.invalidUsername);
    const key = normalizeEmail(e.Email);
    if (!emails.has(key))
      emails.set(key, { email: key, name: e.Name.trim() || (key === normalizeEmail(r.PrimaryEmail!) ? r.Name!.trim() : key) });
  }
  const actor = actorFromClaims(caller);
  const now = data.clock.now();
  const opened = await data.inTransaction(async (trx) => {
    const row = await lockRequestInProgress(trx, r.Id);
    const accounts: OpenedAccount[] = [];
    for (const account of emails.values()) {
      accounts.push(
        await openAccount(
          trx,
          ctx,
          {
            ...account,
            organizationName: r.Organization!.trim(),
            organizationAddress: row.organizationAddress,
            roleIds: [...new Set(payload.Roles)],
            groupIds,
            calculatorGroupId: calculator.id,
            expiresOn: null,
            creatorId: caller.sub,
          },
          actor,
          now,
        ),
      );
    }
    await finish(
      trx,
      row,
      AccessRequestStatuses.approved,
      caller,
      accounts.map((a) => a.userId),
      now,
    );
    return accounts;
  });
  return { message: await approvalOutcome(ctx, opened) };
}

/**
 * `POST api/request/external/approve`: the external representative (and the extra
 * users) become CountryViewers of the requesting manager's groups until Expires; the
 * manager can manage them.
 */
export async function approveExternalRequest(
  data: DataAccess<IdentityDB>,
  ctx: IdentityContext,
  caller: AccessClaims,
  payload: ExternalApprovalPayload,
): Promise<{ message: string }> {
  const actor = actorFromClaims(caller);
  const now = data.clock.now();
  const opened = await data.inTransaction(async (trx) => {
    const row = await lockRequestInProgress(trx, payload.Id);
    if (!row.userManagerId) throw new BadRequest('This is not an external legal representative request.');
    const expiresOn = payload.Expires ? parseExpiry(payload.Expires) : row.expires ? new Date(row.expires).toISOString() : null;
    if (!expiresOn) throw new BadRequest(RequestAnswers.externalMissingFields);
    // as at creation: the access is time limited, and a past date would open accounts that never work
    if (Date.parse(expiresOn) < now.getTime()) throw new BadRequest(RequestAnswers.expiresInPast);
    const managerGroups = await groupIdsOfUser(trx, row.userManagerId);
    const users = await usersOfRequests(trx, [row.id]);
    const accounts: OpenedAccount[] = [];
    for (const u of users) {
      accounts.push(
        await openAccount(
          trx,
          ctx,
          {
            email: u.email,
            name: u.name,
            organizationName: row.organization,
            organizationAddress: row.organizationAddress,
            roleIds: [RoleIds.CountryViewer],
            groupIds: managerGroups,
            calculatorGroupId: null,
            expiresOn,
            creatorId: row.userManagerId,
          },
          actor,
          now,
        ),
      );
    }
    await setRequestExpiry(trx, row.id, expiresOn);
    await finish(
      trx,
      row,
      AccessRequestStatuses.approved,
      caller,
      accounts.map((a) => a.userId),
      now,
    );
    return accounts;
  });
  return { message: await approvalOutcome(ctx, opened) };
}

/** `GET api/request/deny/{id}`. */
export async function denyRequest(data: DataAccess<IdentityDB>, caller: AccessClaims, id: string): Promise<{ message: string }> {
  const now = data.clock.now();
  await data.inTransaction(async (trx) => {
    const row = await lockRequestInProgress(trx, id);
    await finish(trx, row, AccessRequestStatuses.denied, caller, [], now);
  });
  return { message: RequestAnswers.denied };
}
