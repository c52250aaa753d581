import { randomUUID } from 'node:crypto';

import { RoleIds } from '@cti/access';
import type { EventActor, EventType, NewEvent } from '@cti/contracts';
import { appendToOutbox, type ServiceApp } from '@cti/service-kit';

import { eventually } from './eventually';
import { signTestToken } from './keys';

/**
 * Publishes another service's event onto the app's stream (through the app's own outbox
 * and relay), as identity, questionnaire or documents would.
 */
export async function publish<T extends EventType>(
  app: Pick<ServiceApp, 'inTransaction'>,
  type: T,
  data: NewEvent<T>['data'],
  actor: EventActor | null = null,
): Promise<void> {
  await app.inTransaction((trx) => appendToOutbox(trx, { type, actor, data } as NewEvent));
}

export interface World {
  countries: Record<string, { groupId: string; name: string; code: string }>;
  periods: Array<{ periodId: string; name: string }>;
  /** questionnaire id per `${code}:${periodName}`. */
  questionnaires: Record<string, string>;
}

/** What the service under test has taken in once a period's announcements have reached it. */
export interface WorldSettled {
  /** every questionnaire announced so far */
  questionnaires: string[];
  /** the open period's questionnaires (the earlier periods' are closed) */
  open: string[];
}

/**
 * Countries, periods and one questionnaire per country and period, announced as identity
 * and questionnaire announce them. After each period it waits until `settled` says the
 * service under test has taken them in (each service knows how to tell), then runs
 * `duringPeriod` while that period is the open one (scores are entered before the next opens).
 */
export async function announceWorld(
  app: Pick<ServiceApp, 'inTransaction'>,
  countries: Array<[name: string, code: string]>,
  periodNames: string[],
  options: {
    settled(expected: WorldSettled): Promise<boolean>;
    duringPeriod?(periodName: string, world: World): Promise<void>;
    /** How long a period's announcements may take to settle (default 20 s; a benchmark's hundreds of countries take longer). */
    settleTimeoutMs?: number;
  },
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
    await publish(app, 'evt.questionnaire.period.opened', {
      periodId,
      name,
      // a month apart from January 2024: more than twelve periods run into the next years
      createdAt: new Date(Date.UTC(2024, day++ - 1, 1)).toISOString(),
      closedQuestionnaireIds: Object.values(world.questionnaires),
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
    const expected = { questionnaires: Object.values(world.questionnaires), open: opened.map((o) => o.id) };
    await eventually(() => options.settled(expected), options.settleTimeoutMs ?? 20_000);
    if (options.duringPeriod) await options.duringPeriod(name, world);
  }
  return world;
}

/** A questionnaire's six scoring inputs (A to F); the later ones default to the first. */
export const scoreInputs = (a: number, b = a, c = a, d = a, e = a, f = a) => ({ A: a, B: b, C: c, D: d, E: e, F: f });

/** An admin's token as the scoring tests sign it. */
export const scoringAdminToken = () =>
  signTestToken({ sub: 'user-Admin-', roles: [RoleIds.Admin], groups: [], isAdmin: true, free: false, name: 'Admin' });

/** `settled` for a scoring service seen from outside (by its callers): it answers an admin for each open questionnaire. */
export const scoringAnswersForOpen =
  (app: Pick<ServiceApp, 'inject'>) =>
  async ({ open }: WorldSettled): Promise<boolean> => {
    const headers = { authorization: `Bearer ${scoringAdminToken()}` };
    const answers = await Promise.all(open.map((id) => app.inject({ method: 'GET', url: `/api/group/index/scoring/${id}`, headers })));
    return answers.every((a) => a.statusCode === 200);
  };

/** POST api/questionnaire/save on the scoring service: an admin enters a questionnaire's scores. */
export function saveScores(
  app: Pick<ServiceApp, 'inject'>,
  questionnaireId: string,
  body: Record<string, unknown>,
  token = scoringAdminToken(),
) {
  return app.inject({
    method: 'POST',
    url: '/api/questionnaire/save',
    headers: { authorization: `Bearer ${token}` },
    payload: { Id: questionnaireId, ...body },
  });
}
