import type { AnswerModel } from '@cti/contracts';

import type { QuestionnaireExecutor } from '../db';

export interface StoredAnswer {
  questionId: string;
  value: AnswerModel;
  baseline: AnswerModel;
}

/** Every stored answer of a questionnaire (a few hundred at most). */
export async function answersOf(db: QuestionnaireExecutor, questionnaireId: string): Promise<Map<string, StoredAnswer>> {
  const rows = await db
    .selectFrom('answers')
    .select(['questionId', 'value', 'baseline'])
    .where('questionnaireId', '=', questionnaireId)
    .execute();
  return new Map(
    rows.map((r) => [
      r.questionId,
      { questionId: r.questionId, value: (r.value ?? null) as AnswerModel, baseline: (r.baseline ?? null) as AnswerModel },
    ]),
  );
}

export const valuesOf = (answers: Map<string, StoredAnswer>) => new Map<string, AnswerModel>([...answers].map(([id, a]) => [id, a.value]));
