import { sql, upsert, type Insertable } from '@cti/db';

import type { ComplianceScoresTable, EnforceabilityScoresTable, ScoringExecutor } from '../db';

export const findComplianceScores = (db: ScoringExecutor, questionnaireId: string) =>
  db.selectFrom('complianceScores').selectAll().where('questionnaireId', '=', questionnaireId).executeTakeFirst();

export const findEnforceabilityScores = (db: ScoringExecutor, groupId: string, periodId: string) =>
  db.selectFrom('enforceabilityScores').selectAll().where('groupId', '=', groupId).where('periodId', '=', periodId).executeTakeFirst();

export async function upsertComplianceScores(db: ScoringExecutor, row: Insertable<ComplianceScoresTable>): Promise<void> {
  const { questionnaireId: _id, ...changes } = row;
  await upsert(db, 'complianceScores', row, ['questionnaireId'], { ...changes, updatedAt: sql`now()` }).execute();
}

export async function upsertEnforceabilityScores(db: ScoringExecutor, row: Insertable<EnforceabilityScoresTable>): Promise<void> {
  const { groupId: _g, periodId: _p, ...changes } = row;
  await upsert(db, 'enforceabilityScores', row, ['groupId', 'periodId'], { ...changes, updatedAt: sql`now()` }).execute();
}

/**
 * A country's compliance scores of its latest scored period, in the order the read models use
 * (periods by creation, then name), with the period's name; undefined before its first score.
 */
export const findLatestComplianceScores = (db: ScoringExecutor, groupId: string) =>
  db
    .selectFrom('complianceScores as s')
    .innerJoin('periods as p', 'p.periodId', 's.periodId')
    .select([
      's.periodId',
      'p.name as periodName',
      's.a',
      's.b',
      's.c',
      's.d',
      's.e',
      's.f',
      's.isPba',
      's.pba',
      's.score',
      's.category',
      's.watchlist',
      's.isSpecialNotice',
      's.notice',
      's.suspended',
      's.qualifyingDeclarations',
      's.asu',
    ])
    .where('s.groupId', '=', groupId)
    .orderBy('p.createdAt', 'desc')
    .orderBy('p.name', 'desc')
    .limit(1)
    .executeTakeFirst();
