import { stepOfSection } from '@cti/contracts';
import { upsert } from '@cti/db';

import type { QuestionnaireExecutor } from '../db';

/**
 * Where a user last worked in a questionnaire: the section they last opened (or saved),
 * so opening the questionnaire again can resume there instead of at the first page.
 */
export async function rememberSection(
  trx: QuestionnaireExecutor,
  questionnaireId: string,
  userId: string,
  sectionId: number,
  now: Date,
): Promise<void> {
  const updatedAt = now.toISOString();
  await upsert(trx, 'resumePoints', { questionnaireId, userId, sectionId, updatedAt }, ['questionnaireId', 'userId'], {
    sectionId,
    updatedAt,
  }).execute();
}

/** The questionnaire page (path below /questionnaire/) to resume at, per questionnaire, for one user. */
export async function resumePathsOf(db: QuestionnaireExecutor, userId: string, questionnaireIds: string[]): Promise<Map<string, string>> {
  if (!questionnaireIds.length) return new Map();
  const rows = await db
    .selectFrom('resumePoints')
    .select(['questionnaireId', 'sectionId'])
    .where('userId', '=', userId)
    .where('questionnaireId', 'in', questionnaireIds)
    .execute();
  const paths = new Map<string, string>();
  for (const row of rows) {
    const step = stepOfSection(row.sectionId);
    if (step) paths.set(row.questionnaireId, step.path);
  }
  return paths;
}
