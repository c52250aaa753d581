import { enoughApprovals, isAdminPrincipal } from '@cti/access';
import { stepOfSection, type AccessClaims, type AnswerModel, type QuestionnaireProgress } from '@cti/contracts';
import { sql } from '@cti/db';
import { principalOf } from '@cti/service-kit';

import type { QuestionnaireApp } from '../db';
import { answeredSections, bankOf } from '../question-bank';
import { selectQuestionnaires } from '../questionnaires/repository';
import { resumePathsOf } from '../resume/repository';

/**
 * GET api/questionnaire/progress: the caller's open questionnaires (every open one for
 * admins) with where each stands: sections answered, approvals of the current answers,
 * who holds a section now, and the page the caller last worked on.
 */
export async function questionnaireProgress(app: QuestionnaireApp, claims: AccessClaims): Promise<QuestionnaireProgress[]> {
  const db = app.db;
  const principal = principalOf(claims);
  let query = selectQuestionnaires(db).where('q.status', '=', 'Open');
  if (!isAdminPrincipal(principal)) {
    if (!principal.groups.length) return [];
    query = query.where('q.groupId', 'in', [...principal.groups]);
  }
  const questionnaires = await query.orderBy('p.seq', 'desc').orderBy('country').execute();
  if (!questionnaires.length) return [];
  const ids = questionnaires.map((q) => q.id);

  const [answers, approvals, locks, resume] = await Promise.all([
    db.selectFrom('answers').select(['questionnaireId', 'questionId', 'value']).where('questionnaireId', 'in', ids).execute(),
    db
      .selectFrom('approvals as a')
      .innerJoin('questionnaires as q', (join) =>
        join.onRef('q.id', '=', 'a.questionnaireId').onRef('q.answersRevision', '=', 'a.answersRevision'),
      )
      .select(['a.questionnaireId', 'a.userId', 'a.name', 'a.organizationName', 'a.stamp'])
      .where('a.questionnaireId', 'in', ids)
      .orderBy('a.stamp')
      .execute(),
    db
      .selectFrom('sectionLocks')
      .select(['questionnaireId', 'sectionId', 'userName'])
      .where('questionnaireId', 'in', ids)
      .where('expiresAt', '>', sql<string>`now()`)
      .orderBy('sectionId')
      .execute(),
    resumePathsOf(db, claims.sub, ids),
  ]);

  const answersOf = groupBy(answers, (a) => a.questionnaireId);
  const approvalsOf = groupBy(approvals, (a) => a.questionnaireId);
  const locksOf = groupBy(locks, (l) => l.questionnaireId);
  return questionnaires.map((q) => {
    const bank = bankOf(q.bankVersion);
    const values = new Map<string, AnswerModel>((answersOf.get(q.id) ?? []).map((a) => [a.questionId, (a.value ?? null) as AnswerModel]));
    const approved = approvalsOf.get(q.id) ?? [];
    return {
      QuestionnaireId: q.id,
      GroupId: q.groupId,
      Country: q.country,
      Period: q.period,
      LastUpdated: q.lastUpdated,
      SectionsAnswered: answeredSections(bank, values).size,
      SectionsTotal: bank.sections.length,
      Approvals: approved.map((a) => ({ Name: a.name, OrganizationName: a.organizationName, Stamp: a.stamp })),
      ReadyForFinalization: enoughApprovals(approved),
      ReopenedOn: q.reopenedOn,
      Locks: (locksOf.get(q.id) ?? []).flatMap((l) => {
        const step = stepOfSection(l.sectionId);
        return step ? [{ Path: step.path, Label: step.label, Name: l.userName }] : [];
      }),
      ResumePath: resume.get(q.id) ?? null,
    };
  });
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}
