import type { AccessClaims, QuestionnaireInfo } from '@cti/contracts';

import type { QuestionnaireExecutor } from '../db';
import { answeredSections, bankOf, hasIderaDeclaration, startedSections } from '../question-bank';
import { questionnaireForUser } from '../questionnaires/access';
import { listRow } from '../questionnaires/lists';
import { currentPeriod, findQuestionnaire } from '../questionnaires/repository';
import { resumePathsOf } from '../resume/repository';

import { answersOf, valuesOf } from './repository';

// What the questionnaire shell reads of the answers: the sections answered and started, the IDERA
// declaration. They read the answers this folder owns, so they live here, not in questionnaires/.

/** GET api/questionnaire/info/{id}: what the questionnaire shell shows. */
export async function questionnaireInfo(db: QuestionnaireExecutor, claims: AccessClaims, id: string): Promise<QuestionnaireInfo> {
  const q = await questionnaireForUser(db, claims, id);
  const source = q.carriedFromId ? await findQuestionnaire(db, q.carriedFromId) : undefined;
  const current = await currentPeriod(db);
  const resume = await resumePathsOf(db, claims.sub, [q.id]);
  const bank = bankOf(q.bankVersion);
  const values = valuesOf(await answersOf(db, q.id));
  return {
    ...listRow(q),
    CarriedFrom: source?.period ?? null,
    IsCurrent: current?.id === q.periodId,
    ReopenedOn: q.reopenedOn,
    ResumePath: resume.get(q.id) ?? null,
    AnsweredSections: [...answeredSections(bank, values)],
    StartedSections: [...startedSections(bank, values)],
  };
}

/** GET api/questionnaire/ideraDeclaration/{id}: whether the answers declare IDERA. */
export async function ideraDeclared(db: QuestionnaireExecutor, claims: AccessClaims, id: string): Promise<boolean> {
  const q = await questionnaireForUser(db, claims, id);
  return hasIderaDeclaration(valuesOf(await answersOf(db, q.id)));
}
