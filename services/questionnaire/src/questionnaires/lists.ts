import { isAdminPrincipal } from '@cti/access';
import type {
  AccessClaims,
  AdminQuestionnaireRow,
  NeedQuestionnaireRow,
  QuestionnaireListRow,
  QuestionnaireReportFilter,
  QuestionnaireStatus,
} from '@cti/contracts';
import { principalOf } from '@cti/service-kit';

import type { QuestionnaireExecutor } from '../db';

import {
  countriesWithoutQuestionnaire,
  currentPeriod,
  questionnairesInStatus,
  reportQuestionnaires,
  type QuestionnaireRecord,
} from './repository';

/** A questionnaire as the lists show it (the shell's info starts from it too). */
export const listRow = (q: QuestionnaireRecord): QuestionnaireListRow => ({
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

/** GET api/questionnaire/needQuestionnaire: current countries without a questionnaire in the current period. */
export async function countriesNeedingQuestionnaire(db: QuestionnaireExecutor): Promise<NeedQuestionnaireRow[]> {
  const period = await currentPeriod(db);
  const rows = await countriesWithoutQuestionnaire(db, period?.id);
  return rows.map((r) => ({ Id: r.groupId, Name: r.name }));
}
