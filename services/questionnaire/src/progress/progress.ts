import { enoughApprovals, isAdminPrincipal } from '@cti/access';
import { stepOfSection, type AccessClaims, type AnswerModel, type QuestionnaireProgress } from '@cti/contracts';
import { principalOf, type DataAccess } from '@cti/service-kit';

import type { QuestionnaireDB } from '../db';
import { answeredSections, bankOf } from '../question-bank';
import { questionnairesInStatus } from '../questionnaires/repository';
import { resumePathsOf } from '../resume/repository';

import { answersOfQuestionnaires, currentApprovalsOfQuestionnaires, validLocksOfQuestionnaires } from './repository';

/**
 * GET api/questionnaire/progress: the caller's open questionnaires (every open one for
 * admins) with where each stands: sections answered, approvals of the current answers,
 * who holds a section now (by the clock), and the page the caller last worked on.
 */
export async function questionnaireProgress(
  data: Pick<DataAccess<QuestionnaireDB>, 'db' | 'clock'>,
  claims: AccessClaims,
): Promise<QuestionnaireProgress[]> {
  const db = data.db;
  const now = data.clock.now();
  const principal = principalOf(claims);
  const admin = isAdminPrincipal(principal);
  if (!admin && !principal.groups.length) return [];
  const questionnaires = await questionnairesInStatus(db, 'Open', admin ? undefined : principal.groups);
  if (!questionnaires.length) return [];
  const ids = questionnaires.map((q) => q.id);

  const [answers, approvals, locks, resume] = await Promise.all([
    answersOfQuestionnaires(db, ids),
    currentApprovalsOfQuestionnaires(db, ids),
    validLocksOfQuestionnaires(db, ids, now),
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
