import type { AnswerModel } from '@cti/contracts';
import { sql, timestampAt, upsert } from '@cti/db';

import type { QuestionnaireExecutor } from '../db';

export interface AnswerRow {
  questionId: string;
  value: AnswerModel;
  baseline: AnswerModel;
  /** Name of who saved it last, and when. */
  updatedBy: string | null;
  updatedAt: string;
}

/** Every stored answer of a questionnaire (a few hundred at most). */
export async function answersOf(db: QuestionnaireExecutor, questionnaireId: string): Promise<Map<string, AnswerRow>> {
  const rows = await db
    .selectFrom('answers')
    .select(['questionId', 'value', 'baseline', 'updatedBy', 'updatedAt'])
    .where('questionnaireId', '=', questionnaireId)
    .execute();
  return new Map(
    rows.map((r) => [
      r.questionId,
      {
        questionId: r.questionId,
        value: (r.value ?? null) as AnswerModel,
        baseline: (r.baseline ?? null) as AnswerModel,
        updatedBy: r.updatedBy,
        updatedAt: r.updatedAt,
      },
    ]),
  );
}

export const valuesOf = (answers: Map<string, AnswerRow>) => new Map<string, AnswerModel>([...answers].map(([id, a]) => [id, a.value]));

/** Stores one answer of a save (a new answer has no carried-forward baseline). */
export async function upsertAnswer(
  trx: QuestionnaireExecutor,
  answer: { questionnaireId: string; questionId: string; value: AnswerModel; updatedBy: string },
  now: Date,
): Promise<void> {
  const value = answer.value === null ? null : JSON.stringify(answer.value);
  const updatedAt = now.toISOString();
  await upsert(
    trx,
    'answers',
    {
      questionnaireId: answer.questionnaireId,
      questionId: answer.questionId,
      value,
      baseline: null,
      updatedBy: answer.updatedBy,
      updatedAt,
    },
    ['questionnaireId', 'questionId'],
    { value, updatedAt, updatedBy: answer.updatedBy },
  ).execute();
}

/**
 * After answers changed: the revision moves on (earlier approvals stop counting), the
 * questionnaire is stamped as updated and the changed sections lose their "unchanged" confirmation.
 */
export async function markAnswersChanged(trx: QuestionnaireExecutor, questionnaireId: string, changedSections: number[], now: Date) {
  await sql`
    with unconfirmed as (delete from section_confirmations where questionnaire_id = ${questionnaireId} and section_id = any(${changedSections}::int[]))
    update questionnaires set answers_revision = answers_revision + 1, last_updated = ${timestampAt(now)} where id = ${questionnaireId}`.execute(
    trx,
  );
}

/** Who confirmed a section unchanged, and when. */
export const findConfirmation = (db: QuestionnaireExecutor, questionnaireId: string, sectionId: number) =>
  db
    .selectFrom('sectionConfirmations')
    .select(['name', 'confirmedAt'])
    .where('questionnaireId', '=', questionnaireId)
    .where('sectionId', '=', sectionId)
    .executeTakeFirst();

/** Records (or renews) a section's "unchanged" confirmation. */
export async function upsertConfirmation(
  trx: QuestionnaireExecutor,
  confirmation: { questionnaireId: string; sectionId: number; userId: string; name: string },
  now: Date,
): Promise<void> {
  const confirmedAt = now.toISOString();
  await upsert(trx, 'sectionConfirmations', { ...confirmation, confirmedAt }, ['questionnaireId', 'sectionId'], {
    userId: confirmation.userId,
    name: confirmation.name,
    confirmedAt,
  }).execute();
}

/** A section's answers version, who saved it last and when (version 0, nobody, before the first save). */
export interface SectionVersionRecord {
  sectionId: number;
  version: number;
  savedBy: string | null;
  savedAt: string | null;
}

/** The versions of a questionnaire's sections that were ever saved. */
export async function sectionVersionsOf(db: QuestionnaireExecutor, questionnaireId: string): Promise<Map<number, SectionVersionRecord>> {
  const rows = await db
    .selectFrom('sectionVersions')
    .select(['sectionId', 'version', 'savedBy', 'savedAt'])
    .where('questionnaireId', '=', questionnaireId)
    .execute();
  return new Map(rows.map((r) => [r.sectionId, r]));
}

/** Moves a section's version on by one after its answers changed, answering the new version. */
export async function bumpSectionVersion(
  trx: QuestionnaireExecutor,
  section: { questionnaireId: string; sectionId: number; savedBy: string },
  now: Date,
): Promise<number> {
  const savedAt = now.toISOString();
  const row = await trx
    .insertInto('sectionVersions')
    .values({ ...section, version: 1, savedAt })
    .onConflict((oc) =>
      oc.columns(['questionnaireId', 'sectionId']).doUpdateSet((eb) => ({
        version: eb('sectionVersions.version', '+', 1),
        savedAt,
        savedBy: section.savedBy,
      })),
    )
    .returning('version')
    .executeTakeFirstOrThrow();
  return row.version;
}
