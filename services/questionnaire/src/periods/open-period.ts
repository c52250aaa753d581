import { randomUUID } from 'node:crypto';

import { QuestionnaireAnswers, QuestionnaireListMessages, type EventActor } from '@cti/contracts';
import { appendToOutbox, BadRequest, Conflict, type DataAccess } from '@cti/service-kit';

import type { QuestionnaireDB } from '../db';
import { deleteLocksOfQuestionnaires } from '../locks/repository';
import { createQuestionnaire } from '../questionnaires/create-questionnaire';
import { activeCountries, atOf, getQuestionnaire, markClosed, openQuestionnaireIds } from '../questionnaires/repository';

import { insertPeriod, lockPeriodOpening, periodNameTaken } from './repository';

export interface OpenedPeriod {
  periodId: string;
  closedQuestionnaireIds: string[];
  openedQuestionnaireIds: string[];
}

/**
 * A new reporting period: closes every open questionnaire and opens one for
 * every current country, each starting from its last closed answers. The period is
 * created and the questionnaires closed at the clock's time; `createdAt` lets demo data
 * date its history. The current period is always the latest created.
 */
export async function openPeriod(
  data: DataAccess<QuestionnaireDB>,
  rawName: string,
  actor: EventActor | null,
  options: { createdAt?: string } = {},
): Promise<OpenedPeriod> {
  const name = rawName.trim();
  if (!name) throw new BadRequest(QuestionnaireListMessages.periodNameRequired);
  if (name.length > 100) throw new BadRequest('The period name must be at most 100 characters.');
  const now = data.clock.now();
  return data.inTransaction(async (trx) => {
    await lockPeriodOpening(trx);
    if (await periodNameTaken(trx, name)) throw new Conflict(QuestionnaireAnswers.periodExists);
    const period = await insertPeriod(trx, name, options.createdAt ?? now.toISOString());

    const closedQuestionnaireIds = await openQuestionnaireIds(trx);
    const closedOn = now.toISOString();
    await markClosed(trx, closedQuestionnaireIds, closedOn);
    await deleteLocksOfQuestionnaires(trx, closedQuestionnaireIds);
    // ids chosen first so the period event, which comes first, can list them
    const countries = await activeCountries(trx);
    const opening = countries.map((c) => ({ groupId: c.groupId, id: randomUUID() }));
    const openedQuestionnaireIds = opening.map((q) => q.id);
    await appendToOutbox(trx, {
      type: 'evt.questionnaire.period.opened',
      actor,
      data: { periodId: period.id, name, createdAt: period.createdAt, closedQuestionnaireIds, openedQuestionnaireIds },
    });
    for (const id of closedQuestionnaireIds) {
      const record = await getQuestionnaire(trx, id);
      await appendToOutbox(trx, { type: 'evt.questionnaire.questionnaire.closed', actor, data: { ...atOf(record), closedOn } });
    }
    for (const q of opening) await createQuestionnaire(trx, { groupId: q.groupId, periodId: period.id, id: q.id }, actor, now);
    return { periodId: period.id, closedQuestionnaireIds, openedQuestionnaireIds };
  });
}
