import { canAnswerQuestionnaire, isAdminPrincipal, isRespondentOf } from '@cti/access';
import { QuestionnaireAnswers, type AccessClaims } from '@cti/contracts';
import { Forbidden, principalOf } from '@cti/service-kit';

import type { QuestionnaireExecutor } from '../db';

import { getQuestionnaire, getQuestionnaireForUpdate, type QuestionnaireRecord } from './repository';

export const isAdminClaims = (claims: AccessClaims) => isAdminPrincipal(principalOf(claims));
export const isRespondentClaims = (claims: AccessClaims, groupId: string) => isRespondentOf(principalOf(claims), groupId);

/** The questionnaire, if the caller may open it: admins, and respondents of its country. `forUpdate` also locks it. */
export async function questionnaireForUser(
  db: QuestionnaireExecutor,
  claims: AccessClaims,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<QuestionnaireRecord> {
  const q = options.forUpdate ? await getQuestionnaireForUpdate(db, id) : await getQuestionnaire(db, id);
  if (!canAnswerQuestionnaire(principalOf(claims), q.groupId)) throw new Forbidden(QuestionnaireAnswers.otherCountry);
  return q;
}

/** Actions on behalf of a user id in the path or body are only for that user. */
export function assertSelf(claims: AccessClaims, userId: string): void {
  if (claims.sub !== userId) throw new Forbidden(QuestionnaireAnswers.notYourUser);
}
