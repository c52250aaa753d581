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
