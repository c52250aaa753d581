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
import { sql } from '@cti/db';
import { appendToOutbox, principalOf } from '@cti/service-kit';

import { closeQuestionnaire } from '../approvals/approvals';
import type { QuestionnaireExecutor, QuestionnaireApp } from '../db';
import { resumePathsOf } from '../resume/repository';

import { questionnaireForUser } from './access';
import {
  atOf,
  currentPeriod,
  findQuestionnaire,
  getQuestionnaire,
  lockQuestionnaire,
  selectQuestionnaires,
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
  app: QuestionnaireApp,
  claims: AccessClaims,
  status: QuestionnaireStatus,
): Promise<QuestionnaireListRow[]> {
  const principal = principalOf(claims);
  let query = selectQuestionnaires(app.db).where('q.status', '=', status);
  if (!isAdminPrincipal(principal)) {
    if (!principal.groups.length) return [];
    query = query.where('q.groupId', 'in', [...principal.groups]);
  }
  const rows = await query.orderBy('p.seq', 'desc').orderBy('country').execute();
  return rows.map(listRow);
}

/** POST api/questionnaire/report: the admin list; filters of one key widen, different keys narrow. */
export async function questionnaireReport(app: QuestionnaireApp, filters: QuestionnaireReportFilter[]): Promise<AdminQuestionnaireRow[]> {
  let query = selectQuestionnaires(app.db);
  const valuesOf = (key: QuestionnaireReportFilter['Key']) => filters.filter((f) => f.Key === key).map((f) => f.Value.trim().toLowerCase());
  const entities = valuesOf('Entity');
  const periods = valuesOf('Period');
  const statuses = valuesOf('Status');
  if (entities.length) query = query.where(sql<string>`lower(coalesce(c.name, q.group_id))`, 'in', entities);
  if (periods.length) query = query.where(sql<string>`lower(p.name)`, 'in', periods);
  if (statuses.length) query = query.where(sql<string>`lower(q.status)`, 'in', statuses);
  const rows = await query.orderBy('p.seq', 'desc').orderBy('country').execute();
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
export async function questionnaireInfo(app: QuestionnaireApp, claims: AccessClaims, id: string): Promise<QuestionnaireInfo> {
  const db = app.db;
  const q = await questionnaireForUser(db, claims, id);
  const source = q.carriedFromId ? await findQuestionnaire(db, q.carriedFromId) : undefined;
  const current = await currentPeriod(db);
  const resume = await resumePathsOf(db, claims.sub, [q.id]);
  return {
    ...listRow(q),
    CarriedFrom: source?.period ?? null,
    IsCurrent: current?.id === q.periodId,
    ReopenedOn: q.reopenedOn,
    ResumePath: resume.get(q.id) ?? null,
  };
}

/** GET api/questionnaire/needQuestionnaire: current countries without a questionnaire in the current period. */
export async function countriesNeedingQuestionnaire(app: QuestionnaireApp): Promise<NeedQuestionnaireRow[]> {
  const db = app.db;
  const period = await currentPeriod(db);
  let query = db.selectFrom('countries as c').select(['c.groupId', 'c.name']).where('c.active', '=', true);
  if (period) {
    query = query.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('questionnaires as q').select('q.id').whereRef('q.groupId', '=', 'c.groupId').where('q.periodId', '=', period.id),
        ),
      ),
    );
  }
  const rows = await query.orderBy('c.name').execute();
  return rows.map((r) => ({ Id: r.groupId, Name: r.name }));
}

/** POST api/questionnaire/closeOrOpen: the admin's Open/Closed selector (reopening withdraws the approvals). */
export async function closeOrOpen(
  app: QuestionnaireApp,
  questionnaireId: string,
  status: QuestionnaireStatus,
  actor: EventActor | null,
): Promise<void> {
  await app.inTransaction(async (trx: QuestionnaireExecutor) => {
    await getQuestionnaire(trx, questionnaireId);
    await lockQuestionnaire(trx, questionnaireId);
    const q = await getQuestionnaire(trx, questionnaireId);
    if (q.status === status) return;
    if (status === 'Closed') {
      await closeQuestionnaire(trx, q, actor);
      return;
    }
    // Reopening starts a new approval round: the revision moves on, so the approvals that
    // closed it no longer count and two firms must approve again before it can be final.
    await trx
      .updateTable('questionnaires')
      .set({
        status: 'Open',
        closedOn: null,
        reopenedOn: sql<string>`now()`,
        answersRevision: sql<number>`answers_revision + 1`,
        lastUpdated: sql<string>`now()`,
      })
      .where('id', '=', q.id)
      .execute();
    await appendToOutbox(trx, { type: 'evt.questionnaire.questionnaire.opened', actor, data: atOf(q) });
  });
}
