import { randomUUID } from 'node:crypto';

import { QuestionnaireAnswers, QuestionnaireListMessages, type EventActor } from '@cti/contracts';
import { sql } from '@cti/db';
import { appendToOutbox, BadRequest, Conflict } from '@cti/service-kit';

import type { QuestionnaireExecutor, QuestionnaireApp } from '../db';
import { createQuestionnaire } from '../questionnaires/create-questionnaire';
import { activeCountries, atOf, getQuestionnaire } from '../questionnaires/repository';

export interface OpenedPeriod {
  periodId: string;
  closedQuestionnaireIds: string[];
  openedQuestionnaireIds: string[];
}

/**
 * A new reporting period: closes every open questionnaire and opens one for
 * every current country, each starting from its last closed answers. `createdAt`
 * lets demo data date its history; the current period is always the latest created.
 */
export async function openPeriod(
  app: QuestionnaireApp,
  rawName: string,
  actor: EventActor | null,
  options: { createdAt?: string } = {},
): Promise<OpenedPeriod> {
  const name = rawName.trim();
  if (!name) throw new BadRequest(QuestionnaireListMessages.periodNameRequired);
  if (name.length > 100) throw new BadRequest('The period name must be at most 100 characters.');
  return app.inTransaction(async (trx: QuestionnaireExecutor) => {
    // one period opening at a time, whichever replica takes it
    await sql`select pg_advisory_xact_lock(hashtext('questionnaire.open-period'))`.execute(trx);
    const exists = await trx
      .selectFrom('periods')
      .select('id')
      .where(sql`lower(name)`, '=', name.toLowerCase())
      .executeTakeFirst();
    if (exists) throw new Conflict(QuestionnaireAnswers.periodExists);
    const period = await trx
      .insertInto('periods')
      .values({ name, createdAt: options.createdAt ?? new Date().toISOString() })
      .returning(['id', 'createdAt'])
      .executeTakeFirstOrThrow();

    const closing = await trx.selectFrom('questionnaires').select('id').where('status', '=', 'Open').execute();
    const closedOn = new Date().toISOString();
    if (closing.length) {
      await trx
        .updateTable('questionnaires')
        .set({ status: 'Closed', closedOn })
        .where(
          'id',
          'in',
          closing.map((q) => q.id),
        )
        .execute();
      await trx
        .deleteFrom('sectionLocks')
        .where(
          'questionnaireId',
          'in',
          closing.map((q) => q.id),
        )
        .execute();
    }
    // ids chosen first so the period event, which comes first, can list them
    const countries = await activeCountries(trx);
    const opening = countries.map((c) => ({ groupId: c.groupId, id: randomUUID() }));
    const openedQuestionnaireIds = opening.map((q) => q.id);
    await appendToOutbox(trx, {
      type: 'evt.questionnaire.period.opened',
      actor,
      data: {
        periodId: period.id,
        name,
        createdAt: period.createdAt,
        closedQuestionnaireIds: closing.map((q) => q.id),
        openedQuestionnaireIds,
      },
    });
    for (const q of closing) {
      const record = await getQuestionnaire(trx, q.id);
      await appendToOutbox(trx, { type: 'evt.questionnaire.questionnaire.closed', actor, data: { ...atOf(record), closedOn } });
    }
    for (const q of opening) await createQuestionnaire(trx, { groupId: q.groupId, periodId: period.id, id: q.id }, actor);
    return { periodId: period.id, closedQuestionnaireIds: closing.map((q) => q.id), openedQuestionnaireIds };
  });
}
