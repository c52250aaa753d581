import type { CommerceExecutor } from '../db';

export async function periodNames(db: CommerceExecutor, periodIds: readonly string[]): Promise<Map<string, string>> {
  if (!periodIds.length) return new Map();
  const rows = await db
    .selectFrom('periods')
    .selectAll()
    .where('periodId', 'in', [...periodIds])
    .execute();
  return new Map(rows.map((r) => [r.periodId, r.name]));
}
