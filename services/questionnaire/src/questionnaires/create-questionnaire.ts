import { QuestionnaireAnswers, type EventActor } from '@cti/contracts';
import { appendToOutbox, Conflict, NotFound, type DataAccess } from '@cti/service-kit';

import type { QuestionnaireDB, QuestionnaireExecutor } from '../db';
import { bankOf, CURRENT_BANK_VERSION } from '../question-bank';

import {
  atOf,
  carryAnswersForward,
  currentPeriod,
  findActiveCountry,
  findQuestionnaireOfPeriod,
  getQuestionnaire,
  insertQuestionnaire,
  lastClosedQuestionnaireOf,
} from './repository';

/**
 * Creates a country's questionnaire for a period. Carry-forward: it starts from the
 * answers of the country's last closed questionnaire (each kept as the baseline the
 * new answers are compared with), for the questions the current bank still has.
 * Records `evt.questionnaire.questionnaire.created` in the caller's transaction.
 */
export async function createQuestionnaire(
  trx: QuestionnaireExecutor,
  input: { groupId: string; periodId: string; id?: string },
  actor: EventActor | null,
  now: Date,
): Promise<string> {
  const source = await lastClosedQuestionnaireOf(trx, input.groupId, input.periodId);
  const id = await insertQuestionnaire(trx, { ...input, bankVersion: CURRENT_BANK_VERSION }, now);
  if (source) {
    const questionIds = bankOf(CURRENT_BANK_VERSION)
      .all()
      .map((q) => q.id);
    await carryAnswersForward(trx, id, source.id, questionIds, now);
  }
  const created = await getQuestionnaire(trx, id);
  await appendToOutbox(trx, { type: 'evt.questionnaire.questionnaire.created', actor, data: atOf(created) });
  return id;
}

/** POST api/questionnaire/addQuestionnaire/{countryId}: a questionnaire for a country lacking one in the current period. */
export async function addQuestionnaire(data: DataAccess<QuestionnaireDB>, groupId: string, actor: EventActor | null): Promise<string> {
  const now = data.clock.now();
  return data.inTransaction(async (trx) => {
    const period = await currentPeriod(trx);
    if (!period) throw new Conflict(QuestionnaireAnswers.noCurrentPeriod);
    if (!(await findActiveCountry(trx, groupId))) throw new NotFound('Country not found.');
    if (await findQuestionnaireOfPeriod(trx, groupId, period.id)) throw new Conflict(QuestionnaireAnswers.alreadyHasQuestionnaire);
    return createQuestionnaire(trx, { groupId, periodId: period.id }, actor, now);
  });
}
