import { upsert, type Insertable } from '@cti/db';

import type { DocumentsExecutor, QuestionnairesTable } from '../db';

export const listCountries = (db: DocumentsExecutor) =>
  db.selectFrom('countries').select(['groupId', 'name', 'countryCode']).orderBy('name').execute();

export const findCountry = (db: DocumentsExecutor, groupId: string) =>
  db.selectFrom('countries').selectAll().where('groupId', '=', groupId).executeTakeFirst();

export const findQuestionnaire = (db: DocumentsExecutor, questionnaireId: string) =>
  db.selectFrom('questionnaires').selectAll().where('questionnaireId', '=', questionnaireId).executeTakeFirst();

export const findPeriod = (db: DocumentsExecutor, periodId: string) =>
  db.selectFrom('periods').selectAll().where('periodId', '=', periodId).executeTakeFirst();

export const upsertQuestionnaire = (db: DocumentsExecutor, row: Insertable<QuestionnairesTable>) =>
  upsert(db, 'questionnaires', row, ['questionnaireId'], row).execute();

/** Gives the annotations of a questionnaire its country and period. */
export const placeAnnotationsOfQuestionnaire = (db: DocumentsExecutor, q: { questionnaireId: string; groupId: string; periodId: string }) =>
  db
    .updateTable('documents')
    .set({ groupId: q.groupId, periodId: q.periodId })
    .where('questionnaireId', '=', q.questionnaireId)
    .where('kind', '=', 'annotation')
    .execute();
