import { randomUUID } from 'node:crypto';

import { RoleIds, type RoleName } from '@cti/access';
import type { EventActor, EventType, NewEvent } from '@cti/contracts';
import { sql } from '@cti/db';
import { appendToOutbox, type ServiceApp } from '@cti/service-kit';
import { eventually, signTestToken } from '@cti/testing';

/**
 * Publishes another service's event onto this context's stream (through the scoring
 * app's own outbox and relay), as identity, questionnaire or documents would.
 */
export async function publish<T extends EventType>(
  app: ServiceApp,
  type: T,
  data: NewEvent<T>['data'],
  actor: EventActor | null = null,
): Promise<void> {
  await app.inTransaction((trx) => appendToOutbox(trx, { type, actor, data } as NewEvent));
}

export const tokenFor = (roles: RoleName[], groups: string[] = [], extra: { free?: boolean } = {}) =>
  signTestToken({
    sub: `user-${roles.join('-') || 'none'}-${groups.join('-')}`,
    roles: roles.map((r) => RoleIds[r]),
    groups,
    isAdmin: roles.includes('Admin'),
    free: extra.free ?? roles.includes('FreeAccess'),
    name: roles.join(' '),
  });

export const adminToken = tokenFor(['Admin']);
export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export interface World {
  countries: Record<string, { groupId: string; name: string; code: string }>;
  periods: Array<{ periodId: string; name: string }>;
  /** questionnaire id per `${code}:${periodName}`. */
  questionnaires: Record<string, string>;
}

/** Countries, periods and one questionnaire per country and period, as the other services would announce them. */
export async function givenWorld(
  app: ServiceApp,
  countries: Array<[name: string, code: string]>,
  periodNames: string[],
  /** Runs while the period is the open one (scores are entered before the next opens). */
  duringPeriod?: (periodName: string, world: World) => Promise<void>,
): Promise<World> {
  const world: World = { countries: {}, periods: [], questionnaires: {} };
  for (const [name, code] of countries) {
    const groupId = randomUUID();
    world.countries[code] = { groupId, name, code };
    await publish(app, 'evt.identity.group.created', {
      groupId,
      name,
      type: 'Country',
      countryId: code,
      logoPath: `/flags/${code.toLowerCase()}.svg`,
    });
  }
  let day = 1;
  for (const name of periodNames) {
    const periodId = randomUUID();
    world.periods.push({ periodId, name });
    const opened = Object.values(world.countries).map((c) => ({ c, id: randomUUID() }));
    const closed = Object.entries(world.questionnaires).map(([, id]) => id);
    await publish(app, 'evt.questionnaire.period.opened', {
      periodId,
      name,
      createdAt: `2024-0${day++}-01T00:00:00.000Z`,
      closedQuestionnaireIds: closed,
      openedQuestionnaireIds: opened.map((o) => o.id),
    });
    for (const { c, id } of opened) {
      world.questionnaires[`${c.code}:${name}`] = id;
      await publish(app, 'evt.questionnaire.questionnaire.created', {
        questionnaireId: id,
        groupId: c.groupId,
        groupName: c.name,
        periodId,
        periodName: name,
      });
    }
    const expected = Object.keys(world.questionnaires).length;
    await eventually(async () => {
      const rows = await sql<{ n: number }>`select count(*)::int as n from questionnaires where status = 'Open'`.execute(app.db);
      const all = await sql<{ n: number }>`select count(*)::int as n from questionnaires`.execute(app.db);
      return all.rows[0].n === expected && rows.rows[0].n === opened.length;
    }, 20_000);
    if (duringPeriod) await duringPeriod(name, world);
  }
  return world;
}

export const inputs = (a: number, b = a, c = a, d = a, e = a, f = a) => ({ A: a, B: b, C: c, D: d, E: e, F: f });

export async function saveScores(app: ServiceApp, questionnaireId: string, body: Record<string, unknown>, token = adminToken) {
  return app.inject({ method: 'POST', url: '/api/questionnaire/save', headers: auth(token), payload: { Id: questionnaireId, ...body } });
}

export const get = (app: ServiceApp, url: string, token = adminToken, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { ...auth(token), ...headers } });

export async function outboxOf(app: ServiceApp, type: string) {
  const rows = await sql<{
    payload: { data: Record<string, unknown>; actor: unknown };
  }>`select payload from outbox where type = ${type} order by seq`.execute(app.db);
  return rows.rows.map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload));
}
