import { isAdminPrincipal } from '@cti/access';
import type {
  AccessClaims,
  AdminQuestionnaireRow,
  EventActor,
  NeedQuestionnaireRow,
  QuestionnaireInfo,
  QuestionnaireListRow,
  QuestionnaireReportFilter,
  QuestionnaireStatus,
} from '@cti/contracts';
import { appendToOutbox, principalOf, type DataAccess } from '@cti/service-kit';

import { closeQuestionnaire } from '../approvals/approvals';
import type { QuestionnaireDB, QuestionnaireExecutor } from '../db';
import { answeredSections, bankOf, hasIderaDeclaration, startedSections } from '../question-bank';
import { resumePathsOf } from '../resume/repository';
import { answersOf, valuesOf } from '../sections/repository';

import { questionnaireForUser } from './access';
import {
  atOf,
  countriesWithoutQuestionnaire,
  currentPeriod,
  findQuestionnaire,
  getQuestionnaire,
  lockQuestionnaire,
  markReopened,
  questionnairesInStatus,
  reportQuestionnaires,
  type QuestionnaireRecord,
} from './repository';

const listRow = (q: QuestionnaireRecord): QuestionnaireListRow => ({
  QuestionnaireId: q.id,
  GroupId: q.groupId,
  PeriodId: q.periodId,
  Country: q.country,
  Period: q.period,
  Status: q.status,
  ClosedOn: q.closedOn,
  LastUpdated: q.lastUpdated,
});

/** GET api/questionnaire/open and /completed: the caller's countries' questionnaires (every country for admins). */
export async function questionnairesByStatus(
  db: QuestionnaireExecutor,
  claims: AccessClaims,
  status: QuestionnaireStatus,
): Promise<QuestionnaireListRow[]> {
  const principal = principalOf(claims);
  const admin = isAdminPrincipal(principal);
  if (!admin && !principal.groups.length) return [];
  const rows = await questionnairesInStatus(db, status, admin ? undefined : principal.groups);
  return rows.map(listRow);
}

/** POST api/questionnaire/report: the admin list; filters of one key widen, different keys narrow. */
export async function questionnaireReport(
  db: QuestionnaireExecutor,
  filters: QuestionnaireReportFilter[],
): Promise<AdminQuestionnaireRow[]> {
  const valuesOfKey = (key: QuestionnaireReportFilter['Key']) =>
    filters.filter((f) => f.Key === key).map((f) => f.Value.trim().toLowerCase());
  const rows = await reportQuestionnaires(db, {
    entities: valuesOfKey('Entity'),
    periods: valuesOfKey('Period'),
    statuses: valuesOfKey('Status'),
  });
  return rows.map((q) => ({
    QuestionnaireId: q.id,
    GroupId: q.groupId,
    PeriodId: q.periodId,
    Entity: q.country,
    Period: q.period,
    Status: q.status,
    ClosedOn: q.closedOn,
    LastUpdated: q.lastUpdated,
  }));
}

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

/** GET api/questionnaire/needQuestionnaire: current countries without a questionnaire in the current period. */
export async function countriesNeedingQuestionnaire(db: QuestionnaireExecutor): Promise<NeedQuestionnaireRow[]> {
  const period = await currentPeriod(db);
  const rows = await countriesWithoutQuestionnaire(db, period?.id);
  return rows.map((r) => ({ Id: r.groupId, Name: r.name }));
}

/** POST api/questionnaire/closeOrOpen: the admin's Open/Closed selector (reopening withdraws the approvals). */
export async function closeOrOpen(
  data: DataAccess<QuestionnaireDB>,
  questionnaireId: string,
  status: QuestionnaireStatus,
  actor: EventActor | null,
): Promise<void> {
  const now = data.clock.now();
  await data.inTransaction(async (trx) => {
    await getQuestionnaire(trx, questionnaireId);
    await lockQuestionnaire(trx, questionnaireId);
    const q = await getQuestionnaire(trx, questionnaireId);
    if (q.status === status) return;
    if (status === 'Closed') {
      await closeQuestionnaire(trx, q, actor, now);
      return;
    }
    // Reopening starts a new approval round: the revision moves on, so the approvals that
    // closed it no longer count and two firms must approve again before it can be final.
    await markReopened(trx, q.id, now);
    await appendToOutbox(trx, { type: 'evt.questionnaire.questionnaire.opened', actor, data: atOf(q) });
  });
}
