import type { DomainEvent } from '@cti/contracts';
import type { Transaction } from '@cti/db';
import { projectCountryGroup, projectPeriod } from '@cti/events';

import type { DocumentsDB, DocumentsExecutor } from '../db';

/**
 * Local projections this service reads instead of other schemas: country groups (identity),
 * questionnaires and periods (questionnaire). Upserts, so replays change nothing.
 */
export async function projectEvent(event: DomainEvent, trx: Transaction<DocumentsDB>): Promise<void> {
  switch (event.type) {
    case 'evt.identity.group.created':
    case 'evt.identity.group.updated':
      await projectCountryGroup(trx, event, { table: 'countries', row: (g) => ({ name: g.name, countryCode: g.countryId }) });
      return;
    case 'evt.questionnaire.period.opened':
      await projectPeriod(trx, event, {
        table: 'periods',
        row: (p) => ({ name: p.name, createdAt: p.createdAt }),
        update: (p) => ({ name: p.name }),
      });
      return;
    case 'evt.questionnaire.questionnaire.created':
    case 'evt.questionnaire.questionnaire.opened':
    case 'evt.questionnaire.questionnaire.closed': {
      const q = event.data;
      const row = {
        questionnaireId: q.questionnaireId,
        groupId: q.groupId,
        groupName: q.groupName,
        periodId: q.periodId,
        periodName: q.periodName,
      };
      await trx
        .insertInto('questionnaires')
        .values(row)
        .onConflict((oc) => oc.column('questionnaireId').doUpdateSet(row))
        .execute();
      // annotations attached before this questionnaire was known get their country and period now
      await trx
        .updateTable('documents')
        .set({ groupId: q.groupId, periodId: q.periodId })
        .where('questionnaireId', '=', q.questionnaireId)
        .where('kind', '=', 'annotation')
        .execute();
      return;
    }
    default:
      return;
  }
}

export const listCountries = (db: DocumentsExecutor) =>
  db.selectFrom('countries').select(['groupId', 'name', 'countryCode']).orderBy('name').execute();

export const findCountry = (db: DocumentsExecutor, groupId: string) =>
  db.selectFrom('countries').selectAll().where('groupId', '=', groupId).executeTakeFirst();

export const findQuestionnaire = (db: DocumentsExecutor, questionnaireId: string) =>
  db.selectFrom('questionnaires').selectAll().where('questionnaireId', '=', questionnaireId).executeTakeFirst();

export const findPeriod = (db: DocumentsExecutor, periodId: string) =>
  db.selectFrom('periods').selectAll().where('periodId', '=', periodId).executeTakeFirst();
