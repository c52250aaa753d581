import { RoleIds, type RoleName } from '@cti/access';
import type { SessionUser } from '@cti/contracts';
import { sql } from '@cti/db';
import { identityService } from '@cti/identity';
import { appendToOutbox, type Clock, type ServiceApp } from '@cti/service-kit';
import {
  createGroupThroughIdentity,
  createTestContext,
  createUserThroughIdentity,
  eventually,
  signInThroughIdentity,
  type TestContext,
} from '@cti/testing';

import { commerceService } from '../src/app';

export const PASSWORD = 'purchase-test-password';

export interface Platform {
  ctx: TestContext;
  identity: ServiceApp;
  commerce: ServiceApp;
}

/** Identity and commerce on one test database and event stream, as deployed; `commerceClock` fixes commerce's time. */
export async function startPlatform(commerceEnv: Record<string, string> = {}, commerceClock?: Clock): Promise<Platform> {
  const ctx = await createTestContext({ PUBLIC_URL: 'http://cti.test' });
  const identity = await ctx.start(identityService, { LOGIN_RATE_PER_IP: '10000' });
  // commerce reaches identity's /internal/ routes (receipts go through its mail adapter)
  const identityUrl = await identity.listen({ port: 0, host: '127.0.0.1' });
  const commerce = await ctx.start(
    commerceService,
    { BILLING_SWEEP_INTERVAL_MS: '3600000', IDENTITY_URL: identityUrl, ...commerceEnv },
    { clock: commerceClock },
  );
  return { ctx, identity, commerce };
}

/** Country groups made through identity's use-case; waits until commerce's projection has them. */
export async function givenCountries(p: Platform, names: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const name of names) {
    ids.push(await createGroupThroughIdentity(p.identity, { name, type: 'Country', countryId: name.slice(0, 2).toUpperCase() }));
  }
  await eventually(async () => {
    const rows = await sql<{ n: number }>`select count(*)::int as n from countries where group_id = any(${ids}::uuid[])`.execute(
      p.commerce.db,
    );
    return rows.rows[0]!.n === ids.length;
  });
  return ids;
}

/**
 * A period as the questionnaire service announces it (its event, sent through the outbox
 * like any other); waits until commerce's projection has it.
 */
export async function givenPeriod(p: Platform, periodId: string, name: string): Promise<void> {
  await p.commerce.inTransaction((trx) =>
    appendToOutbox(trx, {
      type: 'evt.questionnaire.period.opened',
      actor: null,
      data: { periodId, name, createdAt: new Date().toISOString(), closedQuestionnaireIds: [], openedQuestionnaireIds: [] },
    }),
  );
  await eventually(async () => {
    const rows = await sql<{ n: number }>`select count(*)::int as n from periods where period_id = ${periodId}`.execute(p.commerce.db);
    return rows.rows[0]!.n === 1;
  });
}

/**
 * What a country's scorecard shows now, as scoring announces it after a save (its event,
 * sent through the outbox); waits until commerce's projection has it. A certified
 * scorecard is sold for that period only.
 */
export async function givenScorecard(p: Platform, groupId: string, periodId: string, periodName: string, score = 80): Promise<void> {
  const facts = {
    periodId,
    periodName,
    A: 4,
    B: 4,
    C: 4,
    D: 4,
    E: 4,
    F: 4,
    isPBA: false,
    PBA: null,
    score,
    category: 'High',
    watchlist: false,
    isSpecialNotice: false,
    notice: null,
    suspended: false,
    qualifyingDeclarations: true,
    asu: null,
  };
  await p.commerce.inTransaction((trx) =>
    appendToOutbox(trx, {
      type: 'evt.scoring.scores.saved',
      actor: null,
      data: {
        questionnaireId: `q-${groupId}-${periodId}`,
        groupId,
        groupName: 'Country',
        periodId,
        periodName,
        score,
        category: 'High',
        previousScore: null,
        scorecard: { before: null, after: facts },
      },
    }),
  );
  await eventually(async () => {
    const rows = await sql<{ n: number }>`select count(*)::int as n from certified_scorecards
      where group_id = ${groupId} and period_id = ${periodId}`.execute(p.commerce.db);
    return rows.rows[0]!.n === 1;
  });
}

export interface SignedIn {
  id: string;
  session: SessionUser;
  auth: { authorization: string };
}

/** A user made through identity's use-case, signed in through identity's login. */
export async function givenUser(
  p: Platform,
  email: string,
  opts: { roles?: RoleName[]; groupIds?: string[]; isGroupManager?: boolean; organization?: string } = {},
): Promise<SignedIn> {
  return createUserThroughIdentity(p.identity, {
    email,
    password: PASSWORD,
    lastName: email.split('@')[0]!,
    organizationName: opts.organization ?? 'Buyer Org',
    roleIds: (opts.roles ?? ['Standard']).map((r) => RoleIds[r]),
    groupIds: opts.groupIds ?? [],
    isGroupManager: opts.isGroupManager ?? false,
  });
}

/**
 * Access that narrows (a role taken back by a refund, an ended subscription, a plan change)
 * ends the user's sessions, here as everywhere: waits until commerce refuses the old token,
 * then signs the user in again, as the web app's user would.
 */
export async function signInAgainOnceNarrowed(p: Platform, user: SignedIn): Promise<SignedIn> {
  await eventually(
    async () => (await p.commerce.inject({ method: 'GET', url: '/api/user/paymentDetails', headers: user.auth })).statusCode === 401,
  );
  return signIn(p, user.session.Username, user.id);
}

export async function signIn(p: Platform, email: string, id?: string): Promise<SignedIn> {
  const signed = await signInThroughIdentity(p.identity, email, PASSWORD);
  return { ...signed, id: id ?? signed.id };
}

/** The user's roles and groups as identity holds them now. */
export async function holdings(p: Platform, userId: string) {
  const roles = await sql<{
    roleId: number;
    expiresOn: string | null;
  }>`select role_id, expires_on from user_roles where user_id = ${userId} order by role_id`.execute(p.identity.db);
  const groups = await sql<{ groupId: string }>`select group_id from user_groups where user_id = ${userId}`.execute(p.identity.db);
  return { roles: roles.rows, groupIds: groups.rows.map((g) => g.groupId).sort() };
}

export async function outboxTypes(app: ServiceApp): Promise<string[]> {
  const rows = await sql<{ type: string }>`select type from outbox order by seq`.execute(app.db);
  return rows.rows.map((r) => r.type);
}

export const year = 365 * 86_400_000;

/** The data of the events of a type in a service's outbox, oldest first. */
export async function outboxData(app: ServiceApp, type: string): Promise<any[]> {
  const rows = await sql<{ payload: { data: unknown } | string }>`select payload from outbox where type = ${type} order by seq`.execute(
    app.db,
  );
  return rows.rows.map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload).data);
}
