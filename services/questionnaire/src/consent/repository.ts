import { upsert } from '@cti/db';

import type { QuestionnaireExecutor } from '../db';

/** Records (or changes) a respondent's consent, as of `now`. */
export async function upsertConsent(
  trx: QuestionnaireExecutor,
  consent: { questionnaireId: string; userId: string; answer: 'Yes' | 'No'; name: string; organization: string; email: string },
  now: Date,
): Promise<void> {
  const { questionnaireId, userId, ...row } = consent;
  const updatedAt = now.toISOString();
  await upsert(trx, 'consents', { ...consent, updatedAt }, ['questionnaireId', 'userId'], { ...row, updatedAt }).execute();
}

/** Every consent given for a questionnaire, by name. */
export const consentsOfQuestionnaire = (db: QuestionnaireExecutor, questionnaireId: string) =>
  db.selectFrom('consents').selectAll().where('questionnaireId', '=', questionnaireId).orderBy('name').execute();

/** One user's consent answer for a questionnaire, if given. */
export const findConsentAnswer = (db: QuestionnaireExecutor, questionnaireId: string, userId: string) =>
  db.selectFrom('consents').select('answer').where('questionnaireId', '=', questionnaireId).where('userId', '=', userId).executeTakeFirst();
