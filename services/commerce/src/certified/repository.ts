import { upsert, type Selectable } from '@cti/db';

import type { CertifiedScorecardsTable, CommerceExecutor } from '../db';

export type CertifiedScorecardRow = Selectable<CertifiedScorecardsTable>;

export const upsertCertifiedScorecard = (db: CommerceExecutor, row: CertifiedScorecardRow) =>
  upsert(db, 'certifiedScorecards', row, ['groupId'], { periodId: row.periodId, periodName: row.periodName, score: row.score }).execute();

export const forgetCertifiedScorecard = (db: CommerceExecutor, groupId: string) =>
  db.deleteFrom('certifiedScorecards').where('groupId', '=', groupId).execute();

/** What the scorecards of these countries show now, by country. */
export async function certifiedScorecardsOf(
  db: CommerceExecutor,
  groupIds: readonly string[],
): Promise<Map<string, CertifiedScorecardRow>> {
  if (!groupIds.length) return new Map();
  const rows = await db
    .selectFrom('certifiedScorecards')
    .selectAll()
    .where('groupId', 'in', [...groupIds])
    .execute();
  return new Map(rows.map((r) => [r.groupId, r]));
}

export const findCertifiedScorecard = (db: CommerceExecutor, groupId: string) =>
  db.selectFrom('certifiedScorecards').selectAll().where('groupId', '=', groupId).executeTakeFirst();
