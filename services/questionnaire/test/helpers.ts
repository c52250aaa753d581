import { RoleIds } from '@cti/access';
import type { AccessClaims, DomainEvent } from '@cti/contracts';
import { sql } from '@cti/db';
import { identityService } from '@cti/identity';
import type { Clock, ServiceApp } from '@cti/service-kit';
import { createGroupThroughIdentity, createTestContext, eventually, signTestToken, type TestContext } from '@cti/testing';

import { questionnaireService } from '../src/app';
import { openPeriod } from '../src/periods/open-period';

export interface World {
  ctx: TestContext;
  identity: ServiceApp;
  app: ServiceApp;
  countries: Record<string, string>;
}

/** Identity and questionnaire on one database and stream; countries created in identity reach the questionnaire's projection by events. */
export async function startWorld(
  countryNames: string[] = ['Ireland', 'Kenya'],
  env: Record<string, string> = {},
  /** `contextEnv`: what every service of the world gets (a NATS server of the file's own). */
  options: { clock?: Clock; contextEnv?: Record<string, string> } = {},
): Promise<World> {
  const ctx = await createTestContext(options.contextEnv);
  const identity = await ctx.start(identityService);
  const app = await ctx.start(questionnaireService, env, { clock: options.clock });
  const countries: Record<string, string> = {};
  for (const name of countryNames) {
    countries[name] = await createGroupThroughIdentity(identity, { name, type: 'Country', countryId: name.slice(0, 2).toUpperCase() });
  }
  await eventually(async () => {
    const rows = await sql<{ n: number }>`select count(*)::int as n from countries where active`.execute(app.db);
    return rows.rows[0]!.n === countryNames.length;
  });
  return { ctx, identity, app, countries };
}

export function claims(sub: string, more: Partial<AccessClaims> = {}): AccessClaims {
  return {
    sub,
    email: `${sub}@example.com`,
    name: sub,
    roles: [],
    groups: [],
    groupNames: [],
    isAdmin: false,
    isGroupManager: false,
    isAcid: false,
    free: false,
    organization: '',
    ...more,
  };
}

export const adminClaims = claims('admin-1', { name: 'Ada Admin', roles: [RoleIds.Admin], isAdmin: true });
export const respondentClaims = (sub: string, groupId: string, organization: string, name = sub) =>
  claims(sub, { name, roles: [RoleIds.CountryRespondent], groups: [groupId], groupNames: ['Country'], organization });

export const tokenOf = (c: AccessClaims) => signTestToken(c);

/** An authenticated inject helper. */
export function caller(app: ServiceApp, c: AccessClaims) {
  const headers = { authorization: `Bearer ${tokenOf(c)}` };
  return {
    claims: c,
    get: (url: string) => app.inject({ method: 'GET', url, headers }),
    post: (url: string, payload?: unknown) => app.inject({ method: 'POST', url, headers, payload: payload as object }),
  };
}

export const givenPeriod = (app: ServiceApp, name: string) => openPeriod(app, name, null);

export async function questionnaireOf(app: ServiceApp, groupId: string, period?: string) {
  const rows = await sql<{ id: string; status: string; answersRevision: number }>`
    select q.id, q.status, q.answers_revision as "answersRevision" from questionnaires q join periods p on p.id = q.period_id
    where q.group_id = ${groupId} ${period ? sql`and p.name = ${period}` : sql``} order by p.seq desc limit 1`.execute(app.db);
  return rows.rows[0]!;
}

/** Events this service wrote to its outbox, oldest first. */
export async function outboxEvents(app: ServiceApp, type?: string): Promise<DomainEvent[]> {
  const rows = await sql<{
    payload: DomainEvent;
  }>`select payload from outbox ${type ? sql`where type = ${type}` : sql``} order by seq`.execute(app.db);
  return rows.rows.map((r) => r.payload);
}

export const q = (sectionId: number, index: number) => `${sectionId}.${index}`;
