import { QuestionnaireAnswers, type EventActor } from '@cti/contracts';
import { sql } from '@cti/db';
import { appendToOutbox, Conflict, NotFound } from '@cti/service-kit';

import type { QuestionnaireExecutor, QuestionnaireApp } from '../db';
import { bankOf, CURRENT_BANK_VERSION } from '../question-bank';

import { atOf, currentPeriod, getQuestionnaire } from './repository';

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
): Promise<string> {
  const source = await trx
    .selectFrom('questionnaires as q')
    .innerJoin('periods as p', 'p.id', 'q.periodId')
    .select(['q.id'])
    .where('q.groupId', '=', input.groupId)
    .where('q.status', '=', 'Closed')
    .where('q.periodId', '!=', input.periodId)
    .orderBy('p.seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  const { id } = await trx
    .insertInto('questionnaires')
    .values({
      ...(input.id ? { id: input.id } : {}),
      groupId: input.groupId,
      periodId: input.periodId,
      status: 'Open',
      closedOn: null,
      bankVersion: CURRENT_BANK_VERSION,
      carriedFromId: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (source) {
    const questionIds = bankOf(CURRENT_BANK_VERSION)
      .all()
      .map((q) => q.id);
    const carried = await sql`
      insert into answers (questionnaire_id, question_id, value, baseline, updated_by)
      select ${id}, question_id, value, value, updated_by from answers
      where questionnaire_id = ${source.id} and value is not null and question_id = any(${questionIds})`.execute(trx);
    // a questionnaire that was never answered leaves nothing to carry forward or compare with
    if (Number(carried.numAffectedRows ?? 0) > 0)
      await trx.updateTable('questionnaires').set({ carriedFromId: source.id }).where('id', '=', id).execute();
  }
  const created = await getQuestionnaire(trx, id);
  await appendToOutbox(trx, { type: 'evt.questionnaire.questionnaire.created', actor, data: atOf(created) });
  return id;
}

/** POST api/questionnaire/addQuestionnaire/{countryId}: a questionnaire for a country lacking one in the current period. */
export async function addQuestionnaire(app: QuestionnaireApp, groupId: string, actor: EventActor | null): Promise<string> {
  return app.inTransaction(async (trx: QuestionnaireExecutor) => {
    const period = await currentPeriod(trx);
    if (!period) throw new Conflict(QuestionnaireAnswers.noCurrentPeriod);
    const country = await trx
      .selectFrom('countries')
      .select('groupId')
      .where('groupId', '=', groupId)
      .where('active', '=', true)
      .executeTakeFirst();
    if (!country) throw new NotFound('Country not found.');
    const existing = await trx
      .selectFrom('questionnaires')
      .select('id')
      .where('groupId', '=', groupId)
      .where('periodId', '=', period.id)
      .executeTakeFirst();
    if (existing) throw new Conflict(QuestionnaireAnswers.alreadyHasQuestionnaire);
    return createQuestionnaire(trx, { groupId, periodId: period.id }, actor);
  });
}
