import { QuestionnaireAnswers, type AccessClaims, type ConsentAnswer, type ConsentBody, type ConsentRow } from '@cti/contracts';
import { appendToOutbox, Conflict, Forbidden } from '@cti/service-kit';

import { actorFromClaims } from '../actor';
import type { QuestionnaireExecutor, QuestionnaireApp } from '../db';
import { assertSelf, isAdminClaims, isRespondentClaims, questionnaireForUser } from '../questionnaires/access';
import { atOf } from '../questionnaires/repository';

/** POST api/consent: a respondent's Yes or No to participating, per questionnaire (changeable while open). */
export async function giveConsent(app: QuestionnaireApp, claims: AccessClaims, body: ConsentBody): Promise<void> {
  assertSelf(claims, body.UserId);
  await app.inTransaction(async (trx: QuestionnaireExecutor) => {
    const q = await questionnaireForUser(trx, claims, body.QuestionnaireId);
    if (!isRespondentClaims(claims, q.groupId)) throw new Forbidden('Only country respondents give consent.');
    if (q.status !== 'Open') throw new Conflict(QuestionnaireAnswers.questionnaireClosed);
    const row = { answer: body.Answer, name: claims.name, organization: claims.organization ?? '', email: claims.email };
    await trx
      .insertInto('consents')
      .values({ questionnaireId: q.id, userId: claims.sub, ...row })
      .onConflict((oc) => oc.columns(['questionnaireId', 'userId']).doUpdateSet({ ...row, updatedAt: new Date().toISOString() }))
      .execute();
    await appendToOutbox(trx, {
      type: 'evt.questionnaire.consent.given',
      actor: actorFromClaims(claims),
      data: { ...atOf(q), userId: claims.sub, answer: body.Answer },
    });
  });
}

/** GET api/consent/{questionnaireId}: the admin's table of consents. */
export async function consentsOf(app: QuestionnaireApp, claims: AccessClaims, questionnaireId: string): Promise<ConsentRow[]> {
  const db = app.db;
  const q = await questionnaireForUser(db, claims, questionnaireId);
  const rows = await db.selectFrom('consents').selectAll().where('questionnaireId', '=', q.id).orderBy('name').execute();
  return rows.map((r) => ({ Answer: r.answer, Name: r.name, Organization: r.organization, Email: r.email }));
}

/** POST api/consent/answer: the user's own answer, or "No Answer". */
export async function consentAnswer(
  app: QuestionnaireApp,
  claims: AccessClaims,
  questionnaireId: string,
  userId: string,
): Promise<ConsentAnswer> {
  if (!isAdminClaims(claims)) assertSelf(claims, userId);
  const db = app.db;
  const q = await questionnaireForUser(db, claims, questionnaireId);
  const row = await db
    .selectFrom('consents')
    .select('answer')
    .where('questionnaireId', '=', q.id)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return { Answer: row?.answer ?? 'No Answer' };
}
