import { QuestionnaireAnswers, type AccessClaims, type ConsentAnswer, type ConsentBody, type ConsentRow } from '@cti/contracts';
import { appendToOutbox, Conflict, Forbidden, type DataAccess } from '@cti/service-kit';

import { actorFromClaims } from '../actor';
import type { QuestionnaireDB, QuestionnaireExecutor } from '../db';
import { assertSelf, isAdminClaims, isRespondentClaims, questionnaireForUser } from '../questionnaires/access';
import { atOf } from '../questionnaires/repository';

import { consentsOfQuestionnaire, findConsentAnswer, upsertConsent } from './repository';

/** POST api/consent: a respondent's Yes or No to participating, per questionnaire (changeable while open). */
export async function giveConsent(data: DataAccess<QuestionnaireDB>, claims: AccessClaims, body: ConsentBody): Promise<void> {
  assertSelf(claims, body.UserId);
  const now = data.clock.now();
  await data.inTransaction(async (trx) => {
    const q = await questionnaireForUser(trx, claims, body.QuestionnaireId);
    if (!isRespondentClaims(claims, q.groupId)) throw new Forbidden('Only country respondents give consent.');
    if (q.status !== 'Open') throw new Conflict(QuestionnaireAnswers.questionnaireClosed);
    await upsertConsent(
      trx,
      {
        questionnaireId: q.id,
        userId: claims.sub,
        answer: body.Answer,
        name: claims.name,
        organization: claims.organization ?? '',
        email: claims.email,
      },
      now,
    );
    await appendToOutbox(trx, {
      type: 'evt.questionnaire.consent.given',
      actor: actorFromClaims(claims),
      data: { ...atOf(q), userId: claims.sub, answer: body.Answer },
    });
  });
}

/** GET api/consent/{questionnaireId}: the admin's table of consents. */
export async function consentsOf(db: QuestionnaireExecutor, claims: AccessClaims, questionnaireId: string): Promise<ConsentRow[]> {
  const q = await questionnaireForUser(db, claims, questionnaireId);
  const rows = await consentsOfQuestionnaire(db, q.id);
  return rows.map((r) => ({ Answer: r.answer, Name: r.name, Organization: r.organization, Email: r.email }));
}

/** POST api/consent/answer: the user's own answer, or "No Answer". */
export async function consentAnswer(
  db: QuestionnaireExecutor,
  claims: AccessClaims,
  questionnaireId: string,
  userId: string,
): Promise<ConsentAnswer> {
  if (!isAdminClaims(claims)) assertSelf(claims, userId);
  const q = await questionnaireForUser(db, claims, questionnaireId);
  const row = await findConsentAnswer(db, q.id, userId);
  return { Answer: row?.answer ?? 'No Answer' };
}
